/**
 * The context budget of an agent (`createAgent({ context })`): how many tokens a request may
 * have, and how the kit keeps every request within it.
 */
import type { LanguageModel, ProviderPrompt } from '../model/language-model';

/**
 * Options of `createAgent({ context })`.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, context: { maxInputTokens: 100_000, keepRecentTurns: 3 } });
 * ```
 */
export interface ContextOptions {
  /**
   * The most tokens a request may have: instructions, tool declarations, the summary and the
   * messages. Before each model call the kit estimates the prompt and, when it would not fit,
   * first elides old tool outputs, then summarizes older turns.
   */
  maxInputTokens: number;
  /** Turns (a user message and all that followed it) kept verbatim, newest first. Default 2. */
  keepRecentTurns?: number;
  /** The model that writes summaries. Default: the agent's own. The request offers it no tools. */
  summaryModel?: LanguageModel;
  /**
   * Counts a prompt's tokens (with the provider's tokenizer, say). Default: an estimate of four
   * characters a token, corrected by the input tokens the provider reported for earlier requests.
   */
  countTokens?: (prompt: ProviderPrompt) => number;
}

/** Context options with their defaults filled in. */
export interface ResolvedContextOptions {
  readonly maxInputTokens: number;
  readonly keepRecentTurns: number;
  readonly summaryModel?: LanguageModel | undefined;
  readonly countTokens?: ((prompt: ProviderPrompt) => number) | undefined;
}

/** Fewer tokens than this leave no room for a conversation and its summary. */
export const minInputTokens = 1_000;

/**
 * Checks `createAgent({ context })` and fills in the defaults; throws a `TypeError` naming the
 * bad option.
 *
 * @example
 * ```ts
 * resolveContextOptions({ maxInputTokens: 16_000 }).keepRecentTurns; // 2
 * ```
 */
export function resolveContextOptions(options: ContextOptions): ResolvedContextOptions {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgent: `context` must be an object such as `{ maxInputTokens: 100_000 }`.');
  const { maxInputTokens, keepRecentTurns = 2, summaryModel, countTokens } = options;
  if (!Number.isSafeInteger(maxInputTokens) || maxInputTokens < minInputTokens) {
    throw new TypeError(`createAgent: \`context.maxInputTokens\` must be a whole number of at least ${minInputTokens}, got ${String(maxInputTokens)}.`);
  }
  if (!Number.isSafeInteger(keepRecentTurns) || keepRecentTurns < 1) throw new TypeError(`createAgent: \`context.keepRecentTurns\` must be a whole number of at least 1, got ${String(keepRecentTurns)}.`);
  if (countTokens !== undefined && typeof countTokens !== 'function') throw new TypeError('createAgent: `context.countTokens` must be a function of a prompt.');
  return { maxInputTokens, keepRecentTurns, summaryModel, countTokens };
}
