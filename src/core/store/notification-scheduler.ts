/**
 * Schedules one deferred store notification; returns a function that cancels it. The store
 * calls it at most once per notification it owes.
 */
export type NotificationScheduler = (notify: () => void) => () => void;

/** A hidden tab gets no animation frames; past this the notification goes out anyway. */
const hiddenFallbackMs = 100;
/** Where there are no animation frames at all (Node, workers, tests): about one frame. */
const timerIntervalMs = 16;

/**
 * Streamed deltas are announced at most once per animation frame: a view cannot paint more
 * often, so notifying per token only multiplies the work of every subscriber by the token
 * rate. Without `requestAnimationFrame` a short timer stands in.
 *
 * @example
 * ```ts
 * const cancel = frameScheduler(() => console.log('next frame'));
 * ```
 */
export const frameScheduler: NotificationScheduler = (notify) => {
  const hasFrames = typeof requestAnimationFrame === 'function';
  let done = false;
  let frame: number | undefined;
  const once = () => {
    if (done) return;
    cancel();
    notify();
  };
  const timer = setTimeout(once, hasFrames ? hiddenFallbackMs : timerIntervalMs);
  if (hasFrames) frame = requestAnimationFrame(once);
  function cancel() {
    done = true;
    clearTimeout(timer);
    if (frame !== undefined) cancelAnimationFrame(frame);
  }
  return cancel;
};
