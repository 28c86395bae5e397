/**
 * Counts laid out as GNU prints them. `uniq -c` pads each count to 7 columns (just-bash: 4).
 * `wc` sizes its columns from the inputs: as wide as the digits of the files' total size, at
 * least 7 when one input is not a file (stdin), and 1 for a single count of a single input
 * (just-bash pads differently). `head -n -K` (all but the last K lines), which just-bash refuses,
 * is done here for one input.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

function flagLetters(args: readonly string[]): string {
  return args.filter((arg) => /^-[a-zA-Z]+$/.test(arg)).join('');
}

/**
 * `uniq`, with `-c` counts as wide as GNU's.
 *
 * @example
 * ```ts
 * // `sort numbers.txt | uniq -c` prints "      2 2\n" where just-bash printed "   2 2\n"
 * ```
 */
export function uniqCommand(refusals: ShellRefusals): Command {
  return {
    name: 'uniq',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('uniq outside the shell');
      const result = await run(args);
      if (!flagLetters(args).includes('c') && !args.includes('--count')) return result;
      return { ...result, stdout: result.stdout.replace(/^ *(\d+) /gm, (_line, count: string) => `${count.padStart(7)} `) };
    },
  };
}

const countFlags = ['l', 'w', 'm', 'c', 'L'];

/**
 * `wc`, with GNU's column widths.
 *
 * @example
 * ```ts
 * // `wc -l notes.txt numbers.txt` prints " 6 notes.txt\n 6 numbers.txt\n12 total\n"
 * ```
 */
export function wcCommand(refusals: ShellRefusals): Command {
  return {
    name: 'wc',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('wc outside the shell');
      if (args.some((arg) => arg.startsWith('--'))) return run(args);
      const letters = flagLetters(args);
      const columns = Math.max(1, countFlags.filter((flag) => letters.includes(flag)).length || 3);
      const files = args.filter((arg) => !arg.startsWith('-') || arg === '-');
      const result = await run(args);
      const inputs = Math.max(files.length, 1);
      let width = 1;
      if (!(inputs === 1 && columns === 1)) {
        let total = 0;
        let minimum = 1;
        for (const file of files.length === 0 ? ['-'] : files) {
          if (file === '-') minimum = 7;
          else {
            try {
              total += (await context.fs.stat(context.fs.resolvePath(context.cwd, file))).size;
            } catch {
              // A missing file counts for nothing; wc reports it.
            }
          }
        }
        width = Math.max(String(total).length, minimum);
      }
      const stdout = result.stdout.replace(new RegExp(String.raw`^ *(\d+(?: +\d+){${columns - 1}})(.*)$`, 'gm'), (_line, counts: string, rest: string) =>
        counts
          .trim()
          .split(/ +/)
          .map((count) => count.padStart(width))
          .join(' ')
          .concat(rest.replace(/^ +/, ' ')),
      );
      return { ...result, stdout };
    },
  };
}

/**
 * `head`, with `-n -K` (all but the last K lines) for one input.
 *
 * @example
 * ```ts
 * // `head -n -2 numbers.txt` prints every line but the last two
 * ```
 */
export function headCommand(refusals: ShellRefusals): Command {
  return {
    name: 'head',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('head outside the shell');
      const index = args.findIndex((arg, position) => /^-n-\d+$|^--lines=-\d+$/.test(arg) || (arg === '-n' && /^-\d+$/.test(args[position + 1] ?? '')));
      if (index === -1) return run(args);
      const arg = args[index] ?? '';
      const skip = Number((arg === '-n' ? (args[index + 1] ?? '') : arg.replace(/^(-n|--lines=)/, '')).slice(1));
      const rest = args.filter((_, position) => position !== index && !(arg === '-n' && position === index + 1));
      if (rest.filter((item) => !item.startsWith('-') || item === '-').length > 1 || rest.some((item) => item.startsWith('-') && item !== '-')) return refusals.refuse('head -n -K with several inputs or other options');
      const whole = await run(['-n', String(Number.MAX_SAFE_INTEGER), ...rest]);
      if (whole.exitCode !== 0) return whole;
      const lines = whole.stdout.split(/(?<=\n)/);
      return { ...whole, stdout: lines.slice(0, Math.max(0, lines.length - skip)).join('') };
    },
  };
}
