/**
 * The agent's tools for a live preview: `open_preview` (the app shows its preview of an entry
 * file) and `preview_logs` (what the preview's page logged and threw since the model last asked).
 * Both wait, a bounded time, for the preview to show the sandbox as it is now, so that a model
 * that just changed a file reads the logs of the page built from that change.
 */
import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import type { PreviewLogEntry } from './preview-log-entry';
import type { PreviewLog, PreviewState } from './preview-log';

/** How long the tools wait for the preview to catch up with the sandbox. */
const defaultWaitMs = 5_000;

/** Whether the preview has caught up with the sandbox at `version` (shows it, or failed to build it), or there is none to wait for. */
const caughtUp = (version: number) => (state: PreviewState | null) => state === null || state.status === 'closed' || (state.status !== 'loading' && state.version >= version);

/**
 * One entry as a line for the model (and for a log view).
 *
 * @example
 * ```ts
 * formatPreviewEntry({ kind: 'error', text: 'ReferenceError: x is not defined', source: { file: '/app.js', line: 3 }, time: 0 });
 * // '[uncaught error] ReferenceError: x is not defined (at /app.js:3)'
 * ```
 */
export function formatPreviewEntry(entry: PreviewLogEntry): string {
  const at = 'source' in entry && entry.source ? ` (at ${entry.source.file}${entry.source.line !== undefined ? `:${entry.source.line}` : ''}${entry.source.column !== undefined ? `:${entry.source.column}` : ''})` : '';
  switch (entry.kind) {
    case 'console':
      return `[console.${entry.level}] ${entry.text}`;
    case 'error':
      return `[uncaught error] ${entry.text}${at}`;
    case 'rejection':
      return `[unhandled rejection] ${entry.text}${at}`;
    case 'build-error':
      return `[build error] ${entry.text}${at}`;
    case 'status':
      return `[preview ${entry.status}] ${entry.entry}`;
  }
}

const isProblem = (entry: PreviewLogEntry) => entry.kind === 'error' || entry.kind === 'rejection' || entry.kind === 'build-error' || (entry.kind === 'console' && entry.level === 'error');

/**
 * The `preview_logs` tool: the console lines, uncaught errors, unhandled rejections and build
 * errors of the live preview since the model last called it, and where the preview stands. With
 * the `sandbox`, it first waits (up to `waitMs`) until the preview shows the files as they are now.
 *
 * @example
 * ```ts
 * const log = createPreviewLog();
 * createAgent({ model, sandbox, tools: [previewLogsTool(log, sandbox)] });
 * ```
 */
export function previewLogsTool(log: PreviewLog, sandbox?: Sandbox, options: { waitMs?: number } = {}) {
  return defineTool({
    name: 'preview_logs',
    description:
      'Reads what the live preview of the web page in the workspace logged since you last asked: console output, uncaught errors (with file and line), unhandled promise rejections and files that failed to build. Call it after changing the page to see whether it works.',
    inputSchema: { type: 'object', properties: {}, additionalProperties: false } as const,
    readOnly: true,
    category: 'read',
    execute: async (_input, context) => {
      const state = sandbox ? await log.waitFor(caughtUp(sandbox.version), options.waitMs ?? defaultWaitMs, context.signal) : log.state();
      const { entries, dropped } = log.takeNew();
      const lines = entries.map(formatPreviewEntry);
      const problems = entries.filter(isProblem).length;
      return {
        preview: state?.status ?? 'not open',
        ...(state ? { entry: state.entry } : {}),
        problems,
        lines,
        ...(dropped > 0 ? { dropped: `${dropped} earlier entries were dropped (the log keeps the latest).` } : {}),
        ...(state === null || state.status === 'closed'
          ? { note: 'No preview is open, so nothing runs the page; open it first.' }
          : lines.length === 0
            ? { note: 'Nothing was logged and nothing failed since you last asked.' }
            : {}),
      };
    },
  });
}

/**
 * The `open_preview` tool: asks the app to show the live preview of an entry file (`open`), then
 * waits (up to `waitMs`) until the page has loaded from the sandbox as it is now, and says how that went.
 *
 * @example
 * ```ts
 * const log = createPreviewLog();
 * const tools = [openPreviewTool(log, sandbox, (entry) => setPreviewEntry(entry)), previewLogsTool(log, sandbox)];
 * ```
 */
export function openPreviewTool(log: PreviewLog, sandbox: Sandbox, open: (entry: string) => void, options: { waitMs?: number } = {}) {
  return defineTool({
    name: 'open_preview',
    description: 'Opens the live preview of a web page of the workspace (an HTML file) beside the chat. It reloads by itself when files change; read its console and errors with preview_logs.',
    inputSchema: {
      type: 'object',
      properties: { entry: { type: 'string', description: 'The HTML file to show. Default "index.html".' } },
      additionalProperties: false,
    } as const,
    readOnly: true,
    category: 'read',
    execute: async (input, context) => {
      const entry = sandbox.stat(input.entry ?? 'index.html').path;
      const version = sandbox.version;
      const shows = (now: PreviewState | null) => now !== null && now.entry.replace(/^\/?/, '/') === entry && (now.status === 'ready' || now.status === 'failed') && now.version >= version;
      open(entry);
      const state = await log.waitFor(
        shows,
        options.waitMs ?? defaultWaitMs,
        context.signal,
      );
      const status = shows(state) ? state!.status : 'loading';
      return { opened: entry, status, note: status === 'loading' ? 'The preview has not finished loading yet; preview_logs waits for it.' : 'Read its console and errors with preview_logs.' };
    },
  });
}
