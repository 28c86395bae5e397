import type { Usage } from './state';

/**
 * Token counts added up, field by field.
 *
 * @example
 * ```ts
 * state.usage = addUsage(state.usage, step.usage);
 * ```
 */
export function addUsage(total: Usage, more: Usage): Usage {
  return {
    inputTokens: total.inputTokens + more.inputTokens,
    outputTokens: total.outputTokens + more.outputTokens,
    reasoningTokens: total.reasoningTokens + more.reasoningTokens,
    cachedInputTokens: total.cachedInputTokens + more.cachedInputTokens,
    totalTokens: total.totalTokens + more.totalTokens,
  };
}

/**
 * What a running total gained since an earlier reading of it (`earlier` absent: all of it).
 *
 * @example
 * ```ts
 * const spent = usageSince(child.usage, lastSeen);
 * ```
 */
export function usageSince(total: Usage, earlier: Usage | undefined): Usage {
  if (!earlier) return total;
  return {
    inputTokens: total.inputTokens - earlier.inputTokens,
    outputTokens: total.outputTokens - earlier.outputTokens,
    reasoningTokens: total.reasoningTokens - earlier.reasoningTokens,
    cachedInputTokens: total.cachedInputTokens - earlier.cachedInputTokens,
    totalTokens: total.totalTokens - earlier.totalTokens,
  };
}
