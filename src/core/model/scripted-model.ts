/**
 * A scripted language model: it implements the AI SDK language model specification v3 and
 * plays back replies decided by a script, so the demo model and the test helpers share one
 * engine. It imports nothing at run time (no `ai`, no `@ai-sdk/provider`): the types below
 * are structural copies of the subset of the specification it emits.
 */

/** One thing the model does in a step, played in order. */
export type ScriptedItem =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolName: string; input: object; toolCallId?: string }
  /** Emits a stream `error` part at this point; the stream then goes on. */
  | { type: 'error'; error: unknown }
  /** Makes `doStream` reject with `error` (nothing is streamed), like a failed HTTP call. */
  | { type: 'throw'; error: unknown }
  /** Waits before the next item; `Infinity` waits until the call is aborted or cancelled. */
  | { type: 'pause'; ms: number };

export type ScriptedFinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

/** Token counts to report; each one left out is estimated as about one token per 4 characters. */
export interface ScriptedUsage {
  inputTokens?: number;
  outputTokens?: number;
  reasoningTokens?: number;
  cachedInputTokens?: number;
}

/**
 * What the model answers to one call.
 *
 * @example
 * ```ts
 * const step: ScriptedStep = {
 *   items: [{ type: 'tool-call', toolName: 'get_weather', input: { city: 'Paris' } }],
 *   finishReason: 'tool-calls',
 * };
 * ```
 */
export interface ScriptedStep {
  items: ScriptedItem[];
  /** Default: `error` if an item is an error, `tool-calls` if one is a tool call, else `stop`. */
  finishReason?: ScriptedFinishReason;
  usage?: ScriptedUsage;
}

/** Shorthands accepted wherever a step is: a full step, one item, a list of items, or a text. */
export type ScriptedStepInput = ScriptedStep | ScriptedItem | readonly ScriptedItem[] | string;

/** A prompt part as the model receives it (text, reasoning, file, tool call, tool result, ...). */
export interface ScriptedPromptPart {
  type: string;
  text?: string;
  toolCallId?: string;
  toolName?: string;
  input?: unknown;
  output?: unknown;
}

export type ScriptedPromptMessage =
  | { role: 'system'; content: string }
  | { role: 'user' | 'assistant' | 'tool'; content: readonly ScriptedPromptPart[] };

/** A tool offered to the model: `type: 'function'` for the app's tools. */
export interface ScriptedTool {
  type: string;
  name: string;
  description?: string;
  inputSchema?: unknown;
}

/** The call options the model reads; any AI SDK v3 call options object fits. */
export interface ScriptedCallOptions {
  prompt: readonly ScriptedPromptMessage[];
  tools?: readonly ScriptedTool[];
  toolChoice?: unknown;
  maxOutputTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/**
 * What a script sees of one call.
 *
 * @example
 * ```ts
 * const respond = ({ stepIndex, lastUserText }: ScriptedCall) =>
 *   stepIndex === 0 ? `You said: ${lastUserText}` : 'Done.';
 * ```
 */
export interface ScriptedCall {
  prompt: readonly ScriptedPromptMessage[];
  /** The tools offered to this call; empty when there are none. */
  tools: readonly ScriptedTool[];
  /** Steps already taken in this turn: the assistant messages after the last user message. */
  stepIndex: number;
  /** The position of this call in `model.calls`. */
  callIndex: number;
  /** The text of the last user message (its text parts joined by new lines), or `''`. */
  lastUserText: string;
  options: ScriptedCallOptions;
}

/** Decides the reply to a call. It may throw or reject: `doStream` then rejects the same way. */
export type ScriptedRespond = (call: ScriptedCall) => ScriptedStepInput | PromiseLike<ScriptedStepInput>;

/**
 * Turns any step shorthand into a full step.
 *
 * @example
 * ```ts
 * toScriptedStep('Hello'); // { items: [{ type: 'text', text: 'Hello' }] }
 * ```
 */
export function toScriptedStep(input: ScriptedStepInput): ScriptedStep {
  if (typeof input === 'string') return { items: [{ type: 'text', text: input }] };
  if (isItemList(input)) return { items: [...input] };
  if ('items' in input) return input;
  return { items: [input] };
}

function isItemList(input: ScriptedStepInput): input is readonly ScriptedItem[] {
  return Array.isArray(input);
}

/**
 * A `respond` function that plays `steps` in order, one per call, and fails clearly when the
 * script runs out (a test then shows the unexpected extra call instead of hanging).
 *
 * @example
 * ```ts
 * const model = createScriptedModel({
 *   respond: stepsInOrder([{ type: 'tool-call', toolName: 'list_files', input: {} }, 'Two files.']),
 * });
 * ```
 */
export function stepsInOrder(steps: readonly ScriptedStepInput[]): ScriptedRespond {
  return ({ callIndex }) => {
    const step = steps[callIndex];
    if (step === undefined) {
      throw new Error(
        `The scripted model has no step for call ${callIndex + 1}: the script has ${steps.length} step(s).`,
      );
    }
    return step;
  };
}

/**
 * Reads what a script needs from the call options.
 *
 * @example
 * ```ts
 * describeCall({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }, 0);
 * // { lastUserText: 'Hi', stepIndex: 0, callIndex: 0, tools: [], ... }
 * ```
 */
export function describeCall(options: ScriptedCallOptions, callIndex: number): ScriptedCall {
  const prompt = options.prompt;
  let lastUserIndex = -1;
  prompt.forEach((message, index) => {
    if (message.role === 'user') lastUserIndex = index;
  });
  const lastUser = prompt[lastUserIndex];
  const lastUserText =
    lastUser !== undefined && typeof lastUser.content !== 'string'
      ? lastUser.content.flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : [])).join('\n')
      : '';
  const stepIndex = prompt.slice(lastUserIndex + 1).filter((message) => message.role === 'assistant').length;
  return { prompt, tools: options.tools ?? [], stepIndex, callIndex, lastUserText, options };
}

