/**
 * The shell's commands recognize failures by Node-style errno codes ("ENOENT: no such file or
 * directory, open '/a.txt'"), so that `cat missing` prints "No such file or directory" like a real
 * shell. This file translates the sandbox's refusals into that form, keeping the sandbox's own
 * explanation for the rules a real filesystem does not have (quotas, the root boundary).
 */
import { isSandboxError, type SandboxErrorCode } from '../tree/sandbox-errors';

/** The errno codes the adapter produces. */
export type ErrnoCode = 'ENOENT' | 'EEXIST' | 'EISDIR' | 'ENOTDIR' | 'ENOTEMPTY' | 'EACCES' | 'EPERM' | 'EINVAL' | 'ENAMETOOLONG' | 'ENOSPC' | 'ENOTSUP' | 'EIO';

/** An error shaped like Node's `fs` errors: `code`, `syscall`, `path`, and a message that starts with the code. */
export interface ErrnoError extends Error {
  code: ErrnoCode;
  syscall: string;
  path: string;
}

const descriptions: Record<ErrnoCode, string> = {
  ENOENT: 'no such file or directory',
  EEXIST: 'file already exists',
  EISDIR: 'illegal operation on a directory',
  ENOTDIR: 'not a directory',
  ENOTEMPTY: 'directory not empty',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EINVAL: 'invalid argument',
  ENAMETOOLONG: 'name too long',
  ENOSPC: 'no space left on device',
  ENOTSUP: 'operation not supported',
  EIO: 'input/output error',
};

/**
 * Which errno a sandbox refusal becomes. Refusals that come from the sandbox's own rules (the
 * root boundary, forbidden characters) are permission errors; quotas are "no space left".
 */
const errnoOf: Record<SandboxErrorCode, ErrnoCode> = {
  'not-found': 'ENOENT',
  'already-exists': 'EEXIST',
  'is-a-directory': 'EISDIR',
  'not-a-directory': 'ENOTDIR',
  'directory-not-empty': 'ENOTEMPTY',
  'invalid-path': 'EACCES',
  'path-escapes-root': 'EACCES',
  'path-has-nul': 'EACCES',
  'path-has-backslash': 'EACCES',
  'path-empty-segment': 'EACCES',
  'path-is-root': 'EPERM',
  'move-into-self': 'EINVAL',
  'name-too-long': 'ENAMETOOLONG',
  'path-too-long': 'ENAMETOOLONG',
  'path-too-deep': 'ENAMETOOLONG',
  'file-too-large': 'ENOSPC',
  'quota-bytes': 'ENOSPC',
  'quota-files': 'ENOSPC',
  'invalid-content': 'EINVAL',
  'invalid-pattern': 'EINVAL',
  'regex-engine-not-loaded': 'ENOTSUP',
  'unknown-checkpoint': 'EIO',
  'invalid-records': 'EIO',
};

// Plain "no such file" style codes need no further explanation; for the rest the sandbox's message
// says which rule applied ("the sandbox is limited to 100 files"), which a model can act on.
const selfExplanatory = new Set<ErrnoCode>(['ENOENT', 'EEXIST', 'EISDIR', 'ENOTDIR', 'ENOTEMPTY']);

/**
 * Creates a Node-style filesystem error: `EISDIR: illegal operation on a directory, read '/src'`.
 * `detail` is appended in parentheses.
 *
 * @example
 * ```ts
 * throw errnoError('EPERM', 'symlink', '/link', 'the sandbox has no symbolic links');
 * ```
 */
export function errnoError(code: ErrnoCode, syscall: string, path: string, detail?: string): ErrnoError {
  const message = `${code}: ${descriptions[code]}, ${syscall} '${path}'${detail === undefined ? '' : ` (${detail})`}`;
  return Object.assign(new Error(message), { code, syscall, path });
}

/**
 * Translates a thrown value into the error the shell expects. A `SandboxError` becomes an
 * errno-style error; anything else is passed through unchanged.
 *
 * @example
 * ```ts
 * try {
 *   sandbox.readFile('/missing');
 * } catch (error) {
 *   throw toErrnoError(error, 'open', '/missing'); // ENOENT: no such file or directory, open '/missing'
 * }
 * ```
 */
export function toErrnoError(error: unknown, syscall: string, path: string): unknown {
  if (!isSandboxError(error)) return error;
  const code = errnoOf[error.code];
  return errnoError(code, syscall, path, selfExplanatory.has(code) ? undefined : error.message);
}

/**
 * Runs a synchronous sandbox operation and translates its refusal.
 *
 * @example
 * ```ts
 * const text = translate('open', path, () => sandbox.readFile(path));
 * ```
 */
export function translate<T>(syscall: string, path: string, operation: () => T): T {
  try {
    return operation();
  } catch (error) {
    throw toErrnoError(error, syscall, path);
  }
}
