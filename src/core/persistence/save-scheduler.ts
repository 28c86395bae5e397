/**
 * When to save: after a quiet time, at most some time after the first unsaved change, one save
 * at a time and in order. What to save is the caller's `save` function, which works out the
 * changes itself when it runs (so a failed save needs no bookkeeping: the next one includes it).
 */
import { toPersistenceError, type PersistenceError } from './persistence-error';

/** How a save ended: `saved`, `nothing-to-save`, or `failed` (reported to `onError`). */
export type FlushResult = 'saved' | 'nothing-to-save' | 'failed';

/** Options of `createSaveScheduler`. */
export interface SaveSchedulerOptions {
  /** Quiet time after the last change before saving. Default 300 ms. */
  delayMs?: number;
  /** A save happens at most this long after the first unsaved change, even while changes keep coming. Default 2000 ms. */
  maxDelayMs?: number;
  /** Called with every failed save (timed or `flush()`). */
  onError: (error: PersistenceError) => void;
  /** Called after every save (timed or `flush()`) with how it ended. */
  onFlush?: (result: FlushResult) => void;
}

/** Runs a save function debounced. */
export interface SaveScheduler {
  /** Something changed: save after the quiet time (or the max delay). */
  schedule(): void;
  /** Saves now, after any save in flight. */
  flush(): Promise<FlushResult>;
  /** Saves now and stops: later `schedule` calls are ignored. */
  dispose(): Promise<FlushResult>;
}

/**
 * Creates a scheduler for `save`, which returns whether it had anything to save and throws when
 * saving failed. A failure is reported, never thrown at the caller, and not retried on a timer of
 * its own (a full disk must not spin): the next change or `flush()` tries again.
 *
 * @example
 * ```ts
 * const scheduler = createSaveScheduler(async () => (await saveChanges()) ? 'saved' : 'nothing-to-save', { onError: console.warn });
 * sandbox.subscribe(() => scheduler.schedule());
 * ```
 */
export function createSaveScheduler(save: () => Promise<'saved' | 'nothing-to-save'>, options: SaveSchedulerOptions): SaveScheduler {
  const delayMs = options.delayMs ?? 300;
  const maxDelayMs = options.maxDelayMs ?? 2000;
  let quietTimer: ReturnType<typeof setTimeout> | undefined;
  let maxTimer: ReturnType<typeof setTimeout> | undefined;
  let queue: Promise<FlushResult> = Promise.resolve('nothing-to-save');
  let disposed = false;

  async function run(): Promise<FlushResult> {
    let result: FlushResult;
    try {
      result = await save();
    } catch (error) {
      result = 'failed';
      try {
        options.onError(toPersistenceError(error, 'saving'));
      } catch {
        // A throwing handler must not break the queue.
      }
    }
    try {
      options.onFlush?.(result);
    } catch {
      // Same for a throwing listener.
    }
    return result;
  }

  function flush(): Promise<FlushResult> {
    clearTimeout(quietTimer);
    clearTimeout(maxTimer);
    quietTimer = maxTimer = undefined;
    // One after another, so an older save can never land after a newer one.
    queue = queue.then(run);
    return queue;
  }

  return {
    schedule() {
      if (disposed) return;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => void flush(), delayMs);
      maxTimer ??= setTimeout(() => void flush(), maxDelayMs);
    },
    flush,
    dispose() {
      disposed = true;
      return flush();
    },
  };
}
