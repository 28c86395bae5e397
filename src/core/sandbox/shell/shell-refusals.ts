/**
 * How the shell refuses what it cannot do right. A script that would otherwise give a wrong answer
 * that looks right (a GNU option the engine ignores, a construct it evaluates differently) is
 * stopped where the kit sees the problem, and the run ends with "not supported: …" on stderr and
 * exit code 2, whatever ran before it. Refusing is better than an answer the model would trust.
 */
import type { ShellRunOutput } from './shell-types';

/** Exit code of a refused script (2, as bash and GNU tools use for a usage error). */
export const refusedExitCode = 2;

/**
 * The refusals of one run: `refuse` records the first reason and stops the script (through the
 * run's abort controller); the runtime turns the run's result into `refusedOutput`.
 */
export interface ShellRefusals {
  /** The first reason given, if any. */
  readonly reason: string | undefined;
  /** Records `reason` and stops the script; returns a command result for the caller to hand back. */
  refuse(reason: string): { stdout: string; stderr: string; exitCode: number };
}

/**
 * Creates the refusals of one run; `stop` ends the script (an abort of its signal).
 *
 * @example
 * ```ts
 * const refusals = createShellRefusals(() => controller.abort());
 * refusals.refuse('grep -P (Perl regular expressions)'); // stops the script
 * refusedOutput(refusals.reason!); // { exitCode: 2, stdout: '', stderr: 'bash: not supported: grep -P …\n' }
 * ```
 */
export function createShellRefusals(stop: () => void): ShellRefusals {
  let reason: string | undefined;
  return {
    get reason() {
      return reason;
    },
    refuse(given) {
      reason ??= given;
      stop();
      return { stdout: '', stderr: `not supported: ${given}\n`, exitCode: refusedExitCode };
    },
  };
}

/**
 * The result of a refused run. Its output so far is dropped: part of an answer reads as an answer.
 *
 * @example
 * ```ts
 * refusedOutput('a glob ending in /'); // { exitCode: 2, stdout: '', stderr: 'bash: not supported: a glob ending in /\n' }
 * ```
 */
export function refusedOutput(reason: string): ShellRunOutput {
  return { exitCode: refusedExitCode, stdout: '', stderr: `bash: not supported: ${reason}\n` };
}
