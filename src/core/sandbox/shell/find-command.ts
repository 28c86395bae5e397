/**
 * `find` with GNU's answer when a `-newer` reference is missing: an error and exit 1. just-bash
 * treats the missing file as older than everything and exits 0.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

/**
 * The `find` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [findCommand(refusals)] });
 * // `find . -newer nothing` prints "find: 'nothing': No such file or directory" and exits 1
 * ```
 */
export function findCommand(refusals: ShellRefusals): Command {
  return {
    name: 'find',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('find outside the shell');
      for (const [index, arg] of args.entries()) {
        const reference = args[index + 1];
        if (!['-newer', '-anewer', '-cnewer'].includes(arg) || reference === undefined) continue;
        if (!(await context.fs.exists(context.fs.resolvePath(context.cwd, reference)))) return { stdout: '', stderr: `find: '${reference}': No such file or directory\n`, exitCode: 1 };
      }
      return run(args);
    },
  };
}
