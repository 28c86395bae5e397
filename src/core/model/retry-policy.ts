/**
 * When and how long to wait before asking the model again. Only failures that happen before
 * any output has streamed are retried (see `stream-model-step.ts`): after that, a retry
 * would show the user the same words twice.
 */
export interface RetryPolicy {
  /** Attempts after the first one. Default 2. */
  maxRetries: number;
  /** First delay; doubles each attempt, with jitter. Default 500 ms. */
  initialDelayMs: number;
  /** Upper bound for any one delay, including a server's retry-after. Default 20 s. */
  maxDelayMs: number;
}

export const defaultRetryPolicy: RetryPolicy = { maxRetries: 2, initialDelayMs: 500, maxDelayMs: 20_000 };

/**
 * Whether an error from a model call is worth retrying: rate limits, overload, server errors,
 * timeouts and network failures are; bad requests, auth and aborts are not. Understands the
 * AI SDK's `APICallError` shape (`isRetryable`, `statusCode`) without importing it.
 *
 * @example
 * ```ts
 * isRetryableError({ statusCode: 429 }); // true
 * isRetryableError({ statusCode: 401 }); // false
 * ```
 */
export function isRetryableError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { name?: unknown; isRetryable?: unknown; statusCode?: unknown; status?: unknown };
  if (candidate.name === 'AbortError') return false;
  if (typeof candidate.isRetryable === 'boolean') return candidate.isRetryable;
  const status = typeof candidate.statusCode === 'number' ? candidate.statusCode : candidate.status;
  if (typeof status === 'number') return status === 408 || status === 409 || status === 429 || status >= 500;
  // fetch rejects with a TypeError when the network is down.
  return candidate.name === 'TypeError';
}

/**
 * Delay before retry number `attempt` (1-based): the server's `retry-after` when it sent one,
 * otherwise exponential backoff with jitter, capped by `maxDelayMs`.
 */
export function retryDelayMs(attempt: number, error: unknown, policy: RetryPolicy, random: () => number = Math.random): number {
  const fromServer = retryAfterMs(error);
  if (fromServer !== undefined) return Math.min(fromServer, policy.maxDelayMs);
  const base = policy.initialDelayMs * 2 ** (attempt - 1);
  return Math.min(policy.maxDelayMs, Math.round(base * (0.75 + random() * 0.5)));
}

function retryAfterMs(error: unknown): number | undefined {
  const headers = (error as { responseHeaders?: Record<string, string | undefined> } | null)?.responseHeaders;
  if (!headers) return undefined;
  const milliseconds = Number(headers['retry-after-ms']);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const value = headers['retry-after'];
  if (value === undefined) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
