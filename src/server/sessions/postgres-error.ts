import { PersistenceError } from '../../core/index';

/**
 * Turns what `pg` threw into a `PersistenceError`: `unavailable` when the database cannot be
 * reached (refused, timed out, shutting down, too many connections), `failed` for any other
 * error, with Postgres's message and code. A `PersistenceError` passes through unchanged.
 *
 * @example
 * ```ts
 * try { await pool.query(sql); } catch (error) { throw toPostgresPersistenceError(error, 'listing sessions'); }
 * ```
 */
export function toPostgresPersistenceError(error: unknown, doing: string): PersistenceError {
  if (error instanceof PersistenceError) return error;
  const code = typeof (error as { code?: unknown } | null)?.code === 'string' ? (error as { code: string }).code : '';
  const message = error instanceof Error ? error.message : String(error);
  const detail = code === '' ? message : `${message} (${code})`;
  if (isUnreachable(code)) {
    return new PersistenceError('unavailable', `The Postgres database could not be reached while ${doing}: ${detail}.`, { cause: error });
  }
  return new PersistenceError('failed', `Postgres failed while ${doing}: ${detail}.`, { cause: error });
}

function isUnreachable(code: string): boolean {
  // Class 08: connection exceptions; 57P01-57P03: the server is shutting down or starting; 53300: too many connections.
  return code.startsWith('08') || /^57P0[123]$/.test(code) || code === '53300' || ['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EAI_AGAIN', 'EHOSTUNREACH'].includes(code);
}
