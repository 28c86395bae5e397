/**
 * The types of the scripted model. It imports nothing at run time (no `ai`, no
 * `@ai-sdk/provider`): these types are structural copies of the subset of the AI SDK language
 * model specification v3 that it emits.
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
  | { type: 'pause'; ms: number }
  /** A source the reply drew on: a page (`url`) or a document (`mediaType`, `filename`). */
  | { type: 'source'; id: string; url?: string; title?: string; mediaType?: string; filename?: string };

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
  /** File parts: the media type, the name and the content (base64 from the kit). */
  mediaType?: string;
  filename?: string;
  data?: unknown;
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
  | { type: 'source'; sourceType: 'url'; id: string; url: string; title?: string }
  | { type: 'source'; sourceType: 'document'; id: string; mediaType: string; title: string; filename?: string }
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

/**
 * A script: one entry per model call (a step), or a function of the call. A step entry can be
 * a string (a text reply), one item (`toolCall(...)`), a list of items for a step that does
 * several things (`[text('Let me check.'), toolCall(...)]`), or a full `ScriptedStep`.
 */
export type Script = ScriptedRespond | readonly ScriptedStepInput[];

/** Settings of {@link scriptedModel}: its pace and its name. */
export interface ScriptedModelSettings {
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
 * const model = scriptedModel(['Hello!']);
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
