/**
 * `remoteModel(url)`: a model whose calls go to the kit's backend (`createAgentHandler` in
 * `react-agent-kit/server`), which holds the model and its API key. The browser sends the prompt
 * and the tool declarations; the server streams the step back as the same v3 parts any provider
 * streams, so everything downstream (the loop, retries, the UI) is unchanged.
 */
import type { ModelStepPart, ModelStepRequest } from './wire-format';
import type { ModelCallOptions } from '../model/language-model';
import { ApiCallError } from '../providers/api-call-error';
import { postForStream } from '../providers/fetch-event-stream';
import type { FetchLanguageModel, V3StreamPart } from '../providers/stream-parts';
import { toReadableStream } from '../providers/to-readable-stream';
import { ndjsonLines } from './ndjson-lines';

/** Options of {@link remoteModel}. */
export interface RemoteModelOptions {
  /** Which of the server's models, when it offers several by name. */
  model?: string;
  /** Headers for every request (say, `authorization`); a function is called per request. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
}

const label = 'The agent server';

/**
 * A model served by your backend: `url` is where `createAgentHandler` is mounted (its
 * `basePath`). Failures are retried by the agent like any provider's: the server passes on
 * the provider's status and `retry-after`, never its key or raw error.
 *
 * @example
 * ```ts
 * import { createAgent } from 'react-agent-kit';
 * import { remoteModel } from 'react-agent-kit/providers';
 *
 * const agent = createAgent({ model: remoteModel('/api/agent') });
 * ```
 */
export function remoteModel(url: string, options: RemoteModelOptions = {}): FetchLanguageModel {
  if (typeof url !== 'string' || url === '') throw new TypeError('remoteModel: pass the URL where the agent handler is mounted, e.g. remoteModel("/api/agent").');
  const endpoint = `${url.replace(/\/+$/, '')}/model`;
  return {
    specificationVersion: 'v3',
    provider: 'remote',
    modelId: options.model ?? 'server',
    supportedUrls: {},
    async doStream(call: ModelCallOptions) {
      const requestBody: ModelStepRequest = {
        prompt: call.prompt,
        ...(call.tools?.length ? { tools: call.tools } : {}),
        ...(call.toolChoice ? { toolChoice: call.toolChoice } : {}),
        ...(call.maxOutputTokens !== undefined ? { maxOutputTokens: call.maxOutputTokens } : {}),
        ...(call.temperature !== undefined ? { temperature: call.temperature } : {}),
        ...(options.model !== undefined ? { model: options.model } : {}),
      };
      const body = await postForStream(
        {
          label,
          url: endpoint,
          requestBody,
          credentials: 'session',
          headers: { 'content-type': 'application/json', ...(typeof options.headers === 'function' ? options.headers() : options.headers) },
          fetch: options.fetch,
          signal: call.abortSignal,
        },
        // The steps are NDJSON; a plain JSON or HTML answer is an error page.
        (contentType) => /html/i.test(contentType) || /^application\/json/i.test(contentType),
      );
      return { stream: toReadableStream(stepParts(body, endpoint)) };
    },
  };
}

async function* stepParts(body: ReadableStream<Uint8Array>, url: string): AsyncGenerator<V3StreamPart, void, undefined> {
  yield { type: 'stream-start', warnings: [] };
  try {
    for await (const line of ndjsonLines(body)) {
      if ('malformed' in line) {
        yield { type: 'error', error: new ApiCallError({ message: `${label} sent a line that is not JSON: ${line.malformed}`, url, isRetryable: false }) };
        return;
      }
      const part = line.value as ModelStepPart;
      if (part?.type === 'error') {
        const { message, status, retryable, retryAfterSeconds } = part.error ?? {};
        yield {
          type: 'error',
          error: new ApiCallError({
            message: typeof message === 'string' ? message : `${label} reported an error.`,
            url,
            ...(typeof status === 'number' ? { statusCode: status } : {}),
            ...(typeof retryable === 'boolean' ? { isRetryable: retryable } : {}),
            ...(typeof retryAfterSeconds === 'number' ? { responseHeaders: { 'retry-after': String(retryAfterSeconds) } } : {}),
          }),
        };
        return;
      }
      yield part;
    }
  } catch {
    // The connection broke mid-step: end quietly; the missing `finish` tells the agent the reply was cut off.
  }
}
