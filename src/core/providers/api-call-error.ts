// The AI SDK recognizes its errors by these global symbols, across package copies and versions,
// so `APICallError.isInstance(error)` holds for ours without importing the AI SDK.
const aiSdkErrorMarker = Symbol.for('vercel.ai.error');
const apiCallErrorMarker = Symbol.for('vercel.ai.error.AI_APICallError');

/** Fields of an {@link ApiCallError}. */
export interface ApiCallErrorFields {
  message: string;
  url: string;
  requestBodyValues?: unknown;
  /** HTTP status; absent when the server was never reached. */
  statusCode?: number;
  responseHeaders?: Record<string, string>;
  responseBody?: string;
  /** Default: the AI SDK's rule (408, 409, 429 and 5xx are worth retrying). */
  isRetryable?: boolean;
  cause?: unknown;
}

/**
 * A failed model request, shaped like the AI SDK's `APICallError`: the core's retry reads
 * `isRetryable`, `statusCode` and the `retry-after` response header, and UIs can show
 * `message`. The adapters build it so that the message never contains the API key.
 *
 * @example
 * ```ts
 * try {
 *   await model.doStream({ prompt });
 * } catch (error) {
 *   if (error instanceof ApiCallError && error.statusCode === 401) showKeyDialog();
 * }
 * ```
 */
export class ApiCallError extends Error {
  override readonly name = 'AI_APICallError';
  readonly url: string;
  readonly requestBodyValues: unknown;
  readonly statusCode: number | undefined;
  readonly responseHeaders: Record<string, string> | undefined;
  readonly responseBody: string | undefined;
  readonly isRetryable: boolean;
  readonly [aiSdkErrorMarker] = true;
  readonly [apiCallErrorMarker] = true;

  constructor(fields: ApiCallErrorFields) {
    super(fields.message, { cause: fields.cause });
    this.url = fields.url;
    this.requestBodyValues = fields.requestBodyValues;
    this.statusCode = fields.statusCode;
    this.responseHeaders = fields.responseHeaders;
    this.responseBody = fields.responseBody;
    this.isRetryable = fields.isRetryable ?? (fields.statusCode !== undefined && isRetryableStatus(fields.statusCode));
  }
}

/**
 * The AI SDK's rule for statuses worth retrying: timeouts, conflicts, rate limits, server errors.
 *
 * @example
 * ```ts
 * isRetryableStatus(429); // true
 * isRetryableStatus(401); // false
 * ```
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** Who was called, for messages, and the secret that must not appear in them. */
export interface RequestContext {
  /** The provider as people know it: "OpenAI", "Anthropic", "localhost:11434". */
  label: string;
  url: string;
  requestBody: unknown;
  apiKey?: string | undefined;
  /** How the caller proves who it is: an API key (the default), or the app's own session (the kit's backend). */
  credentials?: 'api-key' | 'session';
}

/**
 * The error for a response with a failure status: reads its body and says in words what
 * happened, e.g. "Anthropic rejected the API key (401): invalid x-api-key".
 *
 * @example
 * ```ts
 * if (!response.ok) throw await apiCallErrorFromResponse(response, { label: 'OpenAI', url, requestBody: body, apiKey });
 * ```
 */
export async function apiCallErrorFromResponse(response: Response, context: RequestContext): Promise<ApiCallError> {
  const status = response.status;
  const responseBody = redact(await response.text().catch(() => ''), context.apiKey);
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    responseHeaders[name] = value;
  });
  const detail = errorDetail(responseBody);
  return new ApiCallError({
    message: `${context.label} ${statusPhrase(status, context.credentials === 'session' ? 'session' : context.apiKey !== undefined ? 'key' : 'none')} (${status})${detail ? `: ${detail}` : '.'}`,
    url: context.url,
    requestBodyValues: context.requestBody,
    statusCode: status,
    responseHeaders,
    responseBody,
  });
}

