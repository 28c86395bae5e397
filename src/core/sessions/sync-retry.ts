/**
 * When an offline copy tries to push again after the server could not be reached: as soon as the
 * browser says it is back online, and on a timer that backs off from 2 seconds to a minute. The
 * timer never keeps a Node process alive, and `close` stops both.
 */

/**
 * The first wait after a failure; each further failure doubles it, up to `maxRetryMs`.
 *
 * @example
 * ```ts
 * const waits = [firstRetryMs, 2 * firstRetryMs, maxRetryMs]; // 2 s, 4 s, … a minute
 * ```
 */
export const firstRetryMs = 2_000;
/** The longest wait between two attempts (see `firstRetryMs`). */
export const maxRetryMs = 60_000;

/** Retries of one offline copy. */
export interface SyncRetry {
  /** A push failed: try again later (after a longer wait than last time, and at least `atLeastMs`: what the server asked for). */
  failed(atLeastMs?: number): void;
  /** A push went through: the next failure waits the shortest time again. */
  succeeded(): void;
  close(): void;
}

/**
 * Calls `retry` on the window's `online` event and after each failure's wait.
 *
 * @example
 * ```ts
 * const retry = syncRetry(() => void pushEverything());
 * retry.failed(); // pushEverything runs in 2 s, or when the browser is online again
 * ```
 */
export function syncRetry(retry: () => void): SyncRetry {
  let wait = firstRetryMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const page = typeof globalThis.addEventListener === 'function' ? globalThis : undefined;
  const online = () => retry();
  page?.addEventListener('online', online);
  const stop = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return {
    failed(atLeastMs = 0) {
      stop();
      timer = setTimeout(
        () => {
          timer = undefined;
          retry();
        },
        Math.max(wait, Math.min(atLeastMs, maxRetryMs)),
      );
      (timer as { unref?: () => void }).unref?.();
      wait = Math.min(wait * 2, maxRetryMs);
    },
    succeeded() {
      stop();
      wait = firstRetryMs;
    },
    close() {
      stop();
      page?.removeEventListener('online', online);
    },
  };
}
