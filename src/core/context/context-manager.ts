/**
 * Keeps an agent's requests within its context budget: before each model call it plans the
 * prompt (see `planPrompt`), runs the summaries the plan asks for (adding them to the state as
 * compactions; the messages stay), and learns from the input tokens the provider reports how far
 * off its estimate is. Loaded only by agents with a `context` option.
 */
import type { LanguageModel, ProviderFunctionTool, ProviderPrompt } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import type { AgentState, Compaction, Usage } from '../store/state';
import type { ResolvedContextOptions } from './context-options';
import { planPrompt } from './plan-prompt';
import { summarize } from './summarize';

export interface ContextRequest {
  readonly getState: () => AgentState;
  readonly dispatch: (event: AgentEvent) => void;
  readonly now: () => number;
  readonly model: LanguageModel;
  readonly instructions?: string | undefined;
  readonly tools: readonly ProviderFunctionTool[];
  readonly maxToolOutputChars: number;
  readonly signal: AbortSignal;
  readonly retryPolicy?: RetryPolicy | undefined;
}

export type FittedPrompt =
  | { readonly kind: 'send'; readonly prompt: ProviderPrompt; readonly estimate: number }
  | { readonly kind: 'too-large'; readonly estimate: number; readonly maxInputTokens: number };

export interface ContextManager {
  readonly options: ResolvedContextOptions;
  /** The prompt of the next model call, within the budget; summaries made on the way are in the state. */
  fit(request: ContextRequest): Promise<FittedPrompt>;
  /** The provider reported `inputTokens` for the request estimated at `estimate`. */
  observe(estimate: number, inputTokens: number): void;
  /** Summarizes all but the last `keepRecentTurns` turns now; `null` when there is nothing older to summarize. */
  compact(request: ContextRequest, how: { instructions?: string | undefined; keepRecentTurns: number }): Promise<Compaction | null>;
}

/** Summaries per model call at most: each one shrinks the prompt, so more would mean a bug, not a long conversation. */
const maxRounds = 4;

/**
 * @example
 * ```ts
 * const context = createContextManager(resolveContextOptions({ maxInputTokens: 16_000 }));
 * const fitted = await context.fit({ getState, dispatch, now, model, tools, maxToolOutputChars: 20_000, signal });
 * ```
 */
export function createContextManager(options: ResolvedContextOptions): ContextManager {
  // Reported tokens per estimated token; moves halfway towards each new report.
  let ratio = 1;
  const clamp = (value: number) => Math.min(4, Math.max(0.25, value));

  async function fold(request: ContextRequest, throughIndex: number, trigger: Compaction['trigger'], instructions?: string): Promise<Compaction> {
    const state = request.getState();
    const previous = state.compactions?.at(-1);
    const from = previous === undefined ? 0 : state.messages.findIndex((message) => message.id === previous.throughMessageId) + 1;
    const messages = state.messages.slice(from, throughIndex + 1);
    const ids = new Set(messages.map((message) => message.id));
    const toolCalls = new Map(state.toolCalls.filter((call) => ids.has(call.messageId)).map((call) => [call.id, call]));
    const { summary, usage } = await summarize({
      model: options.summaryModel ?? request.model,
      messages,
      toolCalls,
      previous: previous?.summary,
      instructions,
      maxInputTokens: options.maxInputTokens,
      signal: request.signal,
      retryPolicy: request.retryPolicy,
    });
    const through = state.messages[throughIndex]!;
    const compaction: Compaction = {
      id: createId('compaction'),
      throughMessageId: through.id,
      messageCount: throughIndex + 1,
      summary,
      createdAt: request.now(),
      trigger,
      ...(instructions ? { instructions } : {}),
    };
    request.dispatch({ type: 'compaction-add', compaction, usage: usage satisfies Usage });
    return compaction;
  }

  return {
    options,
    async fit(request) {
      for (let round = 0; ; round++) {
        const plan = planPrompt({ state: request.getState(), instructions: request.instructions, tools: request.tools, options, maxToolOutputChars: request.maxToolOutputChars, ratio });
        if (plan.kind === 'too-large') return { kind: 'too-large', estimate: plan.estimate, maxInputTokens: options.maxInputTokens };
        if (plan.kind === 'send') {
          if (options.countTokens === undefined) return plan;
          // An exact count: it corrects the estimate, and a prompt over the budget is planned again.
          const counted = options.countTokens(plan.prompt);
          if (!Number.isFinite(counted) || counted < 0) throw new TypeError(`context.countTokens returned ${String(counted)} for a prompt; it must return a number of tokens.`);
          ratio = clamp((ratio * counted) / Math.max(1, plan.estimate));
          if (counted <= options.maxInputTokens || round >= maxRounds) return counted <= options.maxInputTokens ? { ...plan, estimate: counted } : { kind: 'too-large', estimate: counted, maxInputTokens: options.maxInputTokens };
          continue;
        }
        if (round >= maxRounds) return { kind: 'too-large', estimate: options.maxInputTokens + 1, maxInputTokens: options.maxInputTokens };
        await fold(request, plan.throughIndex, 'budget');
      }
    },
    observe(estimate, inputTokens) {
      if (options.countTokens !== undefined || estimate <= 0 || !(inputTokens > 0)) return;
      ratio = clamp((ratio + (ratio * inputTokens) / estimate) / 2);
    },
    async compact(request, how) {
      const state = request.getState();
      const previous = state.compactions?.at(-1);
      const start = previous === undefined ? 0 : state.messages.findIndex((message) => message.id === previous.throughMessageId) + 1;
      const userIndexes = state.messages.flatMap((message, index) => (index >= start && message.role === 'user' ? [index] : []));
      const keepFrom = userIndexes.at(-how.keepRecentTurns) ?? start;
      if (keepFrom <= start) return null;
      return fold(request, keepFrom - 1, 'request', how.instructions);
    },
  };
}
