/**
 * Raised when a model stream ends before the model finished its reply: the connection was cut
 * (the stream ends without a `finish` part), or the provider says so itself (spec v4's finish
 * reason `interrupted`). Retryable, but the loop retries only while nothing has streamed yet.
 *
 * @example
 * ```ts
 * throw new StreamInterruptedError('The model stream ended before the model finished its reply.');
 * ```
 */
export class StreamInterruptedError extends Error {
  override readonly name = 'StreamInterruptedError';
  readonly isRetryable = true;
}
