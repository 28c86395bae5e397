import type { AgentError } from '../store/state';
import { isRetryableError } from '../model/retry-policy';
import { ApiCallError } from '../providers/api-call-error';

/**
 * A model failure in words a person can act on, without echoing request bodies or keys.
 * Understands the AI SDK's error shapes (`APICallError` with `statusCode`) by duck typing. The
 * kit's own adapters (`openAICompatible`, `anthropic`, `remoteModel`) word their errors for
 * people and keep keys out of them, so their message is used as it is: it names who failed
 * (the provider, or your agent server refusing the request) where a status alone cannot.
 *
 * @example
 * ```ts
 * describeModelError({ statusCode: 401 }).message; // 'The model provider refused the credentials (401). ...'
 * ```
 */
export function describeModelError(error: unknown): Omit<AgentError, 'at'> {
  const candidate = (typeof error === 'object' && error !== null ? error : {}) as { name?: unknown; statusCode?: unknown; message?: unknown };
  const retryable = isRetryableError(error);
  const status = typeof candidate.statusCode === 'number' ? candidate.statusCode : undefined;
  if (candidate.name === 'StreamInterruptedError') {
    return { code: 'model-stream-interrupted', message: 'The connection to the model was cut off before the reply finished.', retryable: true };
  }
  if (error instanceof ApiCallError) return { code: 'model-error', message: truncate(error.message, 300), retryable };
  // A failure with a success status happened after the response began: the stream broke (the AI
  // SDK's providers report a cut connection as "Failed to process successful response", 200).
  if (status !== undefined && status >= 200 && status < 300) {
    return { code: 'model-stream-interrupted', message: 'The connection to the model was cut off before the reply finished.', retryable: true };
  }
  if (status === 401 || status === 403) {
    return { code: 'model-error', message: `The model provider refused the credentials (${status}). Check the API key.`, retryable: false };
  }
  if (status === 429) return { code: 'model-error', message: 'The model provider is rate limiting requests (429).', retryable: true };
  if (status !== undefined && status >= 500) {
    return { code: 'model-error', message: `The model provider had a server error (${status}).`, retryable: true };
  }
  const detail = typeof candidate.message === 'string' && candidate.message ? candidate.message : typeof error === 'string' ? error : 'Unknown error.';
  return { code: 'model-error', message: `The model call failed: ${truncate(detail, 300)}`, retryable };
}

function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length)}…` : text;
}
