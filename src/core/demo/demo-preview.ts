/**
 * The live preview demo: the model writes a small page (`index.html` and `app.js`, with a typo in
 * `app.js`), runs `node app.js` when it has the `bash` tool (the script prints the counter's words
 * outside a browser), opens the preview, reads `preview_logs` in its next step, sees the page's
 * error, fixes the file (the preview reloads by itself), and reads the logs again. Each step follows from the
 * tool results at the end of the prompt, like the workspace demo.
 */
import type { ScriptedCall, ScriptedItem } from '../scripted/scripted-model';
import type { DemoToolResult } from './demo-tool-outcome';
import { field, readToolOutcome } from './demo-tool-outcome';

/** The typo in `app.js` that the demo finds through the preview's logs, and its fix. */
export const demoPreviewBug = { wrong: "greting.textContent = 'Hello from app.js!';", right: "greeting.textContent = 'Hello from app.js!';" };

const indexHtml = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Counter</title>
    <style>
      body { font-family: system-ui, sans-serif; margin: 2rem; color: #1f2937; background: #f8fafc; }
      h1 { font-size: 1.5rem; }
      button { font: inherit; padding: 0.5rem 1rem; border-radius: 0.5rem; border: 1px solid #4f46e5; background: #4f46e5; color: white; }
    </style>
  </head>
  <body>
    <h1 id="greeting">Loading…</h1>
    <button id="counter" type="button">Clicked 0 times</button>
    <script type="module" src="app.js"></script>
  </body>
</html>
`;

const appJs = `// A greeting, and a button that counts its clicks. \`node app.js\` prints the button's words.
const label = (clicks) => \`Clicked \${clicks} \${clicks === 1 ? 'time' : 'times'}\`;

if (typeof document === 'undefined') {
  for (const clicks of [0, 1, 2]) console.log(label(clicks));
} else {
  const greeting = document.querySelector('#greeting');
  const button = document.querySelector('#counter');
  let clicks = 0;
  ${demoPreviewBug.wrong}
  button.addEventListener('click', () => {
    clicks += 1;
    button.textContent = label(clicks);
  });
  console.log('Counter ready');
}
`;

const files: Record<string, string> = { '/index.html': indexHtml, '/app.js': appJs };
const offers = (call: ScriptedCall, name: string) => call.tools.some((tool) => tool.type === 'function' && tool.name === name);
const write = (path: '/index.html' | '/app.js'): ScriptedItem => ({ type: 'tool-call', toolName: 'write_file', input: { path: path.slice(1), content: files[path], overwrite: true } });
const canonical = (path: unknown) => (typeof path === 'string' ? `/${path.replace(/^\/+/, '')}` : '');

/**
 * The first step: write `index.html` (an approval, unless files may be edited without asking).
 *
 * @example
 * ```ts
 * previewFirstStep(call); // [text, { type: 'tool-call', toolName: 'write_file', input: { path: 'index.html', ... } }]
 * ```
 */
export function previewFirstStep(call: ScriptedCall): ScriptedItem[] | undefined {
  if (!['write_file', 'edit_file', 'open_preview', 'preview_logs'].every((name) => offers(call, name))) return undefined;
  return [{ type: 'text', text: 'I will build a small page, a greeting and a counter: `index.html` first, then `app.js`.' }, write('/index.html')];
}

/**
 * The step after a tool of this demo ran; `undefined` for results of other demos.
 *
 * @example
 * ```ts
 * previewFollowUp([{ toolName: 'open_preview', input: {}, output: { type: 'json', value: { status: 'ready' } } }], call);
 * ```
 */
export function previewFollowUp(results: readonly DemoToolResult[], call: ScriptedCall): ScriptedItem[] | undefined {
  if (results.length !== 1) return undefined;
  const [result] = results as [DemoToolResult];
  const outcome = readToolOutcome(result.output);
  const path = canonical(field(result.input, 'path'));
  const ours = path === '/index.html' || path === '/app.js';
  if (outcome.kind === 'denied') return [{ type: 'text', text: `You denied \`${result.toolName}\`${outcome.reason !== undefined ? ` (“${outcome.reason}”)` : ''}, so I stopped building the page.` }];
  switch (result.toolName) {
    case 'write_file':
      if (!ours) return undefined;
      // The file is there from an earlier run, unread: read it, then write it again.
      if (outcome.kind === 'error') return [{ type: 'text', text: `\`${path.slice(1)}\` is already there; I will read it before I replace it.` }, { type: 'tool-call', toolName: 'read_file', input: { path: path.slice(1) } }];
      if (path === '/index.html') return [{ type: 'text', text: 'Now the script that `index.html` loads:' }, write('/app.js')];
      if (offers(call, 'bash')) return [{ type: 'text', text: 'Both files are written. First I run the script outside a browser, to check the button\'s words.' }, { type: 'tool-call', toolName: 'bash', input: { command: 'node app.js' } }];
      return openPreview('Both files are written. Let me open the preview.');
    case 'bash': {
      if (field(result.input, 'command') !== 'node app.js') return undefined;
      const printed = outcome.kind === 'success' ? field(outcome.value, 'stdout') : undefined;
      if (typeof printed !== 'string' || field(outcome.kind === 'success' ? outcome.value : undefined, 'exitCode') !== 0) return openPreview('The script did not run here; let me open the preview instead.');
      return openPreview(`\`node app.js\` prints the button's words:\n\n${printed.trim().split('\n').map((line) => `- ${line}`).join('\n')}\n\nNow the page itself: let me open the preview.`);
    }
    case 'read_file':
      return ours && outcome.kind === 'success' ? [write(path)] : undefined;
    case 'open_preview':
      return [{ type: 'text', text: 'The preview is open. I will check its console for errors.' }, { type: 'tool-call', toolName: 'preview_logs', input: {} }];
    case 'edit_file':
      if (path !== '/app.js') return undefined;
      if (outcome.kind === 'error') return [{ type: 'text', text: `The fix failed: ${outcome.message}` }];
      return [{ type: 'text', text: 'Fixed. The preview reloads by itself; let me check its console again.' }, { type: 'tool-call', toolName: 'preview_logs', input: {} }];
    case 'preview_logs':
      return afterLogs(outcome.kind === 'success' ? outcome.value : undefined, call);
    default:
      return undefined;
  }
}

function openPreview(text: string): ScriptedItem[] {
  return [{ type: 'text', text }, { type: 'tool-call', toolName: 'open_preview', input: { entry: 'index.html' } }];
}

function afterLogs(value: unknown, call: ScriptedCall): ScriptedItem[] {
  const lines = Array.isArray(field(value, 'lines')) ? (field(value, 'lines') as unknown[]).filter((line): line is string => typeof line === 'string') : [];
  const problem = lines.find((line) => /greting/.test(line));
  if (field(value, 'preview') === 'not open') return [{ type: 'text', text: 'No preview is open here, so nothing runs the page and I cannot check it.' }];
  if (problem !== undefined && offers(call, 'edit_file')) {
    return [
      { type: 'text', text: `The preview reports an error:\n\n\`${problem}\`\n\nA typo of mine: \`greting\` should be \`greeting\`. I will fix \`app.js\`.` },
      { type: 'tool-call', toolName: 'edit_file', input: { path: 'app.js', oldText: demoPreviewBug.wrong, newText: demoPreviewBug.right } },
    ];
  }
  const shown = lines.length > 0 ? `\n\nIts console says:\n\n${lines.map((line) => `- \`${line}\``).join('\n')}` : '';
  return [{ type: 'text', text: `The page works: no errors in the preview.${shown}\n\nClick the button in the preview to count, or ask me to change the page: the preview reloads whenever a file it uses changes.` }];
}