/** The stream parts the scripted model emits: a subset of `LanguageModelV3StreamPart`. */
export type ScriptedStreamPart =
  | { type: 'stream-start'; warnings: Array<{ type: 'other'; message: string }> }
  | { type: 'response-metadata'; id: string; modelId: string }
  | { type: 'text-start' | 'text-end' | 'reasoning-start' | 'reasoning-end'; id: string }
  | { type: 'text-delta' | 'reasoning-delta'; id: string; delta: string }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  | { type: 'error'; error: unknown }
  | { type: 'finish'; finishReason: ScriptedV3FinishReason; usage: ScriptedV3Usage };

/** The v3 finish reason shape: the unified value and the provider's raw one. */
export interface ScriptedV3FinishReason {
  unified: ScriptedFinishReason;
  raw: string | undefined;
}

/** The v3 usage shape. */
export interface ScriptedV3Usage {
  inputTokens: { total: number; noCache: number; cacheRead: number; cacheWrite: number };
  outputTokens: { total: number; text: number; reasoning: number };
}

type PlanEntry = { part: ScriptedStreamPart; paced: boolean } | { pauseMs: number };

// Chunk sizes in words, cycled: uneven like a real tokenizer, yet deterministic.
const wordsPerChunk = [2, 1, 3, 2, 3, 1];
const jsonCharactersPerChunk = 12;

function splitText(text: string): string[] {
  // Each word keeps the white space around it, so the chunks join back to the exact text.
  const words = text.match(/\s*\S+\s*/g) ?? [text];
  const chunks: string[] = [];
  for (let start = 0; start < words.length; ) {
    const size = wordsPerChunk[chunks.length % wordsPerChunk.length] ?? 1;
    chunks.push(words.slice(start, start + size).join(''));
    start += size;
  }
  return chunks;
}

function splitJson(json: string): string[] {
  const chunks: string[] = [];
  for (let start = 0; start < json.length; start += jsonCharactersPerChunk) {
    chunks.push(json.slice(start, start + jsonCharactersPerChunk));
  }
  return chunks.length > 0 ? chunks : [json];
}

/** A short, stable hash (FNV-1a), so default ids differ between conversations without randomness. */
function hashText(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}

function promptText(prompt: readonly ScriptedPromptMessage[]): string {
  return prompt
    .map((message) =>
      typeof message.content === 'string'
        ? message.content
        : message.content.map((part) => part.text ?? JSON.stringify(part.input ?? part.output ?? '')).join(''),
    )
    .join('\n');
}

function estimateTokens(characters: number): number {
  return Math.ceil(characters / 4);
}

