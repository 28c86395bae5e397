/**
 * Builders for the items of a scripted model's steps, so tests read like the conversation
 * they script: `scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('Sunny.')])`.
 */
import type { ScriptedItem } from '../core/scripted/scripted-model';
import { apiCallError } from './api-call-error';

/**
 * The model writes `value` (streamed in chunks of 1-3 words).
 *
 * @example
 * ```ts
 * scriptedModel([text('Hello!')]);
 * ```
 */
export function text(value: string): ScriptedItem {
  return { type: 'text', text: value };
}

/**
 * The model thinks `value` out loud, in a reasoning part.
 *
 * @example
 * ```ts
 * scriptedModel([[reasoning('The user wants a greeting.'), text('Hello!')]]);
 * ```
 */
export function reasoning(value: string): ScriptedItem {
  return { type: 'reasoning', text: value };
}

/**
 * The model calls a tool; the input streams as JSON, then the call completes. The id is
 * derived from the prompt unless given.
 *
 * @example
 * ```ts
 * scriptedModel([toolCall('get_weather', { city: 'Paris' }), text('It is sunny in Paris.')]);
 * ```
 */
export function toolCall(toolName: string, input: object = {}, toolCallId?: string): ScriptedItem {
  return toolCallId === undefined ? { type: 'tool-call', toolName, input } : { type: 'tool-call', toolName, input, toolCallId };
}

/**
 * An `error` part in the middle of the stream, as when a connection drops after some output.
 * A string becomes an `Error` with that message.
 *
 * @example
 * ```ts
 * scriptedModel([[text('Half of the ans'), streamError('connection reset')]]);
 * ```
 */
export function streamError(error: unknown): ScriptedItem {
  return { type: 'error', error: typeof error === 'string' ? new Error(error) : error };
}

/** Options of {@link failingCall}: an HTTP status makes the error look like the AI SDK's `APICallError`. */
export interface FailingCallOptions {
  status?: number;
  /** Seconds, sent as the `retry-after` response header. */
  retryAfter?: number;
  isRetryable?: boolean;
}

/**
 * The model call itself fails: `doStream` rejects and nothing streams, like a refused HTTP
 * request. With `status`, the error has the `APICallError` shape (`name: 'AI_APICallError'`,
 * `statusCode`, `isRetryable`, `responseHeaders`), so retry logic can classify it.
 *
 * @example
 * ```ts
 * // Rate limited once, then the retry succeeds.
 * scriptedModel([failingCall('Too many requests', { status: 429, retryAfter: 1 }), text('Hello!')]);
 * ```
 */
export function failingCall(error: unknown = 'The model call failed.', options: FailingCallOptions = {}): ScriptedItem {
  const shaped = options.status !== undefined || options.retryAfter !== undefined || options.isRetryable !== undefined;
  if (shaped) {
    const message = typeof error === 'string' ? error : error instanceof Error ? error.message : undefined;
    const cause = typeof error === 'string' ? undefined : error;
    return { type: 'throw', error: apiCallError({ ...options, message, cause }) };
  }
  return { type: 'throw', error: typeof error === 'string' ? new Error(error) : error };
}

/**
 * The model waits before its next item; `Infinity` waits until the call is aborted.
 *
 * @example
 * ```ts
 * scriptedModel([[text('Let me think'), pause(500), text('... done.')]], { chunkDelayMs: 0 });
 * ```
 */
export function pause(ms: number): ScriptedItem {
  return { type: 'pause', ms };
}

/**
 * A source the reply drew on, as providers send them (a `source` stream part): a web page with
 * `url`, or a document with `mediaType` (and `filename`). `id` is what the reply's citations name.
 *
 * @example
 * ```ts
 * scriptedModel([[text('Paris is the capital [1].'), source({ id: '1', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' })]]);
 * ```
 */
export function source(value: { id: string; url: string; title?: string } | { id: string; mediaType: string; title: string; filename?: string }): ScriptedItem {
  return { type: 'source', ...value };
}
