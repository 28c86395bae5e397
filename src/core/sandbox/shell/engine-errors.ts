/**
 * Errors after which bash ends a script and just-bash does not, or ends it with another status,
 * found in the output of a finished run. An expansion error like a division by zero ends a bash
 * script at once (exit 1); the engine prints the error and goes on, so what the rest printed is
 * not what bash would print: the run is refused. An unbound variable under `set -u` ends both,
 * bash with status 127.
 */
import { refusedOutput } from './shell-refusals';
import type { ShellRunOutput } from './shell-types';

/**
 * The output bash would give for `output`, where the engine's error handling differs.
 *
 * @example
 * ```ts
 * settleEngineErrors({ exitCode: 0, stdout: 'status 1\n', stderr: 'bash: division by 0\n' }).exitCode; // 2
 * ```
 */
export function settleEngineErrors(output: ShellRunOutput): ShellRunOutput {
  if (/^bash: division by 0/m.test(output.stderr)) return refusedOutput('an arithmetic error (division by 0): bash ends the script there, and this shell would go on');
  if (output.exitCode === 1 && /: unbound variable\n$/.test(output.stderr)) return { ...output, exitCode: 127 };
  return output;
}
