/**
 * `xargs` as GNU findutils has it, for the options agents use: `-n`, `-L`, `-I`, `-0`, `-d`, `-r`,
 * `-t`, `-P 1`. just-bash's own refuses `-n` and `-I` and skips the command on empty input; this
 * one splits input the GNU way (blanks and newlines, quotes and backslashes; `-0`/`-d` without
 * quoting), runs each command through the shell, and exits with xargs's statuses (123 when a
 * command failed). Other options are refused with "not supported: …".
 */
import type { Command } from 'just-bash';
import { textOfByteString } from './byte-encodings';
import type { ShellRefusals } from './shell-refusals';

interface XargsPlan {
  mode: { kind: 'all' } | { kind: 'args'; count: number } | { kind: 'lines'; count: number } | { kind: 'replace'; text: string };
  /** 'blank' (GNU's default splitting), 'nul' (-0), or the one character of -d. */
  separator: string;
  skipEmpty: boolean;
  trace: boolean;
  command: string[];
}

type Parsed = XargsPlan | { error: string } | { refused: string };

function positive(value: string | undefined, option: string): number | { error: string } {
  const count = Number(value);
  return Number.isInteger(count) && count > 0 ? count : { error: `xargs: invalid number "${value ?? ''}" for -${option} option` };
}

function unescape(delimiter: string): string {
  const escapes: Record<string, string> = { '\\n': '\n', '\\t': '\t', '\\0': '\0', '\\\\': '\\' };
  return escapes[delimiter] ?? delimiter;
}

/** Parses xargs's options; the first operand starts the command. */
export function parseXargs(args: readonly string[]): Parsed {
  const plan: XargsPlan = { mode: { kind: 'all' }, separator: 'blank', skipEmpty: false, trace: false, command: [] };
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      index++;
      break;
    }
    if (!arg.startsWith('-') || arg === '-') break;
    const long: Record<string, string> = { '--null': '-0', '--no-run-if-empty': '-r', '--verbose': '-t' };
    const flag = long[arg] ?? arg;
    const option = flag[1] ?? '';
    // An option's value is the rest of the argument (-n2, -I{}) or the next one (-n 2, -I {}).
    const value = (): string | undefined => (flag.length > 2 ? flag.slice(2) : args[++index]);
    if (option === '0' || option === 'r' || option === 't') {
      for (const letter of flag.slice(1)) {
        if (letter === '0') plan.separator = 'nul';
        else if (letter === 'r') plan.skipEmpty = true;
        else if (letter === 't') plan.trace = true;
        else return { refused: `xargs -${letter}` };
      }
    } else if (option === 'n' || option === 'L') {
      const count = positive(value(), option);
      if (typeof count !== 'number') return count;
      plan.mode = option === 'n' ? { kind: 'args', count } : { kind: 'lines', count };
    } else if (option === 'I' || option === 'i') {
      const text = option === 'I' ? value() : flag.length > 2 ? flag.slice(2) : '{}';
      if (text === undefined || text === '') return { error: 'xargs: option requires an argument -- I' };
      plan.mode = { kind: 'replace', text };
    } else if (option === 'd') {
      const delimiter = value();
      if (delimiter === undefined) return { error: 'xargs: option requires an argument -- d' };
      const character = unescape(delimiter);
      if (character.length !== 1) return { refused: `xargs -d with the delimiter "${delimiter}"` };
      plan.separator = character;
    } else if (option === 'P') {
      if (value() !== '1') return { refused: 'xargs -P (running commands in parallel); this shell runs them one after another' };
    } else {
      return { refused: `xargs ${flag.split('=')[0]}` };
    }
  }
  plan.command = args.slice(index);
  if (plan.command.length === 0) plan.command = ['echo'];
  return plan;
}

