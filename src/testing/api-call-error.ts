/**
 * An error shaped like the AI SDK's `APICallError` (what providers throw for an HTTP failure),
 * built without importing the AI SDK. It carries the AI SDK's markers, so
 * `APICallError.isInstance(error)` is true, and the fields the kit's retry logic reads.
 */

// The AI SDK recognizes its errors by these global symbols, across package copies and versions.
const aiSdkErrorMarker = Symbol.for('vercel.ai.error');
const apiCallErrorMarker = Symbol.for('vercel.ai.error.AI_APICallError');

/** Options of {@link apiCallError}. */
export interface ApiCallErrorOptions {
  message?: string;
  /** HTTP status, e.g. 429 (rate limited) or 500. */
  status?: number;
  /** Seconds to wait, sent as the `retry-after` response header. */
  retryAfter?: number;
  /** Default: the AI SDK's rule (408, 409, 429 and 5xx are retryable). */
  isRetryable?: boolean;
  cause?: unknown;
}

/**
 * The error a real provider's `doStream` rejects with when the HTTP call fails.
 *
 * @example
 * ```ts
 * const error = new ScriptedApiCallError({ status: 429, retryAfter: 2 });
 * error.isRetryable; // true
 * error.responseHeaders; // { 'retry-after': '2' }
 * ```
 */
export class ScriptedApiCallError extends Error {
  override readonly name = 'AI_APICallError';
  readonly statusCode: number | undefined;
  readonly isRetryable: boolean;
  readonly responseHeaders: Record<string, string> | undefined;
  readonly url = 'https://scripted-model.invalid/v1/stream';
  readonly requestBodyValues: Record<string, unknown> = {};
  readonly responseBody: string | undefined;
  readonly [aiSdkErrorMarker] = true;
  readonly [apiCallErrorMarker] = true;

  constructor(options: ApiCallErrorOptions = {}) {
    const status = options.status;
    super(options.message ?? (status === undefined ? 'The model call failed.' : `The model call failed with HTTP status ${status}.`), {
      cause: options.cause,
    });
    this.statusCode = status;
    this.isRetryable =
      options.isRetryable ?? (status !== undefined && (status === 408 || status === 409 || status === 429 || status >= 500));
    this.responseHeaders = options.retryAfter === undefined ? undefined : { 'retry-after': String(options.retryAfter) };
    this.responseBody = status === undefined ? undefined : JSON.stringify({ error: { message: this.message } });
  }
}

/**
 * Shorthand for `new ScriptedApiCallError(options)`.
 *
 * @example
 * ```ts
 * const model = scriptedModel([{ type: 'throw', error: apiCallError({ status: 500 }) }, 'Recovered.']);
 * ```
 */
export function apiCallError(options: ApiCallErrorOptions = {}): ScriptedApiCallError {
  return new ScriptedApiCallError(options);
}
