/**
 * `which`, answering for the commands this shell has. just-bash's looks for files in /usr/bin,
 * which the sandbox does not have, so `which cat` failed although `cat` runs.
 */
import type { Command } from 'just-bash';

/**
 * The `which` command, for just-bash's `customCommands`: prints `/usr/bin/<name>` for each
 * command the shell has, and exits with 1 when one is missing.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [whichCommand()] });
 * // `which cat` prints "/usr/bin/cat"
 * ```
 */
export function whichCommand(): Command {
  return {
    name: 'which',
    async execute(args, context) {
      const known = new Set(context.getRegisteredCommands?.() ?? []);
      let stdout = '';
      let exitCode = 0;
      for (const name of args.filter((arg) => !arg.startsWith('-'))) {
        if (known.has(name) && !name.startsWith('__kit_')) stdout += `/usr/bin/${name}\n`;
        else exitCode = 1;
      }
      return { stdout, stderr: '', exitCode };
    },
  };
}
