import type { runLoop } from './run-loop';

type RunLoop = typeof runLoop;

let loaded: RunLoop | undefined;
let loading: Promise<RunLoop> | undefined;

/**
 * The agent loop (the model call, the tool phase, schema validation, the provider prompt) loads
 * with the first run, or earlier through `agent.preload()`: an app paints its chat without it.
 * A failed load is tried again on the next call (a flaky network must not break the agent for good).
 *
 * @example
 * ```ts
 * const runLoop = loadedRunLoop() ?? (await loadRunLoop());
 * ```
 */
export function loadRunLoop(): Promise<RunLoop> {
  loading ??= import('./run-loop').then(
    (module) => (loaded = module.runLoop),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The loop once loaded, so a run after the first starts in the same tick as before lazy loading. */
export function loadedRunLoop(): RunLoop | undefined {
  return loaded;
}