/** Splits input into items the GNU way: blanks separate, quotes and backslashes group. */
export function splitXargsInput(input: string, lines: boolean): { items: string[][] } | { error: string } {
  // Each line's items (for -L); a line that ends in a blank continues on the next one.
  const result: string[][] = [];
  let line: string[] = [];
  let item = '';
  let inItem = false;
  let quote: string | undefined;
  for (let index = 0; index < input.length; index++) {
    const character = input[index] ?? '';
    if (quote !== undefined) {
      if (character === quote) quote = undefined;
      else if (character === '\n') return { error: `xargs: unmatched ${quote === '"' ? 'double' : 'single'} quote; by default quotes are special to xargs unless you use the -0 option` };
      else item += character;
    } else if (character === '"' || character === "'") {
      quote = character;
      inItem = true;
    } else if (character === '\\' && index + 1 < input.length) {
      item += input[++index];
      inItem = true;
    } else if (character === ' ' || character === '\t' || character === '\n') {
      if (inItem) line.push(item);
      const continues = !inItem && lines && character === '\n' && /[ \t]$/.test(input.slice(0, index));
      item = '';
      inItem = false;
      if (character === '\n' && line.length > 0 && !continues) {
        result.push(line);
        line = [];
      }
    } else {
      item += character;
      inItem = true;
    }
  }
  if (quote !== undefined) return { error: `xargs: unmatched ${quote === '"' ? 'double' : 'single'} quote; by default quotes are special to xargs unless you use the -0 option` };
  if (inItem) line.push(item);
  if (line.length > 0) result.push(line);
  return { items: result };
}

/** Quotes one word for the shell. */
export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let index = 0; index < items.length; index += size) chunks.push(items.slice(index, index + size));
  return chunks;
}

/** The command lines to run, each a list of words. */
function invocations(plan: XargsPlan, input: string): string[][] | { error: string } {
  const { mode } = plan;
  let lines: string[][];
  if (plan.separator === 'blank' || mode.kind === 'replace') {
    if (mode.kind === 'replace' && plan.separator !== 'blank') {
      lines = input.split(plan.separator === 'nul' ? '\0' : plan.separator).filter((part, index, all) => part !== '' || index < all.length - 1).map((part) => [part]);
    } else {
      // -I takes whole lines: blanks inside a line do not separate, leading blanks are dropped.
      const split = splitXargsInput(mode.kind === 'replace' ? input.split('\n').map((line) => line.replace(/^[ \t]+/, '').replace(/([ \t])/g, '\\$1')).join('\n') : input, mode.kind === 'lines');
      if ('error' in split) return split;
      lines = split.items;
    }
  } else {
    const parts = input.split(plan.separator === 'nul' ? '\0' : plan.separator);
    if (parts.at(-1) === '') parts.pop();
    lines = parts.map((part) => [part]);
  }
  const items = lines.flat();
  switch (mode.kind) {
    case 'replace':
      return lines.map(([line = '']) => plan.command.map((word) => word.split(mode.text).join(line)));
    case 'lines':
      return chunk(lines, mode.count).map((group) => [...plan.command, ...group.flat()]);
    case 'args':
      return chunk(items, mode.count).map((group) => [...plan.command, ...group]);
    case 'all':
      return items.length === 0 ? (plan.skipEmpty ? [] : [plan.command]) : [[...plan.command, ...items]];
  }
}

/**
 * The `xargs` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [xargsCommand(refusals)] });
 * // `printf 'a\nb\n' | xargs -I{} echo "<{}>"` prints "<a>\n<b>\n"
 * ```
 */
export function xargsCommand(refusals: ShellRefusals): Command {
  return {
    name: 'xargs',
    async execute(args, context) {
      const plan = parseXargs(args);
      if ('refused' in plan) return refusals.refuse(plan.refused);
      if ('error' in plan) return { stdout: '', stderr: `${plan.error}\n`, exitCode: 1 };
      const lines = invocations(plan, textOfByteString(context.stdin));
      if ('error' in lines) return { stdout: '', stderr: `${lines.error}\n`, exitCode: 1 };
      if (context.exec === undefined) return refusals.refuse('xargs outside the shell');
      let stdout = '';
      let stderr = '';
      let exitCode = 0;
      for (const words of lines) {
        const command = words.map(shellQuote).join(' ');
        if (plan.trace) stderr += `${words.join(' ')}\n`;
        const result = await context.exec(command, { cwd: context.cwd, stdin: '' });
        stdout += result.stdout;
        stderr += result.stderr;
        if (result.exitCode === 255) return { stdout, stderr: `${stderr}xargs: ${words[0]}: exited with status 255; aborting\n`, exitCode: 124 };
        if (result.exitCode === 126 || result.exitCode === 127) return { stdout, stderr, exitCode: result.exitCode };
        if (result.exitCode !== 0) exitCode = 123;
      }
      return { stdout, stderr, exitCode };
    },
  };
}
