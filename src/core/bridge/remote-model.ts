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
import { deadlineOption, isRequestTimeout, withIdleDeadline } from '../providers/fetch-deadline';

/** Options of {@link remoteModel}. */
export interface RemoteModelOptions {
  /** Which of the server's models, when it offers several by name. */
  model?: string;
  /** Headers for every request (say, `authorization`); a function is called per request. */
  headers?: Record<string, string> | (() => Record<string, string>);
  /** A fetch to use instead of the global one. */
  fetch?: typeof globalThis.fetch;
  /**
   * How long the server may take to start answering a step (status and headers; the kit's Node
   * adapter sends them with the first part). Past it the request is given up and retried like a
   * server that cannot be reached. Default 120000 (2 min); raise it for models that think
   * silently for longer before their first word.
   */
  responseTimeoutMs?: number;
  /**
   * How long the streamed step may go silent between two parts before it is given up: the step
   * ends with a retryable error that says so (what streamed is kept). A slow step that keeps
   * streaming is never cut off. Default 120000 (2 min).
   */
  idleTimeoutMs?: number;
}

const label = 'The agent server';
/** The default deadline for a step to start, and between two of its parts. */
const defaultStepTimeoutMs = 120_000;

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
  const responseTimeoutMs = deadlineOption('remoteModel', 'responseTimeoutMs', options.responseTimeoutMs, defaultStepTimeoutMs);
  const idleTimeoutMs = deadlineOption('remoteModel', 'idleTimeoutMs', options.idleTimeoutMs, defaultStepTimeoutMs);
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
          responseTimeoutMs,
        },
        // The steps are NDJSON; a plain JSON or HTML answer is an error page.
        (contentType) => /html/i.test(contentType) || /^application\/json/i.test(contentType),
      );
      return { stream: toReadableStream(stepParts(withIdleDeadline(body, idleTimeoutMs, endpoint), endpoint)) };
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
  } catch (error) {
    // Silent past the deadline: said as such (retryable), since nothing else would tell a stalled server from a slow one.
    if (isRequestTimeout(error)) yield { type: 'error', error: new ApiCallError({ message: `${label} stopped sending the step: ${(error as Error).message}`, url, isRetryable: true, cause: error }) };
    // Otherwise the connection broke mid-step: end quietly; the missing `finish` tells the agent the reply was cut off.
  }
}
