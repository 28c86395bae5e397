import type { ModelCallOptions } from '../model/language-model';
import { fetchEventStream } from './fetch-event-stream';
import { toChatCompletionsMessages, toChatCompletionsTools } from './openai-compatible-prompt';
import { chatCompletionsParts } from './openai-compatible-stream';
import type { FetchLanguageModel } from './stream-parts';
import { toReadableStream } from './to-readable-stream';

/** Options of {@link openAICompatible}. */
export interface OpenAICompatibleOptions {
  /**
   * The API root, the part before `/chat/completions`: `https://api.openai.com/v1`,
   * `http://localhost:11434/v1` (Ollama), `http://localhost:1234/v1` (LM Studio),
   * `http://localhost:8000/v1` (vLLM), `http://localhost:8080/v1` (llama.cpp server).
   */
  baseURL: string;
  /** Sent as `Authorization: Bearer <apiKey>`. Local servers need none. */
  apiKey?: string;
  /** The model id, e.g. `gpt-5-mini`, `llama3.2`, `deepseek-reasoner`. */
  model: string;
  /** Extra headers for every request. */
  headers?: Record<string, string>;
  /** A fetch to use instead of the global one (a proxy, a test double). */
  fetch?: typeof globalThis.fetch;
  /** The provider's name for `model.provider` and error messages. Default: the host of `baseURL`. */
  name?: string;
}

/**
 * A model for any OpenAI-compatible chat completions endpoint, over `fetch`, with no
 * dependency: OpenAI, Ollama, LM Studio, vLLM, llama.cpp server, and the many hosted APIs
 * that speak the format (DeepSeek, xAI, Groq, OpenRouter, ...). It streams text, reasoning
 * (`reasoning_content` / `reasoning` deltas) and tool calls, and reports usage.
 *
 * It is an AI SDK language model of specification v3, so `createAgent` takes it like any
 * provider's model. Failures reject with an {@link ApiCallError} the core knows how to retry.
 *
 * @example
 * ```ts
 * import { createAgent } from 'react-agent-kit';
 * import { openAICompatible } from 'react-agent-kit/providers';
 *
 * const local = openAICompatible({ baseURL: 'http://localhost:11434/v1', model: 'llama3.2', name: 'ollama' });
 * const agent = createAgent({ model: local });
 * ```
 */
export function openAICompatible(options: OpenAICompatibleOptions): FetchLanguageModel {
  if (typeof options?.baseURL !== 'string' || !options.baseURL) throw new TypeError('openAICompatible: `baseURL` is required, e.g. "http://localhost:11434/v1".');
  if (typeof options.model !== 'string' || !options.model) throw new TypeError('openAICompatible: `model` is required, e.g. "gpt-5-mini".');
  const { apiKey, model } = options;
  const url = `${options.baseURL.replace(/\/+$/, '')}/chat/completions`;
  const label = options.name ?? /^[a-z]+:\/\/([^/]+)/i.exec(options.baseURL)?.[1] ?? options.baseURL;
  // OpenAI's reasoning models refuse max_tokens; other servers may not know its successor.
  const tokenLimitField = /^https:\/\/api\.openai\.com\//.test(url) ? 'max_completion_tokens' : 'max_tokens';

  return {
    specificationVersion: 'v3',
    provider: options.name ?? 'openai-compatible',
    modelId: model,
    supportedUrls: {},
    async doStream(call: ModelCallOptions) {
      const requestBody = {
        model,
        messages: toChatCompletionsMessages(call.prompt),
        ...toChatCompletionsTools(call.tools, call.toolChoice),
        [tokenLimitField]: call.maxOutputTokens,
        temperature: call.temperature,
        stream: true,
        stream_options: { include_usage: true },
      };
      const context = { label, url, requestBody, apiKey };
      const events = await fetchEventStream({
        ...context,
        headers: {
          'content-type': 'application/json',
          ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          ...options.headers,
          ...call.headers,
        },
        fetch: options.fetch,
        signal: call.abortSignal,
      });
      return { stream: toReadableStream(chatCompletionsParts(events, context)) };
    },
  };
}
