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
  /**
   * Whether `wake` was called while nobody waited since the last call of this (a decision that
   * came while the run was between waits, or on its way out); clears it.
   */
  takeMissed(): boolean;
}

export function createWaker(): Waker {
  const waiters = new Set<() => void>();
  let missed = false;
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
      if (waiters.size === 0) missed = true;
      for (const finish of [...waiters]) finish();
    },
    takeMissed() {
      const was = missed;
      missed = false;
      return was;
    },
  };
}
