/**
 * Lets the tool phase sleep until something it waits for happens: a person's decision, a
 * host's result, or an abort. `wake` resolves every current waiter.
 *
 * @example
 * ```ts
 * const waker = createWaker();
 * await Promise.race([running, waker.wait(signal)]);
 * ```
 */
export interface Waker {
  wait(signal: AbortSignal): Promise<void>;
  wake(): void;
}

export function createWaker(): Waker {
  let waiters: Array<() => void> = [];
  return {
    wait(signal) {
      return new Promise<void>((resolve) => {
        if (signal.aborted) return resolve();
        const done = () => {
          signal.removeEventListener('abort', done);
          resolve();
        };
        signal.addEventListener('abort', done, { once: true });
        waiters.push(done);
      });
    },
    wake() {
      const current = waiters;
      waiters = [];
      for (const resolve of current) resolve();
    },
  };
}
