type Scheduler = { yield?: () => Promise<void> };

/**
 * A turn for the page to render, where the browser offers one cheaply (`scheduler.yield()`, which
 * resumes ahead of other tasks): long pieces of work (a run's start after the user's message, a
 * restored conversation after its check, a loaded sandbox after its read) then end their task in
 * between, instead of adding up to one long task. Elsewhere (Node, jsdom, browsers without it)
 * `undefined`: nothing waits, so tests with fake timers and other hosts run exactly as before.
 *
 * @example
 * ```ts
 * dispatch(userMessage);
 * const turn = renderingTurn();
 * if (turn) await turn; // the commit of the message was a task of its own
 * ```
 */
export function renderingTurn(): Promise<void> | undefined {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : undefined;
}
