import type { FinishReason, LanguageModel, ModelCallOptions, ProviderMetadata } from '../model/language-model';

/** Token counts in the AI SDK's v3 shape; `undefined` where the provider did not say. */
export interface V3Usage {
  inputTokens: { total: number | undefined; noCache: number | undefined; cacheRead: number | undefined; cacheWrite: number | undefined };
  outputTokens: { total: number | undefined; text: number | undefined; reasoning: number | undefined };
}

/**
 * The stream parts the adapters emit: the subset of the AI SDK's `LanguageModelV3StreamPart`
 * that chat APIs produce, in exactly its shapes, so the core (and the AI SDK) read them as
 * they read any v3 provider's.
 */
export type V3StreamPart =
  | { type: 'stream-start'; warnings: [] }
  | { type: 'text-start' | 'text-end' | 'tool-input-end'; id: string }
  | { type: 'reasoning-start' | 'reasoning-end'; id: string; providerMetadata?: ProviderMetadata }
  | { type: 'text-delta' | 'tool-input-delta'; id: string; delta: string }
  | { type: 'reasoning-delta'; id: string; delta: string; providerMetadata?: ProviderMetadata }
  | { type: 'tool-input-start'; id: string; toolName: string }
  | { type: 'tool-call'; toolCallId: string; toolName: string; input: string }
  | { type: 'source'; sourceType: 'url'; id: string; url: string; title?: string }
  | { type: 'source'; sourceType: 'document'; id: string; mediaType: string; title: string; filename?: string }
  | { type: 'finish'; finishReason: { unified: FinishReason; raw: string | undefined }; usage: V3Usage }
  | { type: 'error'; error: unknown };

/**
 * What `openAICompatible()` and `anthropic()` return: a language model of specification v3
 * that streams over `fetch`, with no dependency.
 *
 * @example
 * ```ts
 * const model: FetchLanguageModel = anthropic({ apiKey, model: 'claude-sonnet-4-5' });
 * const { stream } = await model.doStream({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] });
 * ```
 */
export interface FetchLanguageModel extends LanguageModel {
  readonly specificationVersion: 'v3';
  /** No URLs are passed through as-is: the adapters send text only. */
  readonly supportedUrls: Record<string, RegExp[]>;
  doStream(options: ModelCallOptions): Promise<{ stream: ReadableStream<V3StreamPart> }>;
}

