/**
 * Waits `ms`, or rejects with the signal's reason as soon as it aborts. Either way nothing is left
 * behind: the timer is cleared on abort and the abort listener removed when the wait ends, so
 * retries never pile listeners up on a long-lived signal.
 *
 * @example
 * ```ts
 * await abortableSleep(retryDelayMs, signal); // backoff before a retry; Stop ends it at once
 * ```
 */
export function abortableSleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