function planStep(step: ScriptedStep, options: ScriptedCallOptions, modelId: string): PlanEntry[] {
  const promptHash = hashText(JSON.stringify(options.prompt));
  const plan: PlanEntry[] = [
    { part: { type: 'stream-start', warnings: [] }, paced: false },
    { part: { type: 'response-metadata', id: `response-${promptHash}`, modelId }, paced: false },
  ];
  const immediate = (part: ScriptedStreamPart): void => void plan.push({ part, paced: false });
  let outputCharacters = 0;
  let reasoningCharacters = 0;
  step.items.forEach((item, index) => {
    switch (item.type) {
      case 'text':
      case 'reasoning': {
        const id = `${item.type}-${index}`;
        immediate({ type: `${item.type}-start`, id });
        for (const delta of splitText(item.text)) {
          plan.push({ part: { type: `${item.type}-delta`, id, delta }, paced: true });
        }
        immediate({ type: `${item.type}-end`, id });
        outputCharacters += item.text.length;
        if (item.type === 'reasoning') reasoningCharacters += item.text.length;
        break;
      }
      case 'tool-call': {
        const id = item.toolCallId ?? `call-${promptHash}-${index}`;
        const input = JSON.stringify(item.input);
        immediate({ type: 'tool-input-start', id, toolName: item.toolName });
        for (const delta of splitJson(input)) plan.push({ part: { type: 'tool-input-delta', id, delta }, paced: true });
        immediate({ type: 'tool-input-end', id });
        immediate({ type: 'tool-call', toolCallId: id, toolName: item.toolName, input });
        outputCharacters += input.length;
        break;
      }
      case 'error':
        immediate({ type: 'error', error: item.error });
        break;
      case 'pause':
        plan.push({ pauseMs: item.ms });
        break;
      case 'throw':
        // Handled before streaming starts: `doStream` rejects.
        break;
    }
  });
  const given = step.usage ?? {};
  const inputTokens = given.inputTokens ?? estimateTokens(promptText(options.prompt).length);
  const cached = Math.min(given.cachedInputTokens ?? 0, inputTokens);
  const outputTokens = given.outputTokens ?? estimateTokens(outputCharacters);
  const reasoning = Math.min(given.reasoningTokens ?? estimateTokens(reasoningCharacters), outputTokens);
  const unified = step.finishReason ?? defaultFinishReason(step.items);
  immediate({
    type: 'finish',
    finishReason: { unified, raw: unified },
    usage: {
      inputTokens: { total: inputTokens, noCache: inputTokens - cached, cacheRead: cached, cacheWrite: 0 },
      outputTokens: { total: outputTokens, text: outputTokens - reasoning, reasoning },
    },
  });
  return plan;
}

function defaultFinishReason(items: readonly ScriptedItem[]): ScriptedFinishReason {
  if (items.some((item) => item.type === 'error')) return 'error';
  if (items.some((item) => item.type === 'tool-call')) return 'tool-calls';
  return 'stop';
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? Object.assign(new Error('The operation was aborted.'), { name: 'AbortError' });
}

/**
 * Plays a plan as a stream, pulled by the reader. Without delays no timer is ever set. An abort
 * errors the stream with the signal's reason (as `fetch`-based providers do) and a cancel by
 * the reader stops it; both clear the pending timer.
 */
function playPlan(
  plan: readonly PlanEntry[],
  signal: AbortSignal | undefined,
  chunkDelay: (chunkIndex: number) => number,
): ReadableStream<ScriptedStreamPart> {
  let next = 0;
  let pacedCount = 0;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  let onAbort: (() => void) | undefined;

  const wait = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      wake = resolve;
      // An infinite pause sets no timer: only an abort or a cancel ends it.
      if (Number.isFinite(ms)) timer = setTimeout(resolve, ms);
    });
  const stop = (): void => {
    stopped = true;
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    wake?.();
    if (onAbort !== undefined) signal?.removeEventListener('abort', onAbort);
  };

  return new ReadableStream<ScriptedStreamPart>({
    start(controller) {
      if (signal === undefined) return;
      onAbort = () => {
        if (stopped) return;
        stop();
        controller.error(abortReason(signal));
      };
      signal.addEventListener('abort', onAbort, { once: true });
    },
    async pull(controller) {
      while (!stopped) {
        const entry = plan[next];
        next += 1;
        if (entry === undefined) {
          stop();
          controller.close();
          return;
        }
        if ('pauseMs' in entry) {
          if (entry.pauseMs > 0) await wait(entry.pauseMs);
          continue;
        }
        if (entry.paced) {
          const ms = chunkDelay(pacedCount);
          pacedCount += 1;
          if (ms > 0) await wait(ms);
          if (stopped) return;
        }
        controller.enqueue(entry.part);
        return;
      }
    },
    cancel() {
      stop();
    },
  });
}

/** Options of {@link createScriptedModel}. */
export interface ScriptedModelOptions {
  /** The script: a function of the call, or steps played one per call. */
  respond: ScriptedRespond | readonly ScriptedStepInput[];
  /**
   * Milliseconds before each text, reasoning or tool-input chunk, or a function of the chunk's
   * index in the stream. Default `0`: no timers at all, for fast tests.
   */
  chunkDelayMs?: number | ((chunkIndex: number) => number);
  /** Default `'scripted'`. */
  provider?: string;
  /** Default `'scripted-model'`. */
  modelId?: string;
}

