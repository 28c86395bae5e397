/**
 * Letting the page breathe while a stream is read. A reply that is already buffered (a proxy
 * that buffers, a fast local model, a replay) is read without the event loop ever turning: every
 * read resolves at once, as a microtask, so 40,000 chunks would be one task of a second or more
 * and the page could not paint or take input meanwhile. Reading gives the host a turn whenever a
 * slice of work has gone on for `sliceMs`; a stream that arrives at network pace never waits.
 */

import { renderingTurn } from '../store/rendering-turn';

/** Work between turns given to the host: short enough for a frame to fit beside it. */
const sliceMs = 8;

/**
 * One turn of the event loop: `scheduler.yield()` where the browser has it, else a message on a
 * channel (a macrotask without the 4 ms clamp of nested timers, and one that fake timers in an
 * app's tests do not hold back), else a timer.
 */
function nextTurn(): Promise<void> {
  const turn = renderingTurn();
  if (turn) return turn;
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A clock for one stream: `maybeYield()` resolves at once inside a slice, and after a turn of the
 * event loop once the slice is used up.
 *
 * @example
 * ```ts
 * const pacer = createYieldPacer();
 * for await (const chunk of stream) {
 *   handle(chunk);
 *   await pacer.maybeYield();
 * }
 * ```
 */
export function createYieldPacer(now: () => number = () => performance.now()): { maybeYield(): Promise<void> | undefined } {
  let sliceStart = now();
  return {
    maybeYield() {
      if (now() - sliceStart < sliceMs) return undefined;
      return nextTurn().then(() => {
        sliceStart = now();
      });
    },
  };
}
