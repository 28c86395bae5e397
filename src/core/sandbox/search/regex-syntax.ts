/**
 * Reading a model's regular expression before the engine compiles it: refuse, in words a model
 * can act on, the JavaScript syntax that no linear-time engine has (backreferences, lookahead),
 * and find a piece of literal text every match must contain, so that `grep` can skip to the lines
 * that have it with the browser's native string search instead of running the engine on all.
 */
import { SandboxError } from '../tree/sandbox-errors';

/** What a pattern needs from the search. */
export interface RegexShape {
  /** Text every match contains (ASCII, at least one character), when one was found. */
  requiredText: string | undefined;
  /** Whether it has a lookbehind (`(?<=…)`, `(?<!…)`), which the engine supports on request. */
  hasLookbehind: boolean;
}

/** Longest regular expression accepted, in characters. */
export const maxRegexLength = 4096;

const quantifier = /^\{(\d*)(?:,\d*)?\}/;

/**
 * Scans a pattern in JavaScript syntax. Throws a `SandboxError` with code `invalid-pattern` that
 * names the unsupported construct (a backreference, a lookahead) or a pattern over
 * {@link maxRegexLength} characters; other mistakes are left to the engine to report.
 *
 * @example
 * ```ts
 * inspectRegex('need+le\\s+HERE'); // { requiredText: 'need', hasLookbehind: false }
 * ```
 */
export function inspectRegex(pattern: string): RegexShape {
  if (pattern.length > maxRegexLength) {
    throw new SandboxError('invalid-pattern', `The search pattern is longer than ${maxRegexLength} characters; search for a shorter one.`);
  }
  const runs: string[] = [];
  let run = '';
  const endRun = (): void => {
    if (run.length > 0) runs.push(run);
    run = '';
  };
  let depth = 0;
  let inClass = false;
  let alternatives = false;
  let inlineFlags = false;
  let hasLookbehind = false;
  /** A literal character; `next` is the index of what follows it (maybe a quantifier). */
  const literal = (char: string, next: number): void => {
    if (depth > 0) return;
    const following = pattern[next];
    const repeat = following === '{' ? quantifier.exec(pattern.slice(next, next + 24)) : null;
    // Only ASCII: case folding of other letters differs between engines; "\n" never is in a line.
    const usable = char.charCodeAt(0) < 128 && char !== '\n' && char !== '\r';
    if (!usable || following === '*' || following === '?' || (repeat !== null && Number(repeat[1] || '0') === 0)) return endRun();
    run += char;
    if (following === '+' || repeat !== null) endRun();
  };
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    if (inClass) {
      if (char === '\\') index++;
      else if (char === ']') inClass = false;
      continue;
    }
    if (char === '\\') {
      const next = pattern[index + 1];
      if (next === undefined) break; // the engine reports the lone backslash
      if (next >= '1' && next <= '9') throw unsupported(`uses a backreference (\`\\${next}\`)`, 'Match the repeated text explicitly, or search for one part and read the lines');
      if (next === 'k' && pattern[index + 2] === '<') throw unsupported('uses a named backreference (`\\k<…>`)', 'Match the repeated text explicitly, or search for one part and read the lines');
      if (/[A-Za-z0-9]/.test(next)) {
        // A class (`\d`), an assertion (`\b`) or a code (`\x41`, `\u{1F600}`, `\cJ`): not literal text.
        endRun();
        index = skipEscape(pattern, index + 1);
      } else {
        literal(next, index + 2);
        index++;
      }
      continue;
    }
    switch (char) {
      case '[':
        inClass = true;
        endRun();
        break;
      case '(':
        if (pattern.startsWith('(?=', index) || pattern.startsWith('(?!', index)) {
          throw unsupported(`uses a lookahead (\`${pattern.slice(index, index + 3)}…)\`)`, 'Match the text itself, or search more widely and read the lines');
        }
        if (pattern.startsWith('(?<=', index) || pattern.startsWith('(?<!', index)) hasLookbehind = true;
        // RE2's inline flags, such as `(?i)`, may change how the text after them matches.
        else if (pattern[index + 1] === '?' && /^[imsU-]/.test(pattern[index + 2] ?? '')) inlineFlags = true;
        depth++;
        endRun();
        break;
      case ')':
        depth--;
        endRun();
        break;
      case '|':
        if (depth === 0) alternatives = true;
        endRun();
        break;
      case '{': {
        endRun();
        // A quantifier's digits are not text; a brace that is no quantifier is left to the engine.
        const repeat = quantifier.exec(pattern.slice(index, index + 24));
        if (repeat !== null) index += repeat[0].length - 1;
        break;
      }
      case '.':
      case '^':
      case '$':
      case '*':
      case '+':
      case '?':
      case '}':
      case ']':
        endRun();
        break;
      default:
        literal(char, index + 1);
    }
  }
  endRun();
  const longest = runs.reduce((best, candidate) => (candidate.length > best.length ? candidate : best), '');
  return { requiredText: alternatives || inlineFlags || longest.length === 0 ? undefined : longest, hasLookbehind };
}

/** The index of the last character of the escape whose letter is at `index`. */
function skipEscape(pattern: string, index: number): number {
  const letter = pattern[index];
  if ((letter === 'u' || letter === 'x' || letter === 'p' || letter === 'P') && pattern[index + 1] === '{') {
    const end = pattern.indexOf('}', index);
    return end === -1 ? index : end;
  }
  const hex = (count: number) => {
    let end = index;
    while (end - index < count && /[0-9A-Fa-f]/.test(pattern[end + 1] ?? '')) end++;
    return end;
  };
  if (letter === 'u') return hex(4);
  if (letter === 'x') return hex(2);
  if (letter === 'c' || letter === 'p' || letter === 'P') return Math.min(index + 1, pattern.length - 1);
  return index;
}

function unsupported(what: string, instead: string): SandboxError {
  return new SandboxError(
    'invalid-pattern',
    `The search pattern ${what}, which is not supported: regular expressions run on a linear-time engine (RE2 syntax; JavaScript escapes are accepted) that has no backreferences or lookahead. ${instead}.`,
  );
}
