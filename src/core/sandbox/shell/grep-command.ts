/**
 * `grep` (and `egrep`, `fgrep`) with GNU's pattern semantics. just-bash reads a basic regular
 * expression (the default) without GNU's `\+`, `\?`, `\|`, `\{n\}` and `\<`, keeps only the last
 * of several `-e` patterns, refuses `-s`, and prints `grep -r x .` paths without their `./`. This
 * wrapper turns every pattern into one extended expression (`-E`), joins several patterns with
 * `|`, names files as GNU does, and refuses what the engine cannot match (back-references, `-o`
 * with a pattern that matches the empty string).
 */
import type { Command } from 'just-bash';
import type { ShellRefusals } from './shell-refusals';

type Syntax = 'basic' | 'extended' | 'fixed' | 'perl';

const valueOptions = new Set(['e', 'f', 'm', 'A', 'B', 'C', 'd', 'D']);
const specials = new Set(['(', ')', '{', '}', '|', '+', '?']);

/**
 * A GNU basic regular expression as an extended one: `\(`, `\)`, `\{`, `\}`, `\|`, `\+`, `\?`
 * become operators and their bare forms literals; a leading `*` and a `^`/`$` in the middle are
 * literal; `\<`/`\>` become `\b`. Bracket expressions are copied as they are.
 *
 * @example
 * ```ts
 * basicToExtended('[0-9]\\+'); // '[0-9]+'
 * basicToExtended('f(x)');     // 'f\\(x\\)'
 * ```
 */
export function basicToExtended(pattern: string): string {
  let out = '';
  // Where a `*` is literal and a `^` is an anchor: at the start, after `\(` and after `\|`.
  let atStart = true;
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] ?? '';
    if (character === '[') {
      let end = index + 1;
      if (pattern[end] === '^') end++;
      if (pattern[end] === ']') end++;
      while (end < pattern.length && pattern[end] !== ']') end += pattern[end] === '[' && /[:.=]/.test(pattern[end + 1] ?? '') ? pattern.indexOf(`${pattern[end + 1]}]`, end + 2) + 2 - end : 1;
      out += pattern.slice(index, end + 1);
      index = end;
      atStart = false;
      continue;
    }
    if (character === '\\' && index + 1 < pattern.length) {
      const next = pattern[++index] ?? '';
      if (specials.has(next)) out += next;
      else if (next === '<' || next === '>') out += '\\b';
      else out += `\\${next}`;
      atStart = next === '(' || next === '|';
      continue;
    }
    if (specials.has(character)) out += `\\${character}`;
    else if (character === '*' && atStart) out += '\\*';
    else if (character === '^' && !atStart) out += '\\^';
    else if (character === '$' && index + 1 < pattern.length && !pattern.startsWith('\\)', index + 1) && !pattern.startsWith('\\|', index + 1)) out += '\\$';
    else out += character;
    atStart = character === '^' && atStart;
  }
  return out;
}

function fixedToExtended(pattern: string): string {
  return pattern.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
}

function hasBackReference(pattern: string): boolean {
  return /(^|[^\\])(\\\\)*\\[1-9]/.test(pattern.replace(/\[[^\]]*\]/g, ''));
}

interface GrepCall {
  options: string[];
  patterns: string[] | undefined;
  patternFiles: string[];
  operands: string[];
  syntax: Syntax;
  recursive: boolean;
  noMessages: boolean;
  onlyMatching: boolean;
}

function parseGrep(args: readonly string[], syntax: Syntax): GrepCall {
  const call: GrepCall = { options: [], patterns: undefined, patternFiles: [], operands: [], syntax, recursive: false, noMessages: false, onlyMatching: false };
  const addPattern = (pattern: string) => (call.patterns = [...(call.patterns ?? []), ...pattern.split('\n')]);
  let index = 0;
  for (; index < args.length; index++) {
    const arg = args[index] ?? '';
    if (arg === '--') {
      index++;
      break;
    }
    if (arg.startsWith('--')) {
      const [name = '', value] = arg.split(/=(.*)/s, 2);
      const long: Record<string, string> = { '--extended-regexp': 'E', '--fixed-strings': 'F', '--basic-regexp': 'G', '--perl-regexp': 'P', '--recursive': 'r', '--no-messages': 's', '--only-matching': 'o' };
      const letter = long[name];
      if (name === '--regexp') addPattern(value ?? args[++index] ?? '');
      else if (name === '--file') call.patternFiles.push(value ?? args[++index] ?? '');
      else if (letter !== undefined) applyFlag(call, letter);
      else call.options.push(arg);
      continue;
    }
    if (!arg.startsWith('-') || arg === '-') {
      call.operands.push(arg);
      continue;
    }
    let kept = '';
    for (let position = 1; position < arg.length; position++) {
      const letter = arg[position] ?? '';
      if (valueOptions.has(letter)) {
        const value = position + 1 < arg.length ? arg.slice(position + 1) : (args[++index] ?? '');
        if (letter === 'e') addPattern(value);
        else if (letter === 'f') call.patternFiles.push(value);
        else call.options.push(`-${letter}${value}`);
        break;
      }
      if (applyFlag(call, letter)) kept += letter;
    }
    if (kept !== '') call.options.push(`-${kept}`);
  }
  call.operands.push(...args.slice(index));
  if (call.patterns === undefined && call.patternFiles.length === 0 && call.operands.length > 0) addPattern(call.operands.shift() ?? '');
  return call;
}

