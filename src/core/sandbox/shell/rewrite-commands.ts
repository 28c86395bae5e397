/**
 * The commands that the script rewrites call (see `script-rewrites`): they are the kit's, not
 * the user's, and their names start with `__kit_`.
 */
import type { Command } from 'just-bash';
import { textOfByteString } from './byte-encodings';
import { errorsMergedCommand, loopStatusCommand, splitCheckCommand } from './script-rewrites';
import { shellQuote } from './xargs-command';
import type { ShellRefusals } from './shell-refusals';

/**
 * `__kit_loop_status STATUS MARKER` exits with 0 when MARKER is set (the loop's last iteration
 * ended with break or continue), else with STATUS. `__kit_split_check VALUE…` (or its stdin,
 * passed through) refuses the script when a value starts with a character of $IFS.
 * `__kit_errors_merged COMMAND ARG…` runs the command with its errors merged into its output,
 * and refuses the script when it wrote to both: where GNU tools put each line then depends on
 * their buffering, and the engine always puts the errors last.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: rewriteCommands(refusals) });
 * ```
 */
export function rewriteCommands(refusals: ShellRefusals): Command[] {
  return [
    {
      name: loopStatusCommand,
      execute: async ([status = '0', marker = '']) => ({ stdout: '', stderr: '', exitCode: marker === '' ? Number(status) : 0 }),
    },
    {
      name: splitCheckCommand,
      async execute(args, context) {
        const separators = context.env.get('IFS') ?? ' \t\n';
        const values = args.length > 0 ? args : [textOfByteString(context.stdin)];
        if (separators !== '' && values.some((value) => value !== '' && separators.includes(value[0] ?? ''))) {
          return refusals.refuse('splitting an expansion that starts with a space (or another $IFS character) after other text in the same word, like [$x] with x="  a"; quote it ("[$x]") or trim it first');
        }
        return args.length > 0 ? { stdout: '', stderr: '', exitCode: 0 } : { stdout: (context.stdin as unknown as string), stdoutKind: 'bytes', stderr: '', exitCode: 0 };
      },
    },
    {
      name: errorsMergedCommand,
      async execute(args, context) {
        if (context.exec === undefined) return refusals.refuse('2>&1 outside the shell');
        const result = await context.exec(args.map(shellQuote).join(' '), { cwd: context.cwd, stdin: (context.stdin as unknown as string), stdinKind: 'bytes' });
        if (result.stdout !== '' && result.stderr !== '') {
          return refusals.refuse(`2>&1 on a command that wrote both output and errors (${args[0] ?? ''}): their order in one stream depends on the tool; redirect them apart, or 2>/dev/null`);
        }
        return { stdout: result.stdout + result.stderr, stderr: '', exitCode: result.exitCode };
      },
    },
  ];
}
