/**
 * Lets the tool phase sleep until something it waits for happens: a person's decision, a
 * host's result, or an abort. `wake` resolves every current waiter.
 *
 * A wait is raced against running tools, so it often ends without being woken; `cancel` then
 * removes its abort listener. Without that, every tool step of a run would leave one listener
 * on the run's signal (50 steps: a `MaxListenersExceededWarning`, and memory held until the run ends).
 */

/** One wait: `settled` resolves on a wake or an abort; `cancel` ends it without either. */
export interface Wait {
  settled: Promise<void>;
  cancel(): void;
}

/**
 * @example
 * ```ts
 * const waker = createWaker();
 * const wait = waker.wait(signal);
 * try {
 *   await Promise.race([running, wait.settled]);
 * } finally {
 *   wait.cancel();
 * }
 * ```
 */
export interface Waker {
  wait(signal: AbortSignal): Wait;
  wake(): void;
}

export function createWaker(): Waker {
  const waiters = new Set<() => void>();
  return {
    wait(signal) {
      let finish = () => {};
      const settled = new Promise<void>((resolve) => {
        finish = () => {
          signal.removeEventListener('abort', finish);
          waiters.delete(finish);
          resolve();
        };
      });
      if (signal.aborted) finish();
      else {
        signal.addEventListener('abort', finish, { once: true });
        waiters.add(finish);
      }
      return { settled, cancel: finish };
    },
    wake() {
      for (const finish of [...waiters]) finish();
    },
  };
}
