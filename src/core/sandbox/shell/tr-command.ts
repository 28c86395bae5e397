/**
 * `tr` with the NUL character: just-bash reads `\0` (and `\000`) in a set as the digit 0, so
 * `tr '\0' '\n'` (after `find -print0`) changed nothing. The wrapper hands the engine the
 * character itself.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

/**
 * The `tr` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [trCommand(refusals)] });
 * // `printf 'a\0b\0' | tr '\0' '\n'` prints "a\nb\n"
 * ```
 */
export function trCommand(refusals: ShellRefusals): Command {
  return {
    name: 'tr',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('tr outside the shell');
      return run(args.map((arg) => (arg.startsWith('-') ? arg : arg.replace(/(^|[^\\])((?:\\\\)*)\\0{1,3}(?![0-7])/g, '$1$2\u0000'))));
    },
  };
}
