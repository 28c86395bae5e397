/**
 * The results of runs that the shell ends itself (cancelled, out of time, not started), worded the
 * same wherever the script ran: in the page, or in a worker that the page ended.
 */
import type { ShellRunOutput } from './shell-types';

/** Exit code of a run that was cancelled by the caller's signal (128 + SIGINT, as in bash). */
export const cancelledExitCode = 130;
/** Exit code of a run stopped by the time limit (as `timeout` reports). */
export const timedOutExitCode = 124;

/**
 * A run that failed before or around the script: `message` on stderr, nothing on stdout.
 *
 * @example
 * ```ts
 * shellFailure('bash: cancelled', cancelledExitCode); // { exitCode: 130, stdout: '', stderr: 'bash: cancelled\n' }
 * ```
 */
export function shellFailure(message: string, exitCode = 1): ShellRunOutput {
  return { exitCode, stdout: '', stderr: `${message}\n` };
}

/**
 * A run that the shell stopped because it did not end within its time limit.
 *
 * @example
 * ```ts
 * timedOut(10_000).exitCode; // 124
 * ```
 */
export function timedOut(timeoutMs: number): ShellRunOutput {
  return shellFailure(`bash: stopped: the command ran longer than the time limit of ${timeoutMs} ms`, timedOutExitCode);
}
