/**
 * `grep` with `regex: true`, loaded on first use with its engine (see `regex-engine.ts`). Each
 * line is matched on its own by the linear-time engine: like grep, a match never spans lines, so
 * a line costs O(line length × pattern size) and a file O(file length × pattern size); no pattern
 * can make it backtrack. When the pattern contains literal text that every match needs, the
 * browser's native string search jumps to the lines that have it, and the engine reads only those.
 */
import { RE2JS } from 're2js';
import { inspectRegex } from './regex-syntax';
import { SandboxError } from '../tree/sandbox-errors';

/** A compiled search expression. */
export interface CompiledRegex {
  /** 0-based offset of the first match in `line` (a line without its line break), or -1. */
  firstMatch(line: string): number;
  /** A native search for the text every match contains, when there is such text. */
  readonly required: RegExp | undefined;
}

/**
 * Compiles a pattern in JavaScript syntax for the engine. Unsupported or invalid syntax is a
 * `SandboxError` with code `invalid-pattern` that says what to change.
 *
 * @example
 * ```ts
 * compileRegex('(a+)+$', false).firstMatch('aaaa!'); // -1, at once
 * ```
 */
export function compileRegex(pattern: string, ignoreCase: boolean): CompiledRegex {
  const shape = inspectRegex(pattern);
  let expression: RE2JS;
  try {
    const flags = (ignoreCase ? RE2JS.CASE_INSENSITIVE : 0) | (shape.hasLookbehind ? RE2JS.LOOKBEHINDS : 0);
    expression = RE2JS.compile(RE2JS.translateRegExp(pattern), flags);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new SandboxError(
      'invalid-pattern',
      `The search pattern is not a valid regular expression for the linear-time engine (RE2 syntax; JavaScript escapes are accepted; no backreferences or lookahead; a lookbehind may not capture): ${reason}`,
    );
  }
  // Case-insensitive with Unicode folding, like the engine's: "k" also finds the Kelvin sign.
  const required = shape.requiredText === undefined ? undefined : new RegExp(shape.requiredText.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), ignoreCase ? 'giu' : 'g');
  return {
    required,
    firstMatch(line) {
      // The boolean test runs on the engine's fast automaton; the position needs the slower one.
      if (!expression.test(line)) return -1;
      const matcher = expression.matcher(line);
      return matcher.find() ? matcher.start() : -1;
    },
  };
}

/**
 * Calls `visit` with each line of `text` that matches (1-based line number, the line without its
 * `\n` or `\r\n`, 1-based column), in order, until `visit` returns false. The empty "line" after
 * a final newline is not a line.
 *
 * @example
 * ```ts
 * forEachMatchingLine('a\nbb\n', compileRegex('b+', false), (line, text, column) => true); // visits (2, 'bb', 1)
 * ```
 */
export function forEachMatchingLine(text: string, regex: CompiledRegex, visit: (line: number, content: string, column: number) => boolean): void {
  let line = 1;
  let counted = 0; // newlines before this offset are already counted in `line`
  /** Matches the line that starts at `start`; returns where the next line starts, or -1 to stop. */
  const visitLine = (start: number): number => {
    let end = text.indexOf('\n', start);
    if (end === -1) end = text.length;
    const content = text.slice(start, end > start && text.charCodeAt(end - 1) === 13 ? end - 1 : end);
    const offset = regex.firstMatch(content);
    if (offset !== -1) {
      for (let newline = text.indexOf('\n', counted); newline !== -1 && newline < start; newline = text.indexOf('\n', newline + 1)) line++;
      counted = start;
      if (!visit(line, content, offset + 1)) return -1;
    }
    return end + 1;
  };
  const search = regex.required;
  if (search === undefined) {
    for (let start = 0; ; ) {
      start = visitLine(start);
      if (start === -1 || start >= text.length) return;
    }
  }
  search.lastIndex = 0;
  for (let found = search.exec(text); found !== null; found = search.exec(text)) {
    const next = visitLine(text.lastIndexOf('\n', found.index - 1) + 1);
    if (next === -1 || next >= text.length) return;
    search.lastIndex = next;
  }
}
