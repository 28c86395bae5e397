import { describe, expect, it } from 'vitest';
import { createAgent } from '../../agent/create-agent';
import { scriptedModel, text, toolCall } from '../../../testing/index';
import { lastRequest, resultFor } from '../../../../test/conformance/helpers';
import { createSandbox } from '../create-sandbox';
import { createPreviewLog } from './preview-log';
import { openPreviewTool, previewLogsTool } from './preview-tools';

const context = () => ({ signal: new AbortController().signal, toolCallId: 't', reportProgress: () => undefined });
const time = 1;

describe('createPreviewLog', () => {
  it('gives the model only what is new since it last asked, and counts what the bound dropped', () => {
    const log = createPreviewLog({ maxEntries: 3 });
    const record = log.record; // passed around unbound, as onLog
    record({ kind: 'console', level: 'log', text: 'one', time });
    expect(log.takeNew().entries.map((entry) => 'text' in entry && entry.text)).toEqual(['one']);
    expect(log.takeNew()).toEqual({ entries: [], dropped: 0 });
    for (const word of ['a', 'b', 'c', 'd', 'e']) record({ kind: 'console', level: 'log', text: word, time });
    expect(log.takeNew()).toEqual({ entries: ['c', 'd', 'e'].map((word) => ({ kind: 'console', level: 'log', text: word, time })), dropped: 2 });
    expect(log.entries()).toHaveLength(3);
  });

  it('cuts long texts and keeps status reports out of the entries', () => {
    const log = createPreviewLog({ maxTextChars: 20 });
    log.record({ kind: 'error', text: 'x'.repeat(100), time });
    log.record({ kind: 'status', status: 'ready', entry: '/index.html', version: 4, time });
    expect(log.entries()).toEqual([{ kind: 'error', text: `${'x'.repeat(20)}…`, time }]);
    expect(log.state()).toEqual({ status: 'ready', entry: '/index.html', version: 4 });
  });
});

describe('preview_logs', () => {
  it('waits until the preview shows the sandbox as it is now, then returns its errors as lines', async () => {
    const sandbox = createSandbox({ files: { 'index.html': '<script src="app.js"></script>', 'app.js': 'boom()' } });
    const log = createPreviewLog();
    log.record({ kind: 'status', status: 'ready', entry: '/index.html', version: sandbox.version, time });
    sandbox.writeFile('app.js', 'bom()');
    const reading = previewLogsTool(log, sandbox).execute!({}, context()) as Promise<Record<string, unknown>>;
    let settled = false;
    void reading.then(() => (settled = true));
    await Promise.resolve();
    log.record({ kind: 'status', status: 'loading', entry: '/index.html', version: sandbox.version, time });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    log.record({ kind: 'error', text: 'ReferenceError: bom is not defined', source: { file: '/app.js', line: 1, column: 1 }, time });
    log.record({ kind: 'console', level: 'warn', text: 'careful', time });
    log.record({ kind: 'status', status: 'ready', entry: '/index.html', version: sandbox.version, time });
    expect(await reading).toEqual({
      preview: 'ready',
      entry: '/index.html',
      problems: 1,
      lines: ['[uncaught error] ReferenceError: bom is not defined (at /app.js:1:1)', '[console.warn] careful'],
    });
    expect(await previewLogsTool(log, sandbox).execute!({}, context())).toMatchObject({ problems: 0, lines: [], note: expect.stringContaining('Nothing was logged') });
  });

  it('says when no preview is open, without waiting', async () => {
    const sandbox = createSandbox();
    const result = await previewLogsTool(createPreviewLog(), sandbox, { waitMs: 60_000 }).execute!({}, context());
    expect(result).toMatchObject({ preview: 'not open', note: expect.stringContaining('No preview is open') });
  });

  it('reaches the model as a tool result in an agent, next to open_preview', async () => {
    const sandbox = createSandbox({ files: { 'index.html': '<p>hi</p>' } });
    const log = createPreviewLog();
    const opened: string[] = [];
    const open = (entry: string) => {
      opened.push(entry);
      // The app shows the preview, which reports that it loaded.
      queueMicrotask(() => log.record({ kind: 'status', status: 'ready', entry, version: sandbox.version, time }));
      queueMicrotask(() => log.record({ kind: 'console', level: 'log', text: 'hello from the page', time }));
    };
    const model = scriptedModel([toolCall('open_preview', {}, 'call-1'), toolCall('preview_logs', {}, 'call-2'), text('Done.')]);
    const agent = createAgent({ model, sandbox, tools: [openPreviewTool(log, sandbox, open), previewLogsTool(log, sandbox)] });
    await agent.send('show it');
    const prompt = lastRequest(model);
    expect(opened).toEqual(['/index.html']);
    expect(resultFor(prompt, 'call-1')).toMatchObject({ type: 'json', value: { opened: '/index.html', status: 'ready' } });
    expect(resultFor(prompt, 'call-2')).toMatchObject({ type: 'json', value: { preview: 'ready', lines: ['[console.log] hello from the page'] } });
  });
});
