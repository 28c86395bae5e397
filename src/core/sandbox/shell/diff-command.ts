/**
 * `diff` as GNU prints it. just-bash always prints a unified diff under a line of `=`, with no
 * times in its header, knows no other format and no `-r`. This wrapper turns its unified hunks
 * into GNU's default (normal) format (`2c2`, `< b`, `---`, `> B`), gives `-u` GNU's header, and
 * refuses the options the engine ignores or reads wrongly (`-r`, `-U N`, `-c`, `-b`, `-w`, …).
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

const passed = new Set(['-u', '-q', '-s', '-i', '--brief', '--report-identical-files', '--ignore-case', '--unified']);

function range(first: number, last: number): string {
  return first === last ? String(first) : `${first},${last}`;
}

/**
 * The normal-format diff of a unified diff's hunks (header lines are skipped).
 *
 * @example
 * ```ts
 * unifiedToNormal('@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n'); // '2c2\n< b\n---\n> B\n'
 * ```
 */
export function unifiedToNormal(unified: string): string {
  let out = '';
  let oldLine = 0;
  let newLine = 0;
  let removed: string[] = [];
  let added: string[] = [];
  let removedStart = 0;
  let addedStart = 0;
  let last: string[] | undefined;
  const flush = () => {
    if (removed.length === 0 && added.length === 0) return;
    const oldRange = range(removedStart, removedStart + removed.length - 1);
    const newRange = range(addedStart, addedStart + added.length - 1);
    if (added.length === 0) out += `${oldRange}d${addedStart - 1}\n`;
    else if (removed.length === 0) out += `${removedStart - 1}a${newRange}\n`;
    else out += `${oldRange}c${newRange}\n`;
    out += removed.map((line) => `< ${line}\n`).join('');
    if (removed.length > 0 && added.length > 0) out += '---\n';
    out += added.map((line) => `> ${line}\n`).join('');
    removed = [];
    added = [];
  };
  for (const line of unified.split('\n')) {
    const hunk = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk !== null) {
      flush();
      oldLine = Number(hunk[2] === '0' ? Number(hunk[1]) + 1 : hunk[1]);
      newLine = Number(hunk[4] === '0' ? Number(hunk[3]) + 1 : hunk[3]);
      continue;
    }
    if (oldLine === 0) continue; // the header
    if (line.startsWith('-')) {
      if (removed.length === 0 && added.length === 0) [removedStart, addedStart] = [oldLine, newLine];
      removed.push(line.slice(1));
      last = removed;
      oldLine++;
    } else if (line.startsWith('+')) {
      if (removed.length === 0 && added.length === 0) [removedStart, addedStart] = [oldLine, newLine];
      added.push(line.slice(1));
      last = added;
      newLine++;
    } else if (line.startsWith('\\')) {
      // "\ No newline at end of file" belongs to the line before it.
      if (last !== undefined && last.length > 0) last[last.length - 1] += `\n${line}`;
    } else if (line.startsWith(' ')) {
      last = undefined;
      flush();
      oldLine++;
      newLine++;
    }
  }
  flush();
  return out;
}

function timeOf(date: Date): string {
  return `${date.toISOString().replace('T', ' ').replace('Z', '')}000000 +0000`;
}

/**
 * The `diff` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [diffCommand(refusals)] });
 * // `diff x.txt y.txt` prints "2c2\n< b\n---\n> B\n"
 * ```
 */
export function diffCommand(refusals: ShellRefusals): Command {
  return {
    name: 'diff',
    async execute(args, context) {
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('diff outside the shell');
      const options = args.filter((arg) => arg.startsWith('-') && arg !== '-');
      const letters = options.filter((option) => !option.startsWith('--')).flatMap((option) => [...option.slice(1)].map((letter) => `-${letter}`));
      const unknown = [...letters, ...options.filter((option) => option.startsWith('--'))].find((option) => !passed.has(option));
      if (unknown !== undefined) return refusals.refuse(`diff ${unknown}`);
      const result = await run(args);
      if (result.exitCode !== 1 || letters.includes('-q') || options.includes('--brief')) return result;
      const unified = result.stdout.replace(/^=+\n/, '');
      if (!letters.includes('-u') && !options.includes('--unified')) return { ...result, stdout: unifiedToNormal(unified) };
      const files = args.filter((arg) => !arg.startsWith('-') || arg === '-');
      const header = async (file: string | undefined): Promise<string> => {
        if (file === undefined || file === '-') return timeOf(new Date());
        try {
          return timeOf((await context.fs.stat(context.fs.resolvePath(context.cwd, file))).mtime);
        } catch {
          return timeOf(new Date());
        }
      };
      const [oldTime, newTime] = [await header(files[0]), await header(files[1])];
      return { ...result, stdout: unified.replace(/^(--- .*)\t\n(\+\+\+ .*)\t\n/, `$1\t${oldTime}\n$2\t${newTime}\n`) };
    },
  };
}
