/**
 * Saving at a run's step boundaries. The save scheduler saves a streaming reply at most every
 * `maxDelayMs`, and a save begun as the page goes away (`pagehide`) rarely lands before the page
 * is gone; so the run itself waits for a save before each model call and before a step's tools
 * run. A reload then loses at most the tokens of the step in flight.
 */
import type { AgentSession } from '../sessions/agent-session';

/**
 * How long a run waits for one such save. A failed save ends at once (the session's status says
 * `error` and the chat goes on in memory); a save that neither lands nor fails (storage that hangs)
 * holds the run up this long once, and is not waited for again until it has settled.
 */
export const stepSaveWaitMs = 2_000;

/**
 * The `persist` of a run: flushes the session and resolves when the save is over, or after
 * `waitMs` when it is not. It never rejects. Without a session it does nothing.
 *
 * @example
 * ```ts
 * const persist = stepSaver(() => agent.session);
 * await persist(); // the conversation is stored (or the save failed, and the session says so)
 * ```
 */
export function stepSaver(session: () => AgentSession | undefined, waitMs = stepSaveWaitMs): () => Promise<void> {
  // A save that took longer than `waitMs`, until it settles: the run does not wait for saves queued behind it.
  let late: Promise<unknown> | undefined;
  return async () => {
    const current = session();
    if (current === undefined || late !== undefined) return;
    const saving = current.flush().catch(() => {});
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), waitMs)));
    const tooLate = await Promise.race([saving.then(() => false), timedOut]);
    clearTimeout(timer);
    if (!tooLate) return;
    late = saving.finally(() => {
      late = undefined;
    });
  };
}
