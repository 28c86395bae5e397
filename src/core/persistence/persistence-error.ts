/**
 * Why persistence failed, as a string union so callers can `switch` on it exhaustively:
 * - `unavailable`: no IndexedDB here (Node without a polyfill, a private window that refuses it),
 *   or the database could not be opened (blocked by another tab, a security error).
 * - `quota-exceeded`: the browser refused to store more; the failed save changed nothing.
 * - `future-format`: the data was written by a newer version of this library; it is left untouched.
 * - `invalid-record`: a record handed to `save`/`saveAll` is not a well-formed `FileRecord`.
 * - `corrupt`: what was read back is not in the expected shape.
 * - `invalid-archive`: an imported archive is not ours or has bad entries.
 * - `closed`: the storage was used after `close()`.
 * - `conflict`: another tab or agent saved the same session first; nothing was written.
 * - `failed`: any other storage failure (the message says which).
 *
 * @example
 * ```ts
 * const code: PersistenceErrorCode = 'quota-exceeded';
 * ```
 */
export type PersistenceErrorCode =
  | 'unavailable'
  | 'quota-exceeded'
  | 'future-format'
  | 'invalid-record'
  | 'corrupt'
  | 'invalid-archive'
  | 'closed'
  | 'conflict'
  | 'failed';

/**
 * The one error type that the persistence layer throws or reports. `cause` keeps the original
 * error (often a `DOMException`) for logging.
 *
 * @example
 * ```ts
 * try {
 *   await storage.save({ written, deleted: [] });
 * } catch (error) {
 *   if (error instanceof PersistenceError && error.code === 'quota-exceeded') showStorageFullNotice();
 * }
 * ```
 */
export class PersistenceError extends Error {
  override readonly name = 'PersistenceError';
  readonly code: PersistenceErrorCode;
  /** How long a server that turned the request away asked to wait before it is sent again (its 503's `retry-after`), in milliseconds, when it said. */
  readonly retryAfterMs?: number;

  constructor(code: PersistenceErrorCode, message: string, options?: { cause?: unknown; retryAfterMs?: number }) {
    super(message, options);
    this.code = code;
    if (options?.retryAfterMs !== undefined) this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * Turns whatever IndexedDB threw or aborted with into a `PersistenceError`. A `PersistenceError`
 * passes through unchanged. Matching is by `name` rather than `instanceof DOMException` because
 * polyfills and other realms (workers, iframes) bring their own exception classes.
 *
 * @example
 * ```ts
 * toPersistenceError(new DOMException('full', 'QuotaExceededError'), 'saving files').code; // 'quota-exceeded'
 * ```
 */
export function toPersistenceError(error: unknown, doing: string): PersistenceError {
  if (error instanceof PersistenceError) return error;
  const name = errorName(error);
  const detail = error instanceof Error || isNamed(error) ? `${name}: ${messageOf(error)}` : String(error);
  switch (name) {
    case 'QuotaExceededError':
      return new PersistenceError(
        'quota-exceeded',
        `The browser's storage quota is exhausted while ${doing}; nothing from this save was stored (${detail}).`,
        { cause: error },
      );
    case 'VersionError':
      return new PersistenceError(
        'future-format',
        `The database was created by a newer version of react-agent-kit (${detail}); it was left untouched.`,
        { cause: error },
      );
    case 'SecurityError':
    case 'InvalidStateError':
      return new PersistenceError('unavailable', `IndexedDB is not usable here while ${doing} (${detail}).`, {
        cause: error,
      });
    default:
      return new PersistenceError('failed', `Storage failed while ${doing} (${detail}).`, { cause: error });
  }
}

function isNamed(error: unknown): error is { name: string; message?: unknown } {
  return typeof error === 'object' && error !== null && typeof (error as { name?: unknown }).name === 'string';
}

function errorName(error: unknown): string {
  return isNamed(error) ? error.name : 'Error';
}

function messageOf(error: unknown): string {
  if (isNamed(error) && typeof error.message === 'string') return error.message;
  return '';
}