/** The content of a {@link ScriptedModel.doGenerate} result. */
export type ScriptedContent =
  | { type: 'text'; text: string }
  | { type: 'reasoning'; text: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string };

/** What `doGenerate` resolves to: the v3 generate result shape. */
export interface ScriptedGenerateResult {
  content: ScriptedContent[];
  finishReason: ScriptedV3FinishReason;
  usage: ScriptedV3Usage;
  warnings: Array<{ type: 'other'; message: string }>;
}

/**
 * A language model (AI SDK specification v3) driven by a script.
 *
 * @example
 * ```ts
 * const model = createScriptedModel({ respond: ['Hello!'] });
 * const { stream } = await model.doStream({ prompt: [] });
 * model.calls.length; // 1
 * ```
 */
export interface ScriptedModel {
  readonly specificationVersion: 'v3';
  readonly provider: string;
  readonly modelId: string;
  readonly supportedUrls: Record<string, RegExp[]>;
  /** The options of every call, in order (a `doGenerate` call counts once). */
  readonly calls: ScriptedCallOptions[];
  doStream(options: ScriptedCallOptions): Promise<{ stream: ReadableStream<ScriptedStreamPart> }>;
  doGenerate(options: ScriptedCallOptions): Promise<ScriptedGenerateResult>;
}

/**
 * Creates a scripted model. It works with the agent runtime and with AI SDK's `streamText` and
 * `generateText`.
 *
 * @example
 * ```ts
 * const model = createScriptedModel({
 *   chunkDelayMs: 30,
 *   respond: ({ tools, stepIndex }) =>
 *     stepIndex === 0 && tools.some((tool) => tool.name === 'list_files')
 *       ? { type: 'tool-call', toolName: 'list_files', input: { path: '/' } }
 *       : 'All done.',
 * });
 * ```
 */
export function createScriptedModel(options: ScriptedModelOptions): ScriptedModel {
  const respond = typeof options.respond === 'function' ? options.respond : stepsInOrder(options.respond);
  const delay = options.chunkDelayMs ?? 0;
  const chunkDelay = typeof delay === 'function' ? delay : () => delay;
  const modelId = options.modelId ?? 'scripted-model';
  const calls: ScriptedCallOptions[] = [];

  async function doStream(callOptions: ScriptedCallOptions): Promise<{ stream: ReadableStream<ScriptedStreamPart> }> {
    const callIndex = calls.length;
    calls.push(callOptions);
    const signal = callOptions.abortSignal;
    if (signal?.aborted) throw abortReason(signal);
    const step = toScriptedStep(await respond(describeCall(callOptions, callIndex)));
    if (signal?.aborted) throw abortReason(signal);
    const failure = step.items.find((item) => item.type === 'throw');
    if (failure !== undefined) throw failure.error;
    return { stream: playPlan(planStep(step, callOptions, modelId), signal, chunkDelay) };
  }

  async function doGenerate(callOptions: ScriptedCallOptions): Promise<ScriptedGenerateResult> {
    const { stream } = await doStream(callOptions);
    const reader = stream.getReader();
    const content: ScriptedContent[] = [];
    const open = new Map<string, { type: 'text' | 'reasoning'; text: string }>();
    for (;;) {
      const { done, value: part } = await reader.read();
      if (done) break;
      switch (part.type) {
        case 'text-start':
        case 'reasoning-start': {
          const entry = { type: part.type === 'text-start' ? ('text' as const) : ('reasoning' as const), text: '' };
          open.set(part.id, entry);
          content.push(entry);
          break;
        }
        case 'text-delta':
        case 'reasoning-delta': {
          const entry = open.get(part.id);
          if (entry !== undefined) entry.text += part.delta;
          break;
        }
        case 'tool-call':
          content.push({ type: 'tool-call', toolCallId: part.toolCallId, toolName: part.toolName, input: part.input });
          break;
        case 'error':
          await reader.cancel();
          throw part.error;
        case 'finish':
          return { content, finishReason: part.finishReason, usage: part.usage, warnings: [] };
        default:
          break;
      }
    }
    throw new Error('The scripted model stream ended without a finish part.');
  }

  return {
    specificationVersion: 'v3',
    provider: options.provider ?? 'scripted',
    modelId,
    supportedUrls: {},
    calls,
    doStream,
    doGenerate,
  };
}
