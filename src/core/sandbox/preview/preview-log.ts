/**
 * The agent's side of a live preview: a bounded record of what the preview reported (console
 * lines, uncaught errors, build errors) and where it stands, which the `preview_logs` tool reads
 * back to the model (only what is new since it last asked), so the agent can fix its own page.
 */
import type { PreviewLogEntry, PreviewStatus } from './preview-log-entry';

/** Where the preview stands now (its last `status` entry). */
export interface PreviewState {
  status: PreviewStatus;
  /** The entry file it shows (`index.html`). */
  entry: string;
  /** The sandbox version its page was built from. */
  version: number;
}

/** Options of {@link createPreviewLog}. */
export interface PreviewLogOptions {
  /** Most entries kept; older ones are dropped (and counted). Default 200. */
  maxEntries?: number;
  /** Longest text of one entry, in characters; longer ones are cut (ending in …). Default 2,000. */
  maxTextChars?: number;
}

/** A bounded record of a preview's reports. Create one with {@link createPreviewLog}. */
export interface PreviewLog {
  /** Records one report: pass it as the preview's `onLog` (it is bound). */
  readonly record: (entry: PreviewLogEntry) => void;
  /** The entries kept (oldest first), status entries aside. */
  entries(): PreviewLogEntry[];
  /** What came since the last `takeNew()` (what the model has not seen), and how many were dropped meanwhile. */
  takeNew(): { entries: PreviewLogEntry[]; dropped: number };
  /** Where the preview stands, or `null` when it never reported. */
  state(): PreviewState | null;
  /** Resolves with the state once `accept` says yes (checked now and at each status report), or with the state at `timeoutMs`. */
  waitFor(accept: (state: PreviewState | null) => boolean, timeoutMs: number, signal?: AbortSignal): Promise<PreviewState | null>;
}

/**
 * @example
 * ```tsx
 * const log = createPreviewLog();
 * const agent = createAgent({ model, sandbox, tools: [previewLogsTool(log, sandbox)] });
 * <Preview sandbox={sandbox} entry="index.html" onLog={log.record} />
 * ```
 */
export function createPreviewLog(options: PreviewLogOptions = {}): PreviewLog {
  const maxEntries = Math.max(1, options.maxEntries ?? 200);
  const maxTextChars = Math.max(20, options.maxTextChars ?? 2_000);
  let kept: PreviewLogEntry[] = [];
  // Entries recorded in all (status aside), and how many of them the model has been given.
  let recorded = 0;
  let taken = 0;
  let current: PreviewState | null = null;
  const waiters = new Set<() => void>();

  const cut = (text: unknown) => {
    const value = typeof text === 'string' ? text : String(text);
    return value.length > maxTextChars ? `${value.slice(0, maxTextChars)}…` : value;
  };

  const record = (entry: PreviewLogEntry) => {
    if (entry?.kind === 'status') {
      current = { status: entry.status, entry: String(entry.entry), version: Number(entry.version) || 0 };
      for (const wake of [...waiters]) wake();
      return;
    }
    if (!['console', 'error', 'rejection', 'build-error'].includes(entry?.kind)) return;
    kept.push({ ...entry, text: cut(entry.text), ...('stack' in entry && entry.stack !== undefined ? { stack: cut(entry.stack) } : {}) });
    recorded += 1;
    if (kept.length > maxEntries) kept = kept.slice(kept.length - maxEntries);
  };

  return {
    record,
    entries: () => [...kept],
    takeNew() {
      const fresh = recorded - taken;
      const available = Math.min(fresh, kept.length);
      taken = recorded;
      return { entries: kept.slice(kept.length - available), dropped: fresh - available };
    },
    state: () => (current ? { ...current } : null),
    waitFor(accept, timeoutMs, signal) {
      if (accept(current) || signal?.aborted) return Promise.resolve(current);
      return new Promise((resolve) => {
        const done = () => {
          waiters.delete(check);
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          resolve(current ? { ...current } : null);
        };
        const check = () => {
          if (accept(current)) done();
        };
        const timer = setTimeout(done, timeoutMs);
        waiters.add(check);
        signal?.addEventListener('abort', done);
      });
    },
  };
}
