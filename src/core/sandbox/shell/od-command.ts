/**
 * `od` as GNU prints it: just-bash puts one space too many after each offset, and reads `-t x1`
 * (and other types) as octal. Character dumps (`-c`) are laid out as GNU's; other output types
 * are refused.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

/**
 * The `od` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [odCommand(refusals)] });
 * // `od -c <<< hi` prints "0000000   h   i  \\n\n0000003\n"
 * ```
 */
export function odCommand(refusals: ShellRefusals): Command {
  return {
    name: 'od',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('od outside the shell');
      const options = args.filter((arg) => arg.startsWith('-') && arg !== '-');
      const other = options.find((option) => option !== '-c' && option !== '-An' && option !== '-Ad');
      if (other !== undefined || !options.includes('-c')) return refusals.refuse(`od ${other ?? 'without -c'} (only character dumps, od -c, print as GNU's)`);
      const result = await run(args);
      return { ...result, stdout: result.stdout.replace(/^(\d{7}) (?= )/gm, '$1') };
    },
  };
}
