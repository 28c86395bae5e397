import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { createSandbox } from '../sandbox/create-sandbox';
import { createPreviewLog } from '../sandbox/preview/preview-log';
import { openPreviewTool, previewLogsTool } from '../sandbox/preview/preview-tools';
import type { Sandbox } from '../sandbox/sandbox-types';
import { bashTool } from '../sandbox/shell/bash-tool';
import { demoModel } from './demo-model';
import { demoPreviewBug } from './demo-preview';

/**
 * A stand-in for `<Preview>` (the real one runs in a browser: test/e2e/preview.e2e.test.ts): once
 * open, it "loads" the page whenever the sandbox changes and reports what the real page would:
 * the typo's ReferenceError, or the console line of the working page.
 */
function fakePreview(sandbox: Sandbox) {
  const log = createPreviewLog();
  let entry: string | null = null;
  let loads = 0;
  const load = () => {
    if (entry === null) return;
    loads += 1;
    const app = sandbox.exists('app.js') ? sandbox.readFile('app.js') : '';
    const time = 0;
    if (app.includes(demoPreviewBug.wrong)) log.record({ kind: 'error', text: 'ReferenceError: greting is not defined', source: { file: '/app.js', line: 10, column: 3 }, time });
    else log.record({ kind: 'console', level: 'log', text: 'Counter ready', time });
    log.record({ kind: 'status', status: 'ready', entry, version: sandbox.version, time });
  };
  sandbox.subscribe(() => queueMicrotask(load));
  const open = (path: string) => {
    entry = path;
    queueMicrotask(load);
  };
  return { log, open, loads: () => loads };
}

describe('demo model: the live preview scenario', () => {
  it('writes index.html and app.js, opens the preview, finds its error in preview_logs, fixes app.js and checks again', async () => {
    const sandbox = createSandbox();
    const preview = fakePreview(sandbox);
    const agent = createAgent({
      model: demoModel({ speed: 'instant' }),
      sandbox,
      tools: [openPreviewTool(preview.log, sandbox, preview.open), previewLogsTool(preview.log, sandbox)],
      permissions: { allow: ['read', 'write'] },
    });
    await agent.send('Build a small web page and preview it');
    const calls = agent.getState().toolCalls.map((call) => [call.name, call.state]);
    expect(calls).toEqual([
      ['write_file', 'output-available'],
      ['write_file', 'output-available'],
      ['open_preview', 'output-available'],
      ['preview_logs', 'output-available'],
      ['edit_file', 'output-available'],
      ['preview_logs', 'output-available'],
    ]);
    const [, , , firstLogs, , secondLogs] = agent.getState().toolCalls;
    expect(firstLogs!.output).toMatchObject({ problems: 1, lines: ['[uncaught error] ReferenceError: greting is not defined (at /app.js:10:3)'] });
    expect(secondLogs!.output).toMatchObject({ problems: 0, lines: ['[console.log] Counter ready'] });
    expect(sandbox.readFile('app.js')).toContain(demoPreviewBug.right);
    expect(sandbox.readFile('index.html')).toContain('<script type="module" src="app.js"></script>');
    const lastText = agent.getState().messages.at(-1)?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(lastText).toContain('The page works: no errors in the preview.');
  });

  it('runs the script with node first when it has the bash tool, and says what it printed', async () => {
    const sandbox = createSandbox();
    const preview = fakePreview(sandbox);
    const agent = createAgent({
      model: demoModel({ speed: 'instant' }),
      sandbox,
      tools: [bashTool(sandbox, { worker: false }), openPreviewTool(preview.log, sandbox, preview.open), previewLogsTool(preview.log, sandbox)],
      permissions: { allow: ['read', 'write', 'shell'] },
    });
    await agent.send('Build a small web page and preview it');
    const calls = agent.getState().toolCalls;
    expect(calls.map((call) => call.name)).toEqual(['write_file', 'write_file', 'bash', 'open_preview', 'preview_logs', 'edit_file', 'preview_logs']);
    expect(calls[2]!.output).toEqual({ exitCode: 0, stdout: 'Clicked 0 times\nClicked 1 time\nClicked 2 times\n', stderr: '' });
    const afterRun = agent.getState().messages.flatMap((message) => message.parts).map((part) => (part.type === 'text' ? part.text : '')).join('\n');
    expect(afterRun).toContain("`node app.js` prints the button's words:\n\n- Clicked 0 times\n- Clicked 1 time\n- Clicked 2 times");
  });

  it('replaces the files of an earlier run after reading them', async () => {
    const sandbox = createSandbox({ files: { 'index.html': 'old', 'app.js': 'old' } });
    const preview = fakePreview(sandbox);
    const agent = createAgent({ model: demoModel({ speed: 'instant' }), sandbox, tools: [openPreviewTool(preview.log, sandbox, preview.open), previewLogsTool(preview.log, sandbox)], permissions: { allow: ['read', 'write'] } });
    await agent.send('Build a small web page and preview it');
    expect(agent.getState().toolCalls.map((call) => call.name).slice(0, 6)).toEqual(['write_file', 'read_file', 'write_file', 'write_file', 'read_file', 'write_file']);
    expect(sandbox.readFile('app.js')).toContain(demoPreviewBug.right);
  });

  it('says which tools it needs when the agent has no preview', async () => {
    const agent = createAgent({ model: demoModel({ speed: 'instant' }), sandbox: createSandbox() });
    await agent.send('Build a small web page and preview it');
    const text = agent.getState().messages.at(-1)?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
    expect(text).toContain('open_preview and preview_logs');
  });
});
