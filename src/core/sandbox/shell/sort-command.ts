/**
 * `sort` as GNU sort in the C locale, which is what a script's output is compared against:
 * just-bash compares text with `localeCompare` (`a A b B` where GNU gives `A B a b`, `./config`
 * before `./README`), and breaks ties the same way. This implementation covers the options agents
 * use: -n -r -u -f -b -s -z, -t SEP, -k POS1[,POS2] with the n r f b modifiers, -o FILE; GNU's
 * last-resort comparison of whole lines by bytes; the others (-h -V -M -g -R -c -m) are refused.
 */
import type { Command } from 'just-bash';
import { textOfByteString } from './byte-encodings';
import type { ShellRefusals } from './shell-refusals';

interface Ordering {
  numeric: boolean;
  reverse: boolean;
  fold: boolean;
  blanks: boolean;
}

interface SortKey extends Ordering {
  startField: number;
  startChar: number;
  startBlanks: boolean;
  endField: number | undefined;
  endChar: number;
  endBlanks: boolean;
}

interface SortCall {
  global: Ordering;
  keys: SortKey[];
  separator: string | undefined;
  unique: boolean;
  stable: boolean;
  zero: boolean;
  output: string | undefined;
  files: string[];
}

const refusedFlags = new Set(['h', 'V', 'M', 'g', 'R', 'c', 'C', 'm', 'd', 'i']);

function compareBytes(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0;
}

/** GNU's -n: leading blanks, an optional minus, digits and one decimal point; anything else is 0. */
function numberOf(text: string): number {
  const match = /^[ \t]*(-?(?:\d+\.?\d*|\.\d+))/.exec(text);
  return match === null ? 0 : Number(match[1]);
}

function parseKey(spec: string, global: Ordering): SortKey | string {
  const match = /^(\d+)(?:\.(\d+))?([bfnr]*)(?:,(\d+)(?:\.(\d+))?([bfnr]*))?$/.exec(spec);
  if (match === null) return `sort: invalid key "${spec}"`;
  const [, startField = '1', startChar = '1', startOptions = '', endField, endChar = '0', endOptions = ''] = match;
  const options = startOptions + endOptions;
  const own = options.replace(/b/g, '') !== '' || options.includes('b');
  const ordering: Ordering = own ? { numeric: options.includes('n'), reverse: options.includes('r'), fold: options.includes('f'), blanks: false } : { ...global };
  return {
    ...ordering,
    startField: Number(startField),
    startChar: Number(startChar),
    startBlanks: own ? startOptions.includes('b') : global.blanks,
    endField: endField === undefined ? undefined : Number(endField),
    endChar: Number(endChar),
    endBlanks: own ? endOptions.includes('b') : global.blanks,
  };
}

function parseSort(args: readonly string[]): SortCall | { refused: string } | { error: string } {
  const global: Ordering = { numeric: false, reverse: false, fold: false, blanks: false };
  const call: SortCall = { global, keys: [], separator: undefined, unique: false, stable: false, zero: false, output: undefined, files: [] };
  const keySpecs: string[] = [];
  for (let index = 0; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      call.files.push(...args.slice(index + 1));
      break;
    }
    if (arg.startsWith('--')) return { refused: `sort ${arg.split('=')[0]}` };
    if (!arg.startsWith('-') || arg === '-') {
      call.files.push(arg);
      continue;
    }
    for (let position = 1; position < arg.length; position++) {
      const letter = arg[position] ?? '';
      if (letter === 't' || letter === 'k' || letter === 'o') {
        const value = position + 1 < arg.length ? arg.slice(position + 1) : args[++index];
        if (value === undefined) return { error: `sort: option requires an argument -- '${letter}'` };
        if (letter === 't') {
          if (value.length !== 1) return { refused: `sort -t with the separator "${value}"` };
          call.separator = value;
        } else if (letter === 'k') keySpecs.push(value);
        else call.output = value;
        break;
      }
      if (letter === 'n') global.numeric = true;
      else if (letter === 'r') global.reverse = true;
      else if (letter === 'f') global.fold = true;
      else if (letter === 'b') global.blanks = true;
      else if (letter === 'u') call.unique = true;
      else if (letter === 's') call.stable = true;
      else if (letter === 'z') call.zero = true;
      else if (refusedFlags.has(letter)) return { refused: `sort -${letter}` };
      else return { error: `sort: invalid option -- '${letter}'` };
    }
  }
  for (const spec of keySpecs) {
    const key = parseKey(spec, global);
    if (typeof key === 'string') return { error: key };
    call.keys.push(key);
  }
  return call;
}

