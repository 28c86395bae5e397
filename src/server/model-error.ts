/**
 * What the browser learns about a failed model call: the provider's HTTP status, whether to retry
 * and how long to wait, in words of our own. Never the provider's message or response body: those
 * can quote the request, the account, or part of the API key.
 */
import type { BridgeError } from '../core/index';

interface ProviderErrorShape {
  statusCode?: unknown;
  isRetryable?: unknown;
  responseHeaders?: Record<string, string | undefined>;
  name?: unknown;
}

/**
 * @example
 * ```ts
 * toBridgeError(apiCallErrorWithStatus429); // { code: 'model-error', status: 429, retryable: true, retryAfterSeconds: 2, message: 'The model provider is rate limiting …' }
 * ```
 */
export function toBridgeError(error: unknown): BridgeError {
  const shape = (typeof error === 'object' && error !== null ? error : {}) as ProviderErrorShape;
  const status = typeof shape.statusCode === 'number' ? shape.statusCode : undefined;
  const retryable = typeof shape.isRetryable === 'boolean' ? shape.isRetryable : status !== undefined && (status === 408 || status === 409 || status === 429 || status >= 500);
  const retryAfter = Number(shape.responseHeaders?.['retry-after']);
  return {
    code: 'model-error',
    message: describeStatus(status),
    ...(status !== undefined ? { status } : {}),
    retryable,
    ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}),
  };
}

function describeStatus(status: number | undefined): string {
  if (status === undefined) return 'The model call failed on the server. The server log has the details.';
  if (status === 401 || status === 403) return `The model provider refused the server's credentials (${status}). The server's API key is missing, wrong or lacks access.`;
  if (status === 404) return 'The model provider does not know the configured model (404).';
  if (status === 429) return 'The model provider is rate limiting the server (429). Try again shortly.';
  if (status >= 500) return `The model provider failed (${status}). Try again shortly.`;
  return `The model provider rejected the request (${status}).`;
}
