/**
 * `sed` with GNU's everyday forms that just-bash gets wrong: `-i.bak` (and `--in-place=.bak`)
 * edits in place without writing the backup, and the one-line `a\text`, `i\text`, `c\text`
 * (`sed '1i\header'`) keep the backslash in the text. This wrapper writes the backups itself and
 * gives the engine the two-line form it reads right. GNU's case conversions in a replacement
 * (`\U`, `\L`, `\u`, `\l`, `\E`) are refused: the engine prints them as letters.
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

// An address: a line number (with GNU's ~step), $ or /regex/, optionally a range, then `!`.
const address = String.raw`(?:\d+(?:~\d+)?|\$|/(?:[^/\\]|\\.)*/I?)`;
const oneLineText = new RegExp(String.raw`^(\s*(?:${address}(?:\s*,\s*${address})?)?\s*!?\s*[aic])\\([^\n]+)$`, 'gm');

/**
 * A sed script with each one-line `a\text`, `i\text`, `c\text` in the two-line form.
 *
 * @example
 * ```ts
 * twoLineText('1i\\header'); // '1i\\\nheader'
 * ```
 */
export function twoLineText(script: string): string {
  return script.replace(oneLineText, (_whole, command: string, text: string) => `${command}\\\n${text}`);
}

function hasCaseConversion(script: string): boolean {
  return /(^|[^\\])(\\\\)*\\[ULulE]/.test(script);
}

interface SedCall {
  args: string[];
  backupSuffix: string | undefined;
  files: string[];
  scripts: string[];
}

function parseSed(args: readonly string[]): SedCall {
  const call: SedCall = { args: [], backupSuffix: undefined, files: [], scripts: [] };
  let scriptGiven = false;
  // The first operand is the script when no -e or -f gave one; the others are files.
  const operand = (arg: string) => {
    if (scriptGiven) {
      call.files.push(arg);
      call.args.push(arg);
      return;
    }
    const script = twoLineText(arg);
    call.scripts.push(script);
    call.args.push(script);
    scriptGiven = true;
  };
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      call.args.push(arg);
      index++;
      break;
    }
    if (arg.startsWith('-i') && arg.length > 2) {
      call.backupSuffix = arg.slice(2);
      call.args.push('-i');
    } else if (arg.startsWith('--in-place=')) {
      call.backupSuffix = arg.slice('--in-place='.length);
      call.args.push('-i');
    } else if (arg === '-e' || arg === '--expression') {
      const script = twoLineText(args[++index] ?? '');
      call.scripts.push(script);
      call.args.push(arg, script);
      scriptGiven = true;
    } else if (arg.startsWith('--expression=')) {
      const script = twoLineText(arg.slice('--expression='.length));
      call.scripts.push(script);
      call.args.push('-e', script);
      scriptGiven = true;
    } else if (arg === '-f' || arg === '--file') {
      call.args.push(arg, args[++index] ?? '');
      scriptGiven = true;
    } else if (arg.startsWith('-') && arg !== '-') {
      call.args.push(arg);
    } else {
      operand(arg);
    }
  }
  for (const arg of args.slice(index)) operand(arg);
  return call;
}

/**
 * The `sed` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [sedCommand(refusals)] });
 * // `sed -i.bak s/a/b/ notes.txt` edits notes.txt and keeps the original as notes.txt.bak
 * ```
 */
export function sedCommand(refusals: ShellRefusals): Command {
  return {
    name: 'sed',
    async execute(args, context) {
      const call = parseSed(args);
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse('sed outside the shell');
      if (call.scripts.some(hasCaseConversion)) return refusals.refuse('sed case conversion in a replacement (\\U, \\L, \\u, \\l, \\E)');
      if (call.backupSuffix !== undefined && call.backupSuffix !== '') {
        if (call.backupSuffix.includes('*') || call.backupSuffix.includes('/')) return refusals.refuse(`sed -i with the backup name "${call.backupSuffix}"`);
        for (const file of call.files) {
          const path = context.fs.resolvePath(context.cwd, file);
          // A missing file is left to sed, which reports it and edits the others.
          if (!(await context.fs.exists(path))) continue;
          await context.fs.writeFile(`${path}${call.backupSuffix}`, await context.fs.readFileBuffer(path));
        }
      }
      return run(call.args);
    },
  };
}