/** Where each field starts: GNU's fields without -t begin with the blanks before them. */
function fieldStarts(line: string, separator: string | undefined): number[] {
  const starts = [0];
  if (separator !== undefined) {
    for (let index = 0; index < line.length; index++) if (line[index] === separator) starts.push(index + 1);
    return starts;
  }
  for (let index = 1; index < line.length; index++) {
    const blank = line[index] === ' ' || line[index] === '\t';
    const previousBlank = line[index - 1] === ' ' || line[index - 1] === '\t';
    if (blank && !previousBlank) starts.push(index);
  }
  return starts;
}

function skipBlanks(line: string, index: number, limit: number): number {
  let position = index;
  while (position < limit && (line[position] === ' ' || line[position] === '\t')) position++;
  return position;
}

function keyText(line: string, key: SortKey, separator: string | undefined): string {
  const starts = fieldStarts(line, separator);
  const fieldEnd = (field: number): number => (field < starts.length ? (starts[field] ?? line.length) - (separator === undefined ? 0 : 1) : line.length);
  if (key.startField > starts.length) return '';
  let start = starts[key.startField - 1] ?? line.length;
  if (key.startBlanks) start = skipBlanks(line, start, fieldEnd(key.startField));
  start = Math.min(start + key.startChar - 1, line.length);
  let end = line.length;
  if (key.endField !== undefined) {
    if (key.endChar === 0) end = fieldEnd(key.endField);
    else {
      const fieldStart = key.endField > starts.length ? line.length : (starts[key.endField - 1] ?? line.length);
      end = Math.min((key.endBlanks ? skipBlanks(line, fieldStart, fieldEnd(key.endField)) : fieldStart) + key.endChar, line.length);
    }
  }
  return end <= start ? '' : line.slice(start, end);
}

function compareBy(left: string, right: string, ordering: Ordering): number {
  let result: number;
  if (ordering.numeric) result = Math.sign(numberOf(left) - numberOf(right));
  else {
    const [a, b] = ordering.blanks ? [left.replace(/^[ \t]+/, ''), right.replace(/^[ \t]+/, '')] : [left, right];
    result = ordering.fold ? compareBytes(a.toUpperCase(), b.toUpperCase()) : compareBytes(a, b);
  }
  return ordering.reverse ? -result : result;
}

/** Compares two lines by the keys (or the whole line), without the last resort. */
function compareKeys(call: SortCall, left: string, right: string): number {
  if (call.keys.length === 0) return compareBy(left, right, call.global);
  for (const key of call.keys) {
    const result = compareBy(keyText(left, key, call.separator), keyText(right, key, call.separator), key);
    if (result !== 0) return result;
  }
  return 0;
}

/**
 * The `sort` command, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: [sortCommand(refusals)] });
 * // `printf 'b\nB\na\n' | sort` prints "B\na\nb\n"
 * ```
 */
export function sortCommand(refusals: ShellRefusals): Command {
  return {
    name: 'sort',
    async execute(args, context) {
      const call = parseSort(args);
      if ('refused' in call) return refusals.refuse(call.refused);
      if ('error' in call) return { stdout: '', stderr: `${call.error}\n`, exitCode: 2 };
      const terminator = call.zero ? '\0' : '\n';
      let input = '';
      for (const file of call.files.length === 0 ? ['-'] : call.files) {
        let text: string;
        try {
          text = file === '-' ? textOfByteString(context.stdin) : await context.fs.readFile(context.fs.resolvePath(context.cwd, file));
        } catch {
          return { stdout: '', stderr: `sort: cannot read: ${file}: No such file or directory\n`, exitCode: 2 };
        }
        input += text !== '' && !text.endsWith(terminator) ? `${text}${terminator}` : text;
      }
      const lines = input === '' ? [] : input.slice(0, -1).split(terminator);
      const lastResort = !call.stable && !call.unique;
      lines.sort((left, right) => compareKeys(call, left, right) || (lastResort ? (call.global.reverse ? -1 : 1) * compareBytes(left, right) : 0));
      const kept = call.unique ? lines.filter((line, index) => index === 0 || compareKeys(call, lines[index - 1] ?? '', line) !== 0) : lines;
      const output = kept.map((line) => `${line}${terminator}`).join('');
      if (call.output === undefined) return { stdout: output, stderr: '', exitCode: 0 };
      await context.fs.writeFile(context.fs.resolvePath(context.cwd, call.output), output);
      return { stdout: '', stderr: '', exitCode: 0 };
    },
  };
}