/**
 * The error for a request that never got a response (offline, DNS, CORS, refused
 * connection). It stays retryable, like the `TypeError` fetch rejects with.
 *
 * @example
 * ```ts
 * const response = await fetch(url).catch((cause) => { throw networkError(cause, context); });
 * ```
 */
export function networkError(cause: unknown, context: RequestContext): ApiCallError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new ApiCallError({
    message: redact(`Could not reach ${context.label} at ${context.url}: ${reason}`, context.apiKey),
    url: context.url,
    requestBodyValues: context.requestBody,
    isRetryable: true,
    cause,
  });
}

// Error types both APIs use in bodies and in-stream error events, by the status they mean.
const statusByErrorType: Record<string, number> = {
  invalid_request_error: 400,
  authentication_error: 401,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  server_error: 500,
  overloaded_error: 529,
};

/**
 * The error for an error event inside a stream that started fine (Anthropic's `error`
 * event, an OpenAI-style `{ error }` chunk). Its status comes from the error type, so an
 * overload before any output is retried like an HTTP 529.
 *
 * @example
 * ```ts
 * streamError({ type: 'overloaded_error', message: 'Overloaded' }, context).isRetryable; // true
 * ```
 */
export function streamError(payload: unknown, context: RequestContext): ApiCallError {
  const error = (typeof payload === 'object' && payload !== null ? payload : { message: String(payload) }) as { type?: unknown; code?: unknown; message?: unknown };
  const statusCode = typeof error.code === 'number' ? error.code : statusByErrorType[String(error.type)];
  const detail = typeof error.message === 'string' ? error.message : JSON.stringify(payload);
  return new ApiCallError({
    message: redact(`${context.label} reported an error in the stream${statusCode ? ` (${statusCode})` : ''}: ${detail}`, context.apiKey),
    url: context.url,
    requestBodyValues: context.requestBody,
    statusCode,
    isRetryable: statusCode !== undefined && isRetryableStatus(statusCode),
  });
}

/**
 * `text` with every occurrence of `secret` replaced, for servers that echo the key back.
 *
 * @example
 * ```ts
 * redact('bad key sk-123', 'sk-123'); // 'bad key [redacted]'
 * ```
 */
export function redact(text: string, secret: string | undefined): string {
  return secret ? text.split(secret).join('[redacted]') : text;
}

function statusPhrase(status: number, sent: 'key' | 'none' | 'session'): string {
  if (status < 300) return 'answered without an event stream';
  if (status === 401) return sent === 'session' ? 'did not authorize the request' : sent === 'key' ? 'rejected the API key' : 'requires an API key';
  if (status === 403) return 'refused access';
  if (status === 404) return 'does not know this endpoint or model';
  if (status === 408) return 'timed out';
  if (status === 413) return 'found the request too large';
  if (status === 429) return 'is rate limiting requests';
  if (status === 503 || status === 529) return 'is overloaded';
  if (status >= 500) return 'had a server error';
  return 'rejected the request';
}

/**
 * The explanation in an error response's body: `{ error: { message } }` (OpenAI, Anthropic, the
 * kit's own server), `{ error: "..." }` (Ollama), `{ message }`, or short plain text; not an HTML page.
 *
 * @example
 * ```ts
 * errorDetail('{"error":{"message":"Rate limit reached"}}'); // 'Rate limit reached'
 * ```
 */
export function errorDetail(body: string): string {
  let detail = body.trim();
  try {
    const parsed = JSON.parse(detail) as { error?: { message?: unknown } | string; message?: unknown } | string | null;
    const candidate = typeof parsed === 'string' || parsed === null ? parsed : typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message);
    detail = typeof candidate === 'string' ? candidate : '';
  } catch {
    // Not JSON: an HTML error page says little; a short plain text may help.
    if (detail.startsWith('<')) detail = '';
  }
  return detail.length > 300 ? `${detail.slice(0, 300)}…` : detail;
}
