/**
 * What the preview tools do when called, loaded on their first call (`preview-tools.ts` holds
 * only their definitions), so an app that offers them ships little up front.
 */
import type { Sandbox } from '../sandbox-types';
import type { PreviewLogEntry } from './preview-log-entry';
import type { PreviewLog, PreviewState } from './preview-log';

/** How long the tools wait for the preview to catch up with the sandbox. */
const defaultWaitMs = 5_000;

/** Whether the preview has caught up with the sandbox at `version` (shows it, or failed to build it), or there is none to wait for. */
export const caughtUp = (version: number) => (state: PreviewState | null) => state === null || state.status === 'closed' || (state.status !== 'loading' && state.version >= version);

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

/** The result of `preview_logs`: where the preview stands, and what it reported since the model last asked. */
export async function readPreviewLogs(log: PreviewLog, sandbox: Sandbox | undefined, waitMs: number | undefined, signal: AbortSignal) {
  const state = sandbox ? await log.waitFor(caughtUp(sandbox.version), waitMs ?? defaultWaitMs, signal) : log.state();
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
}

/** The result of `open_preview`: asks the app to open the preview, then waits until it shows the sandbox as it is. */
export async function openPreview(log: PreviewLog, sandbox: Sandbox, open: (entry: string) => void, path: string | undefined, waitMs: number | undefined, signal: AbortSignal) {
  const entry = sandbox.stat(path ?? 'index.html').path;
  const version = sandbox.version;
  const shows = (now: PreviewState | null) => now !== null && now.entry.replace(/^\/?/, '/') === entry && (now.status === 'ready' || now.status === 'failed') && now.version >= version;
  open(entry);
  const state = await log.waitFor(shows, waitMs ?? defaultWaitMs, signal);
  const status = shows(state) ? state!.status : 'loading';
  return { opened: entry, status, note: status === 'loading' ? 'The preview has not finished loading yet; preview_logs waits for it.' : 'Read its console and errors with preview_logs.' };
}
