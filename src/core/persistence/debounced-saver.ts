import type { FileRecord } from './file-record';
import { toPersistenceError, type PersistenceError } from './persistence-error';
import type { StorageChanges, SandboxStorage } from './sandbox-storage';

/**
 * Options of `createDebouncedSaver`.
 *
 * @example
 * ```ts
 * const options: DebouncedSaverOptions = { delayMs: 300, maxDelayMs: 2000, onError: (error) => console.warn(error.code) };
 * ```
 */
export interface DebouncedSaverOptions {
  /** Quiet time after the last change before saving. Default 300 ms. */
  readonly delayMs?: number;
  /** A save happens at most this long after the first unsaved change, even while changes keep coming. Default 2000 ms. */
  readonly maxDelayMs?: number;
  /** Called with every failed save (timed or `flush()`). Default: `console.error`. */
  readonly onError?: (error: PersistenceError) => void;
  /** Called after every flush (timed or `flush()`) with how it ended, e.g. to show "saved". */
  readonly onFlush?: (result: FlushResult) => void;
}

/**
 * How a flush ended: `saved`, `nothing-to-save`, or `failed` (reported to `onError`, and the
 * changes kept for the next flush).
 *
 * @example
 * ```ts
 * if ((await saver.flush()) === 'failed') showRetryButton();
 * ```
 */
export type FlushResult = 'saved' | 'nothing-to-save' | 'failed';

/**
 * Collects change sets and saves them together. See `createDebouncedSaver`.
 *
 * @example
 * ```ts
 * saver.add({ written: [record], deleted: [] });
 * await saver.flush();
 * ```
 */
export interface DebouncedSaver {
  /** Queues changes; records must not be mutated afterwards (they are saved as they are then). */
  add(changes: StorageChanges): void;
  /**
   * Queues a save of the whole tree (`storage.saveAll`), for changes that are not per file (a
   * restore, an import, a directory change). `records` is called when the save runs, so it
   * saves the tree as it is then; queued per-file changes are dropped, as it includes them.
   */
  addAll(records: () => readonly FileRecord[]): void;
  /** Saves everything queued now; waits for an earlier save still in flight first. */
  flush(): Promise<FlushResult>;
  /** Paths with changes not yet saved, plus one while a whole-tree save is owed. */
  readonly pendingCount: number;
  /** Flushes and stops: later `add` calls are ignored. Call on page hide / unmount. */
  dispose(): Promise<FlushResult>;
}

/**
 * Saves sandbox changes in batches: changes are coalesced per path (a later write replaces an
 * earlier one; a delete replaces a write, and is kept because the file may exist in storage),
 * then saved after `delayMs` of quiet or at most `maxDelayMs` after the first change. A failed
 * save loses nothing: its changes go back into the queue unless newer ones replaced them, and are
 * retried with the next flush (not on a timer of their own, so a full disk does not spin).
 *
 * @example
 * ```ts
 * const saver = createDebouncedSaver(indexedDbSandboxStorage({ name: 'workspace' }), {
 *   onError: (error) => setStatus(error.code === 'quota-exceeded' ? 'storage full' : 'not saved'),
 * });
 * sandbox.subscribe((change) => saver.add(toChanges(change)));
 * addEventListener('pagehide', () => void saver.flush());
 * ```
 */
export function createDebouncedSaver(storage: SandboxStorage, options: DebouncedSaverOptions = {}): DebouncedSaver {
  const delayMs = options.delayMs ?? 300;
  const maxDelayMs = options.maxDelayMs ?? 2000;
  const onError = options.onError ?? ((error: PersistenceError) => console.error(error));
  // `null` marks a delete. Map order does not matter: each path has one entry.
  let pending = new Map<string, FileRecord | null>();
  // Set when the next save must be a whole-tree save; it reads the tree when it runs.
  let whole: (() => readonly FileRecord[]) | undefined;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<FlushResult> = Promise.resolve('nothing-to-save');
  let disposed = false;

  function stopTimers(): void {
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    quietTimer = undefined;
    maxTimer = undefined;
  }

  function report(error: unknown): void {
    try {
      onError(toPersistenceError(error, 'saving sandbox changes'));
    } catch {
      // A throwing error handler must not break the save queue.
    }
  }

  async function saveWhole(records: () => readonly FileRecord[]): Promise<FlushResult> {
    whole = undefined;
    const dropped = pending;
    pending = new Map();
    try {
      await storage.saveAll(records());
      return 'saved';
    } catch (error) {
      // Still owed: the whole tree (which covers the dropped per-file changes), unless a newer one was asked for.
      whole ??= records;
      for (const [path, record] of dropped) if (!pending.has(path)) pending.set(path, record);
      report(error);
      return 'failed';
    }
  }

  async function saveBatch(): Promise<FlushResult> {
    if (whole !== undefined) return saveWhole(whole);
    if (pending.size === 0) return 'nothing-to-save';
    const batch = pending;
    pending = new Map();
    const written: FileRecord[] = [];
    const deleted: string[] = [];
    for (const [path, record] of batch) {
      if (record === null) deleted.push(path);
      else written.push(record);
    }
    try {
      await storage.save({ written, deleted });
      return 'saved';
    } catch (error) {
      // Changes made while this save ran are newer than the batch: they win.
      for (const [path, record] of batch) if (!pending.has(path)) pending.set(path, record);
      report(error);
      return 'failed';
    }
  }

  function flush(): Promise<FlushResult> {
    stopTimers();
    // Saves run one after another so an older batch can never land after a newer one.
    queue = queue.then(saveBatch).then((result) => {
      try {
        options.onFlush?.(result);
      } catch {
        // A throwing listener must not break the save queue either.
      }
      return result;
    });
    return queue;
  }

  function schedule(): void {
    clearTimeout(quietTimer);
    quietTimer = setTimeout(() => void flush(), delayMs);
    maxTimer ??= setTimeout(() => void flush(), maxDelayMs);
  }

  return {
    add(changes) {
      if (disposed) return;
      for (const record of changes.written) pending.set(record.path, record);
      for (const path of changes.deleted) pending.set(path, null);
      if (pending.size > 0) schedule();
    },
    addAll(records) {
      if (disposed) return;
      whole = records;
      schedule();
    },
    flush,
    get pendingCount() {
      return pending.size + (whole !== undefined ? 1 : 0);
    },
    dispose() {
      disposed = true;
      return flush();
    },
  };
}