/** Notes a flag the wrapper handles; returns whether it is passed on as it is. */
function applyFlag(call: GrepCall, letter: string): boolean {
  const syntaxes: Record<string, Syntax> = { E: 'extended', F: 'fixed', G: 'basic', P: 'perl' };
  const syntax = syntaxes[letter];
  if (syntax !== undefined) call.syntax = syntax;
  else if (letter === 's') call.noMessages = true;
  else {
    if (letter === 'r' || letter === 'R') call.recursive = true;
    if (letter === 'o') call.onlyMatching = true;
    return true;
  }
  return false;
}

function toExtended(pattern: string, syntax: Syntax): string {
  return syntax === 'basic' ? basicToExtended(pattern) : syntax === 'fixed' ? fixedToExtended(pattern) : pattern;
}

/** Folder operands as just-bash names their files like GNU: no trailing `/`, `.` as the working folder. */
function folderOperands(operands: string[], cwd: string): { operands: string[]; renames: [string, string][] } {
  const renames: [string, string][] = [];
  const rewritten = operands.map((operand) => {
    const trimmed = operand.replace(/\/+$/, '');
    if (trimmed === '' && operand !== '') {
      renames.push(['//', '/']);
      return '/';
    }
    if (trimmed === '.' || trimmed === '') {
      const absolute = cwd === '/' ? '' : cwd;
      renames.push([`${absolute}/`, './']);
      return cwd;
    }
    return trimmed;
  });
  return { operands: rewritten, renames };
}

function grepLike(name: string, syntax: Syntax, refusals: ShellRefusals): Command {
  return {
    name,
    async execute(args, context) {
      const call = parseGrep(args, syntax);
      const run = context.origCommand;
      if (run === undefined) return refusals.refuse(`${name} outside the shell`);
      const patterns = [...(call.patterns ?? [])];
      for (const file of call.patternFiles) {
        try {
          const text = file === '-' ? '' : await context.fs.readFile(context.fs.resolvePath(context.cwd, file));
          patterns.push(...text.replace(/\n$/, '').split('\n'));
        } catch {
          return { stdout: '', stderr: `${name}: ${file}: No such file or directory\n`, exitCode: 2 };
        }
      }
      if (call.patterns === undefined && call.patternFiles.length === 0) return run(args);
      if (call.syntax === 'perl') return run(args);
      if (patterns.some((pattern) => call.syntax !== 'fixed' && hasBackReference(pattern))) return refusals.refuse(`${name} with a back-reference (\\1): this shell matches patterns in linear time, without back-references`);
      const extended = patterns.map((pattern) => toExtended(pattern, call.syntax));
      const combined = extended.length === 1 ? (extended[0] ?? '') : extended.map((pattern) => `(${pattern})`).join('|');
      if (call.onlyMatching && new RegExp(combined.replace(/\\b/g, '')).test('')) return refusals.refuse(`${name} -o with a pattern that can match an empty string`);
      const { operands, renames } = call.recursive ? folderOperands(call.operands, context.cwd) : { operands: call.operands, renames: [] };
      const result = await run(['-E', ...call.options, '-e', combined, ...operands]);
      let { stdout, stderr } = result;
      if (renames.length > 0) {
        stdout = stdout
          .split('\n')
          .map((line) => {
            const rename = renames.find(([from]) => line.startsWith(from));
            return rename === undefined ? line : rename[1] + line.slice(rename[0].length);
          })
          .join('\n');
      }
      if (call.noMessages) stderr = stderr.replace(/^.*: (No such file or directory|Is a directory|Permission denied)\n/gm, '');
      return { ...result, stdout, stderr };
    },
  };
}

/**
 * `grep`, `egrep` and `fgrep`, for just-bash's `customCommands`.
 *
 * @example
 * ```ts
 * new Bash({ fs, customCommands: grepCommands(refusals) });
 * // `grep -e alpha -e gamma notes.txt` prints the lines with either
 * ```
 */
export function grepCommands(refusals: ShellRefusals): Command[] {
  return [grepLike('grep', 'basic', refusals), grepLike('egrep', 'extended', refusals), grepLike('fgrep', 'fixed', refusals)];
}
