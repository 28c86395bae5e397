/**
 * The model interface the core speaks: the AI SDK language model specification, versions
 * v2, v3 and v4 (`LanguageModelV2/V3/V4` of `@ai-sdk/provider`). These are structural types
 * of the subset the core uses, so any provider object fits without the core importing the
 * `ai` package or `@ai-sdk/provider` at run time.
 */

export type SpecificationVersion = 'v2' | 'v3' | 'v4';

export const supportedSpecificationVersions: readonly SpecificationVersion[] = ['v2', 'v3', 'v4'];

export interface ProviderTextPart {
  type: 'text';
  text: string;
}

/**
 * A file in a user message (the AI SDK's `LanguageModelV2FilePart`/`V3FilePart`): base64 content
 * with its media type; images go to vision models, other types where the provider takes them.
 */
export interface ProviderFilePart {
  type: 'file';
  mediaType: string;
  /** Base64, without a `data:` prefix. */
  data: string;
  filename?: string;
}

export interface ProviderReasoningPart {
  type: 'reasoning';
  text: string;
  /** What the provider attached to the reasoning when it streamed (Anthropic's thinking signature), sent back as it came. */
  providerOptions?: ProviderMetadata;
}

/** Data a provider attaches to a part, by provider name (`{ anthropic: { signature: '…' } }`). */
export type ProviderMetadata = Record<string, Record<string, JsonValue>>;

export interface ProviderToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
}

export type ProviderToolResultOutput =
  | { type: 'text'; value: string }
  | { type: 'json'; value: JsonValue }
  | { type: 'error-text'; value: string }
  | { type: 'error-json'; value: JsonValue }
  | { type: 'execution-denied'; reason?: string }
  | { type: 'content'; value: ProviderToolResultContentPart[] };

/**
 * A part of a `content` tool result, in the v3 shape: text, or a file with base64 data
 * (`image-data` is v3's part for an image, which `forSpecification` makes of image files).
 * `forSpecification` turns files into v2's `media` and v4's `file` parts.
 */
export type ProviderToolResultContentPart =
  | { type: 'text'; text: string }
  | { type: 'file-data'; data: string; mediaType: string; filename?: string }
  | { type: 'image-data'; data: string; mediaType: string };

export interface ProviderToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: ProviderToolResultOutput;
}

export type ProviderMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: Array<ProviderTextPart | ProviderFilePart> }
  | { role: 'assistant'; content: Array<ProviderTextPart | ProviderReasoningPart | ProviderToolCallPart> }
  | { role: 'tool'; content: ProviderToolResultPart[] };

export type ProviderPrompt = ProviderMessage[];

export type JsonValue = null | string | number | boolean | JsonValue[] | { [key: string]: JsonValue };

export interface ProviderFunctionTool {
  type: 'function';
  name: string;
  description?: string;
  inputSchema: Record<string, unknown>;
}

export type ProviderToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  | { type: 'required' }
  | { type: 'tool'; toolName: string };

export interface ModelCallOptions {
  prompt: ProviderPrompt;
  tools?: ProviderFunctionTool[];
  toolChoice?: ProviderToolChoice;
  maxOutputTokens?: number;
  temperature?: number;
  abortSignal?: AbortSignal;
  headers?: Record<string, string | undefined>;
}

/**
 * Any AI SDK language model object: what `openai('gpt-5')`, `anthropic('claude-...')`,
 * `ollama('llama3')` and the kit's own adapters (`demoModel()`) return.
 *
 * @example
 * ```ts
 * import { openai } from '@ai-sdk/openai';
 * const agent = createAgent({ model: openai('gpt-5-mini') });
 * ```
 */
export interface LanguageModel {
  readonly specificationVersion: SpecificationVersion;
  readonly provider: string;
  readonly modelId: string;
  /**
   * Streams one step. The core calls it with {@link ModelCallOptions} (for a v2 model, in v2's
   * shape: a denied call's result as `error-text`). The parameter is declared `never` so that the
   * provider objects of every specification version fit as they are: each version's options type
   * differs a little (v2 has no `execution-denied`), so no one options type is assignable to all.
   */
  doStream(options: never): PromiseLike<{ stream: ReadableStream<unknown> }>;
}

export type FinishReason = 'stop' | 'length' | 'content-filter' | 'tool-calls' | 'error' | 'other';

export interface StreamUsage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  totalTokens: number;
}

/**
 * A model stream part after normalization: the same shape whatever the specification
 * version. Parts the core has no use for (metadata, raw chunks, pings) are dropped.
 */
export type ModelStreamEvent =
  | { type: 'text-start'; id: string }
  | { type: 'text-delta'; id: string; delta: string }
  | { type: 'text-end'; id: string }
  | { type: 'reasoning-start'; id: string; providerMetadata?: ProviderMetadata }
  | { type: 'reasoning-delta'; id: string; delta: string; providerMetadata?: ProviderMetadata }
  | { type: 'reasoning-end'; id: string; providerMetadata?: ProviderMetadata }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-input-delta'; id: string; delta: string }
  | { type: 'tool-input-end'; id: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  /** A source the reply drew on: a web page (`url`) or a document. */
  | { type: 'source'; id: string; sourceType: 'url' | 'document'; url?: string; title?: string; mediaType?: string; filename?: string }
  /** `rawFinishReason`: the provider's own word (`refusal`, `content_filter`, `end_turn`), when it gave one. */
  | { type: 'finish'; finishReason: FinishReason; rawFinishReason?: string; usage: StreamUsage }
  | { type: 'error'; error: unknown };
