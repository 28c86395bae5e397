/**
 * The context manager of one agent, loaded on first use: apps without a context budget or
 * summaries do not ship the planner and the summarizer.
 */
import type { ContextManager } from './context-manager';
import { resolveContextOptions, type ContextOptions } from './context-options';

/** The budget of an agent without `context`: no limit (its prompts still use the summaries `agent.compact()` made). */
const unlimited = Number.MAX_SAFE_INTEGER;

export interface LazyContext {
  /** Whether the app set a budget (`createAgent({ context })`). */
  readonly budgeted: boolean;
  readonly maxInputTokens: number | undefined;
  load(): Promise<ContextManager>;
}

/**
 * Checks the options now (so `createAgent` throws for bad ones) and loads the manager later.
 *
 * @example
 * ```ts
 * const context = lazyContext({ maxInputTokens: 16_000 });
 * const manager = await context.load();
 * ```
 */
export function lazyContext(options: ContextOptions | undefined): LazyContext {
  const resolved = resolveContextOptions(options ?? { maxInputTokens: unlimited });
  let loading: Promise<ContextManager> | undefined;
  return {
    budgeted: options !== undefined,
    maxInputTokens: options === undefined ? undefined : resolved.maxInputTokens,
    load() {
      loading ??= import('./context-manager').then(({ createContextManager }) => createContextManager(resolved));
      // A failed load (offline after an update) is tried again next time.
      loading.catch(() => (loading = undefined));
      return loading;
    },
  };
}
