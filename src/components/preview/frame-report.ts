/**
 * What the preview's frame says, checked: the frame runs code the agent wrote, so its messages
 * are data to validate, never trusted shapes. Texts are cut, unknown kinds dropped, times stamped here.
 */
import type { PreviewConsoleLevel, PreviewLogEntry, PreviewSource } from '../../core/sandbox/index';

const levels: readonly PreviewConsoleLevel[] = ['log', 'info', 'warn', 'error', 'debug'];
const maxText = 4_000;

const text = (value: unknown) => (typeof value === 'string' ? value : String(value)).slice(0, maxText);

function source(value: unknown): PreviewSource | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { file, line, column } = value as Record<string, unknown>;
  if (typeof file !== 'string' || file === '') return undefined;
  const number = (candidate: unknown) => (typeof candidate === 'number' && Number.isInteger(candidate) && candidate > 0 ? candidate : undefined);
  const lineNumber = number(line);
  const columnNumber = number(column);
  return { file: file.slice(0, 500), ...(lineNumber !== undefined ? { line: lineNumber } : {}), ...(columnNumber !== undefined ? { column: columnNumber } : {}) };
}

/**
 * A message from the frame as a log entry, `'loaded'` when its page has loaded, or `null` when it
 * is not a report of the document of `channel`.
 *
 * @example
 * ```ts
 * readFrameReport({ channel: 'rak-preview-1', entry: { kind: 'console', level: 'log', text: 'hi' } }, 'rak-preview-1');
 * ```
 */
export function readFrameReport(data: unknown, channel: string): PreviewLogEntry | 'loaded' | null {
  if (channel === '' || typeof data !== 'object' || data === null || (data as { channel?: unknown }).channel !== channel) return null;
  const entry = (data as { entry?: unknown }).entry;
  if (typeof entry !== 'object' || entry === null) return null;
  const fields = entry as Record<string, unknown>;
  const time = Date.now();
  switch (fields.kind) {
    case 'loaded':
      return 'loaded';
    case 'console':
      return { kind: 'console', level: levels.includes(fields.level as PreviewConsoleLevel) ? (fields.level as PreviewConsoleLevel) : 'log', text: text(fields.text), time };
    case 'error':
    case 'rejection': {
      const at = source(fields.source);
      return { kind: fields.kind, text: text(fields.text), ...(at ? { source: at } : {}), ...(typeof fields.stack === 'string' ? { stack: text(fields.stack) } : {}), time };
    }
    default:
      return null;
  }
}
