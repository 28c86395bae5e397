/**
 * Planning a request within the context budget, in order of cost: send everything; else elide
 * the outputs of old tool calls (before the recent turns), oldest first; else summarize the turns
 * before the recent ones; else elide outputs in the recent turns too (never the latest step's);
 * else summarize all but the latest message; else the request cannot fit. The plan is pure: the
 * caller runs the summary it asks for and plans again.
 *
 * Only the messages after the last summary are looked at, and each one's estimate is cached with
 * it, so planning costs the same in the 300th turn as in the 30th.
 */
import type { ProviderFunctionTool, ProviderPrompt } from '../model/language-model';
import { toProviderPrompt } from '../model/to-provider-prompt';
import { framedText } from './framed-text';
import type { AgentState, Message, ToolCall } from '../store/state';
import type { ResolvedContextOptions } from './context-options';
import { planReminder } from '../model/plan-reminder';
import { messageOverhead, messageTokens, textTokens, toolCallTokens, toolDeclarationTokens } from './token-estimate';

export interface PromptPlanInput {
  readonly state: AgentState;
  readonly instructions?: string | undefined;
  readonly tools: readonly ProviderFunctionTool[];
  readonly options: ResolvedContextOptions;
  readonly maxToolOutputChars: number;
  /** Tokens the provider reported per token estimated, from earlier requests (1 when unknown). */
  readonly ratio: number;
}

export type PromptPlan =
  /** `estimate`: tokens, corrected by the ratio; `elided`: how many outputs were left out. */
  | { readonly kind: 'send'; readonly prompt: ProviderPrompt; readonly estimate: number; readonly elided: number }
  /** Summarize the conversation through `state.messages[throughIndex]`, then plan again. */
  | { readonly kind: 'summarize'; readonly throughIndex: number }
  /** Even the latest message with everything else elided or summarized is over the budget. */
  | { readonly kind: 'too-large'; readonly estimate: number };

/** The share of the budget an estimated prompt may fill (the provider's count may differ by a few percent). */
const estimateMargin = 0.95;

/** Said to the model when, after a summary, the first message left is the assistant's (providers want a user message first). */
const continueNote = 'Continue from the summary above.';

interface Item {
  readonly index: number;
  readonly message: Message;
  readonly calls: readonly ToolCall[];
  readonly cost: number;
  /** Tokens saved by eliding this message's tool outputs. */
  readonly saving: number;
}

/**
 * @example
 * ```ts
 * const plan = planPrompt({ state, instructions, tools, options: resolveContextOptions({ maxInputTokens: 16_000 }), maxToolOutputChars: 20_000, ratio: 1 });
 * if (plan.kind === 'send') await model.doStream({ prompt: plan.prompt });
 * ```
 */
export function planPrompt(input: PromptPlanInput): PromptPlan {
  const { state, options, ratio } = input;
  const summary = state.compactions?.at(-1);
  const start = regionStart(state.messages, summary?.throughMessageId);
  const items = regionItems(state, start, input.maxToolOutputChars);
  const reminder = planReminder(state.todos);
  const fixed =
    messageOverhead +
    textTokens(systemOf(input.instructions, summary?.summary)) +
    toolDeclarationTokens(input.tools) +
    (summary ? textTokens(continueNote) : 0) +
    (reminder ? messageOverhead + textTokens(reminder) : 0);
  // An estimate is only an estimate: it plans to a margin under the budget, an exact count to the budget.
  const budget = options.countTokens === undefined ? Math.floor(options.maxInputTokens * estimateMargin) : options.maxInputTokens;
  let total = fixed;
  for (const item of items) total += item.cost;
  const fits = () => Math.ceil(total * ratio) <= budget;

  const elided = new Set<string>();
  const send = (): PromptPlan => ({ kind: 'send', prompt: buildPrompt(input, state, start, items, elided), estimate: Math.ceil(total * ratio), elided: elided.size });
  /** Elides outputs of the items before `end`, oldest first, until the prompt fits. */
  const elideBefore = (end: number) => {
    for (const item of items) {
      if (item.index >= end || fits()) break;
      if (item.saving === 0) continue;
      for (const call of item.calls) elided.add(call.id);
      total -= item.saving;
    }
  };

  if (fits()) return send();
  const turnStarts = items.filter((item) => item.message.role === 'user').map((item) => item.index);
  const recentStart = turnStarts.at(-options.keepRecentTurns) ?? start;
  elideBefore(recentStart);
  if (fits()) return send();
  if (recentStart > start) return { kind: 'summarize', throughIndex: recentStart - 1 };
  // Only recent turns are left: their older outputs go too, never the latest message's.
  const latest = state.messages.length - 1;
  elideBefore(latest);
  if (fits()) return send();
  if (latest > start) return { kind: 'summarize', throughIndex: latest - 1 };
  return { kind: 'too-large', estimate: Math.ceil(total * ratio) };
}

/** Where the messages after the summary begin (scanned from the end: the region is what is recent). */
function regionStart(messages: readonly Message[], throughMessageId: string | undefined): number {
  if (throughMessageId === undefined) return 0;
  for (let index = messages.length - 1; index >= 0; index--) if (messages[index]!.id === throughMessageId) return index + 1;
  return 0;
}

function regionItems(state: AgentState, start: number, maxOutputChars: number): Item[] {
  const messages = state.messages;
  const inRegion = new Set<string>();
  for (let index = start; index < messages.length; index++) inRegion.add(messages[index]!.id);
  // Calls are kept in call order, so the region's calls are the end of the list.
  const callsOf = new Map<string, ToolCall[]>();
  for (let index = state.toolCalls.length - 1; index >= 0; index--) {
    const call = state.toolCalls[index]!;
    if (!inRegion.has(call.messageId)) break;
    const list = callsOf.get(call.messageId);
    if (list) list.unshift(call);
    else callsOf.set(call.messageId, [call]);
  }
  const items: Item[] = [];
  for (let index = start; index < messages.length; index++) {
    const message = messages[index]!;
    const calls = callsOf.get(message.id) ?? [];
    let cost = messageTokens(message);
    let saving = 0;
    for (const call of calls) {
      const tokens = toolCallTokens(call, maxOutputChars);
      cost += tokens.full;
      saving += tokens.full - tokens.elided;
    }
    items.push({ index, message, calls, cost, saving });
  }
  return items;
}

/**
 * How the model is told about the messages a summary replaces. The summary is model-written and
 * sits in the system message: nothing in it can end its frame (see `framedText`).
 */
function summaryText(summary: string): string {
  return `The earlier part of this conversation was summarized to fit the context window; the messages after this summary follow it.\n${framedText('conversation-summary', summary)}`;
}

function systemOf(instructions: string | undefined, summary: string | undefined): string {
  return [instructions, summary === undefined ? undefined : summaryText(summary)].filter(Boolean).join('\n\n');
}

function buildPrompt(input: PromptPlanInput, state: AgentState, start: number, items: readonly Item[], elided: ReadonlySet<string>): ProviderPrompt {
  const summary = state.compactions?.at(-1)?.summary;
  const prompt = toProviderPrompt({
    instructions: systemOf(input.instructions, summary),
    messages: state.messages.slice(start),
    toolCalls: items.flatMap((item) => item.calls),
    maxToolOutputChars: input.maxToolOutputChars,
    elidedToolCallIds: elided,
    todos: state.todos,
  });
  const first = prompt.findIndex((message) => message.role !== 'system');
  if (summary !== undefined && first !== -1 && prompt[first]!.role !== 'user') prompt.splice(first, 0, { role: 'user', content: [{ type: 'text', text: continueNote }] });
  return prompt;
}
