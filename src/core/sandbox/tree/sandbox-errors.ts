/**
 * Every refusal of the sandbox names the rule it applies, so a tool can tell the model exactly
 * what to change ("the path escapes the root") instead of a generic failure.
 */

/** The rule a refused sandbox operation broke. */
export type SandboxErrorCode =
  | 'invalid-path'
  | 'path-escapes-root'
  | 'path-has-nul'
  | 'path-has-backslash'
  | 'path-empty-segment'
  | 'name-too-long'
  | 'path-too-long'
  | 'path-too-deep'
  | 'path-is-root'
  | 'not-found'
  | 'not-a-directory'
  | 'is-a-directory'
  | 'already-exists'
  | 'directory-not-empty'
  | 'move-into-self'
  | 'file-too-large'
  | 'quota-bytes'
  | 'quota-files'
  | 'invalid-content'
  | 'invalid-pattern'
  | 'regex-engine-not-loaded'
  | 'unknown-checkpoint'
  | 'invalid-records';

/**
 * A refused sandbox operation. Nothing was changed when one is thrown: operations are atomic.
 *
 * @example
 * ```ts
 * try {
 *   sandbox.readFile('../etc/passwd');
 * } catch (error) {
 *   if (isSandboxError(error) && error.code === 'path-escapes-root') console.log(error.message);
 * }
 * ```
 */
export class SandboxError extends Error {
  override readonly name = 'SandboxError';
  /** The rule that was broken. */
  readonly code: SandboxErrorCode;
  /** The path the operation was given, when there was one. */
  readonly path: string | undefined;

  constructor(code: SandboxErrorCode, message: string, path?: string) {
    super(message);
    this.code = code;
    this.path = path;
  }
}

/**
 * Whether a thrown value is a {@link SandboxError} (optionally with a given code).
 *
 * @example
 * ```ts
 * if (isSandboxError(error, 'not-found')) return 'No such file.';
 * ```
 */
export function isSandboxError(error: unknown, code?: SandboxErrorCode): error is SandboxError {
  return error instanceof SandboxError && (code === undefined || error.code === code);
}
