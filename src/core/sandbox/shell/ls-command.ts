/**
 * `ls` with several operands, as GNU prints it: the files first (sorted), then each folder under
 * its `name:` heading, groups separated by one empty line. just-bash prints an empty line after
 * every operand and keeps the operands' order.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

const byBytes = (left: string, right: string): number => (left < right ? -1 : left > right ? 1 : 0);

/**
 * The `ls` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [lsCommand(refusals)] });
 * // `ls docs notes.txt` prints "notes.txt\n\ndocs:\napi.md\nguide.md\n"
 * ```
 */
export function lsCommand(refusals: ShellRefusals): Command {
  return {
    name: 'ls',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('ls outside the shell');
      const end = args.indexOf('--');
      const options = (end === -1 ? args : args.slice(0, end)).filter((arg) => arg.startsWith('-') && arg !== '-');
      const operands = end === -1 ? args.filter((arg) => !arg.startsWith('-') || arg === '-') : [...args.slice(0, end).filter((arg) => !arg.startsWith('-')), ...args.slice(end + 1)];
      if (operands.length < 2) return run(args);
      const letters = options.filter((option) => !option.startsWith('--')).join('');
      if (/[RtSXcuUvr]/.test(letters) || options.some((option) => option.startsWith('--'))) return refusals.refuse(`ls ${options.join(' ')} with several files or folders (their order)`);
      const asFiles = letters.includes('d');
      const files: string[] = [];
      const folders: string[] = [];
      let stdout = '';
      let stderr = '';
      let exitCode = 0;
      for (const operand of operands) {
        const path = context.fs.resolvePath(context.cwd, operand);
        if (!(await context.fs.exists(path))) {
          const missing = await run([...options, operand]);
          stderr += missing.stderr;
          exitCode = Math.max(exitCode, missing.exitCode);
        } else if (!asFiles && (await context.fs.stat(path)).isDirectory) folders.push(operand);
        else files.push(operand);
      }
      for (const file of files.sort(byBytes)) stdout += (await run([...options, '-d', file])).stdout;
      for (const folder of folders.sort(byBytes)) {
        const listed = await run([...options, folder]);
        stdout += `${stdout === '' ? '' : '\n'}${folder}:\n${listed.stdout}`;
        stderr += listed.stderr;
        exitCode = Math.max(exitCode, listed.exitCode);
      }
      return { stdout, stderr, exitCode };
    },
  };
}
