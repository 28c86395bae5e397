import type { ModelCallOptions } from '../model/language-model';
import { anthropicParts } from './anthropic-stream';
import { toAnthropicMessages, toAnthropicTools } from './anthropic-prompt';
import { fetchEventStream } from './fetch-event-stream';
import type { FetchLanguageModel } from './stream-parts';
import { toReadableStream } from './to-readable-stream';

/** Options of {@link anthropic}. */
export interface AnthropicOptions {
  /**
   * Sent as `x-api-key`. In a browser page the key is visible to whoever uses the page: use it
   * for your own tools, or a user's own key; apps keep theirs on a backend (the kit's model route).
   */
  apiKey: string;
  /** The model id, e.g. `claude-sonnet-4-5`. */
  model: string;
  /** The API root, the part before `/messages`. Default `https://api.anthropic.com/v1`. */
  baseURL?: string;
  /** `max_tokens` when the agent sets no `limits.maxOutputTokens` (the API requires one). Default 8192, which every Claude model since 3.5 allows. */
  maxTokens?: number;
  /** Extra headers for every request (e.g. `anthropic-beta`). */
  headers?: Record<string, string>;
  /** A fetch to use instead of the global one (a proxy, a test double). */
  fetch?: typeof globalThis.fetch;
}

const defaultMaxTokens = 8192;

/**
 * A model for the Anthropic Messages API, over `fetch`, with no dependency. It streams text,
 * thinking (as reasoning) and tool calls, and reports usage. It sends the header that allows
 * calls from a browser page, since that is where the kit runs.
 *
 * It is an AI SDK language model of specification v3, so `createAgent` takes it like any
 * provider's model. Failures reject with an {@link ApiCallError} the core knows how to retry.
 *
 * @example
 * ```ts
 * import { createAgent } from 'react-agent-kit';
 * import { anthropic } from 'react-agent-kit/providers';
 *
 * const agent = createAgent({ model: anthropic({ apiKey: userKey, model: 'claude-sonnet-4-5' }) });
 * ```
 */
export function anthropic(options: AnthropicOptions): FetchLanguageModel {
  if (typeof options?.apiKey !== 'string' || !options.apiKey) throw new TypeError('anthropic: `apiKey` is required.');
  if (typeof options.model !== 'string' || !options.model) throw new TypeError('anthropic: `model` is required, e.g. "claude-sonnet-4-5".');
  const { apiKey, model } = options;
  const url = `${(options.baseURL ?? 'https://api.anthropic.com/v1').replace(/\/+$/, '')}/messages`;

  return {
    specificationVersion: 'v3',
    provider: 'anthropic.messages',
    modelId: model,
    supportedUrls: {},
    async doStream(call: ModelCallOptions) {
      const requestBody = {
        model,
        max_tokens: call.maxOutputTokens ?? options.maxTokens ?? defaultMaxTokens,
        ...toAnthropicMessages(call.prompt),
        ...toAnthropicTools(call.tools, call.toolChoice),
        temperature: call.temperature,
        stream: true,
      };
      const context = { label: 'Anthropic', url, requestBody, apiKey };
      const events = await fetchEventStream({
        ...context,
        headers: {
          'content-type': 'application/json',
          'x-api-key': apiKey,
          'anthropic-version': '2023-06-01',
          'anthropic-dangerous-direct-browser-access': 'true',
          ...options.headers,
          ...call.headers,
        },
        fetch: options.fetch,
        signal: call.abortSignal,
      });
      return { stream: toReadableStream(anthropicParts(events, context)) };
    },
  };
}
