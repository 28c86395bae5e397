/**
 * `createAgent({ prepareStep })`: the app's last word on each model call. It sees the prompt the
 * kit would send (after the context budget) and may replace it, or narrow the tools offered. What
 * it returns is checked before anything is sent: a hook that throws or returns a malformed prompt
 * ends the run with an error that says so, never a malformed request.
 */
import type { LanguageModel, ProviderFunctionTool, ProviderPrompt } from '../model/language-model';
import type { AgentState } from '../store/state';

/** What `prepareStep` is called with. */
export interface PrepareStepInput {
  /** The step of this run, from 1. */
  readonly step: number;
  /** The prompt the kit would send (instructions, summary, messages, tool results). */
  readonly prompt: ProviderPrompt;
  /** The tools the kit would offer, as the model sees them. */
  readonly tools: readonly ProviderFunctionTool[];
  readonly state: AgentState;
  readonly model: LanguageModel;
}

/** What `prepareStep` may return; `undefined` (or `{}`) sends what the kit prepared. */
export interface PrepareStepResult {
  /** The prompt to send instead. */
  readonly prompt?: ProviderPrompt;
  /** The names of the tools to offer in this step (a subset of the agent's); `[]` offers none. */
  readonly activeTools?: readonly string[];
}

export type PrepareStep = (input: PrepareStepInput) => PrepareStepResult | undefined | void | PromiseLike<PrepareStepResult | undefined | void>;

/**
 * Runs the hook and checks its answer: the request to send, or the reason it cannot be sent.
 *
 * @example
 * ```ts
 * const prepared = await applyPrepareStep(prepareStep, { step: 1, prompt, tools, state, model });
 * if ('error' in prepared) throw new Error(prepared.error);
 * ```
 */
export async function applyPrepareStep(hook: PrepareStep, input: PrepareStepInput): Promise<{ prompt: ProviderPrompt; tools: ProviderFunctionTool[] } | { error: string }> {
  let result: PrepareStepResult | undefined | void;
  try {
    result = await hook(input);
  } catch (error) {
    return { error: `prepareStep threw in step ${input.step}: ${error instanceof Error ? error.message : String(error)}. Nothing was sent to the model.` };
  }
  if (result === undefined || result === null) return { prompt: input.prompt, tools: [...input.tools] };
  if (typeof result !== 'object') return { error: `prepareStep returned ${typeof result} in step ${input.step}; return { prompt?, activeTools? } or nothing. Nothing was sent to the model.` };
  const prompt = result.prompt ?? input.prompt;
  const problem = result.prompt === undefined ? undefined : promptProblem(prompt);
  if (problem !== undefined) return { error: `prepareStep returned a prompt the model cannot be sent in step ${input.step}: ${problem}. Nothing was sent to the model.` };
  if (result.activeTools === undefined) return { prompt, tools: [...input.tools] };
  if (!Array.isArray(result.activeTools)) return { error: `prepareStep returned activeTools that is not a list of tool names in step ${input.step}. Nothing was sent to the model.` };
  const known = new Set(input.tools.map((tool) => tool.name));
  const unknown = result.activeTools.filter((name) => !known.has(name));
  if (unknown.length > 0) return { error: `prepareStep named tools the agent does not have in step ${input.step}: ${unknown.map((name) => JSON.stringify(name)).join(', ')}. Nothing was sent to the model.` };
  const active = new Set(result.activeTools);
  return { prompt, tools: input.tools.filter((tool) => active.has(tool.name)) };
}

const partTypes: Readonly<Record<string, ReadonlySet<string>>> = {
  user: new Set(['text', 'file']),
  assistant: new Set(['text', 'reasoning', 'tool-call']),
  tool: new Set(['tool-result']),
};

/**
 * Why a prompt is not one the provider interface accepts, or `undefined`: roles and part types
 * known, a system message's content a string, every tool call answered by a result in the next
 * message and every result answering a call of the message before.
 */
export function promptProblem(prompt: unknown): string | undefined {
  if (!Array.isArray(prompt)) return 'it is not a list of messages';
  if (!prompt.some((message: { role?: unknown }) => message?.role === 'user')) return 'it has no user message';
  for (let index = 0; index < prompt.length; index++) {
    const message = prompt[index] as { role?: unknown; content?: unknown } | null;
    const where = `messages[${index}]`;
    if (typeof message !== 'object' || message === null) return `${where} is not a message`;
    if (message.role === 'system') {
      if (typeof message.content !== 'string') return `${where} (system) needs text content`;
      continue;
    }
    const types = typeof message.role === 'string' ? partTypes[message.role] : undefined;
    if (types === undefined) return `${where} has the role ${JSON.stringify(message.role) ?? 'undefined'}`;
    const role = message.role as string;
    if (!Array.isArray(message.content) || message.content.length === 0) return `${where} (${role}) needs a non-empty list of parts`;
    for (const [position, part] of (message.content as { type?: unknown; text?: unknown; toolCallId?: unknown }[]).entries()) {
      if (typeof part !== 'object' || part === null || typeof part.type !== 'string' || !types.has(part.type)) return `${where}.content[${position}] is not a part a ${role} message may have`;
      if ((part.type === 'text' || part.type === 'reasoning') && typeof part.text !== 'string') return `${where}.content[${position}] needs its text`;
      if ((part.type === 'tool-call' || part.type === 'tool-result') && typeof part.toolCallId !== 'string') return `${where}.content[${position}] needs a toolCallId`;
      if (part.type === 'file' && (typeof (part as { mediaType?: unknown }).mediaType !== 'string' || typeof (part as { data?: unknown }).data !== 'string')) return `${where}.content[${position}] needs its mediaType and base64 data`;
    }
    const ids = (parts: unknown, type: string) => (parts as { type: string; toolCallId: string }[]).filter((part) => part.type === type).map((part) => part.toolCallId).join('\n');
    if (message.role === 'assistant') {
      const calls = ids(message.content, 'tool-call');
      const next = prompt[index + 1] as { role?: unknown; content?: unknown } | undefined;
      if (calls !== '' && (next?.role !== 'tool' || ids(next.content, 'tool-result') !== calls)) return `the tool calls of ${where} are not all answered, in order, by the results of the next message`;
    }
    if (message.role === 'tool') {
      const before = prompt[index - 1] as { role?: unknown; content?: unknown } | undefined;
      if (before?.role !== 'assistant' || ids(before.content, 'tool-call') !== ids(message.content, 'tool-result')) return `the results of ${where} do not answer the tool calls of the message before`;
    }
  }
  return undefined;
}
