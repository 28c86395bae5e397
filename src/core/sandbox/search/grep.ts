/**
 * Searching file contents. A literal (the default) is found by the browser's native search,
 * which cannot backtrack on an escaped string: each file is scanned once by one global
 * expression over the whole text, and line numbers are counted only up to each match. That is
 * what keeps "grep across 10,000 files" in milliseconds. A regular expression (`regex: true`)
 * comes from a model and may be hostile, so it runs on a linear-time engine, line by line
 * (`regex-search.ts`, loaded with its engine), never on the browser's backtracking RegExp.
 */
import { compileGlob } from './glob';
import { loadedRegexEngine } from './regex-engine';
import { walkFiles, type TreeNode } from '../tree/tree';

/** One matching line. */
export interface GrepMatch {
  /** Canonical path of the file (`/src/a.ts`). */
  path: string;
  /** 1-based line number. */
  line: number;
  /** 1-based column of the match start, in UTF-16 code units. */
  column: number;
  /** The line's text, cut to `maxLineLength` characters around the match (`…` marks a cut). */
  text: string;
}

/** The matches of a search; `truncated` is true when `maxMatches` stopped it early. */
export interface GrepResult {
  matches: GrepMatch[];
  truncated: boolean;
}

/** How to search. */
export interface GrepOptions {
  /**
   * Treat the pattern as a regular expression. Default: a literal string. JavaScript syntax, matched
   * line by line by a linear-time engine (RE2): no backreferences or lookahead (an `invalid-pattern`
   * error says so); `^` and `$` are the line's ends. Needs `await loadRegexEngine()` first.
   */
  regex?: boolean;
  ignoreCase?: boolean;
  /** Search only this file or directory. Default: the whole sandbox. */
  path?: string;
  /** Search only files whose path, relative to `path`, matches this glob (e.g. `**\/*.ts`). */
  glob?: string;
  /** Stop after this many matching lines. Default 1,000. */
  maxMatches?: number;
  /** Cut reported lines to this many characters. Default 500. */
  maxLineLength?: number;
}

/** Default cap on reported matching lines. */
export const defaultMaxMatches = 1_000;
/** Default cap on the length of a reported line. */
export const defaultMaxLineLength = 500;

/**
 * Searches the text files below `node` (binary files are skipped), in sorted path order.
 * `prefix` is the canonical path of `node`; `options.path` is expected to be resolved already.
 * With `regex: true` the engine must be loaded (`loadRegexEngine`), else this throws a
 * `SandboxError` with code `regex-engine-not-loaded`; an invalid or unsupported pattern is one
 * with code `invalid-pattern`.
 *
 * @example
 * ```ts
 * grepTree(root, '/', 'TODO', { glob: '**\/*.ts', maxMatches: 50 });
 * ```
 */
export function grepTree(node: TreeNode, prefix: string, pattern: string, options: GrepOptions = {}): GrepResult {
  const ignoreCase = options.ignoreCase === true;
  const engine = options.regex === true ? loadedRegexEngine() : undefined;
  const regex = engine?.compileRegex(pattern, ignoreCase);
  const literal = regex === undefined ? new RegExp(pattern.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'), ignoreCase ? 'gim' : 'gm') : undefined;
  const filter = options.glob === undefined ? undefined : compileGlob(options.glob);
  const maxMatches = options.maxMatches ?? defaultMaxMatches;
  const maxLineLength = Math.max(1, options.maxLineLength ?? defaultMaxLineLength);
  const matches: GrepMatch[] = [];
  let truncated = false;
  const relativeStart = prefix === '/' ? 1 : prefix.length + 1;
  walkFiles(node, prefix, (path, file) => {
    if (truncated || typeof file.content !== 'string') return;
    // A single file searched directly has no relative path of its own: match the glob on its name.
    if (filter !== undefined && !filter.test(node.kind === 'file' ? path.slice(path.lastIndexOf('/') + 1) : path.slice(relativeStart))) return;
    /** Records one matching line; false (and truncated) when the cap was already reached. */
    const record = (line: number, content: string, column: number): boolean => {
      if (matches.length >= maxMatches) return !(truncated = true);
      matches.push({ path, line, column, text: cut(content, column - 1, maxLineLength) });
      return true;
    };
    if (regex !== undefined) engine!.forEachMatchingLine(file.content, regex, record);
    else searchText(file.content, literal!, record);
  });
  return { matches, truncated };
}

/** Reports each line of `text` where `expression` (global, multiline) matches, until `record` says stop. */
function searchText(text: string, expression: RegExp, record: (line: number, content: string, column: number) => boolean): void {
  expression.lastIndex = 0;
  let line = 1;
  let counted = 0; // newlines before this offset are already counted in `line`
  for (;;) {
    const found = expression.exec(text);
    if (found === null) return;
    const start = found.index;
    // A zero-length match after the final newline is the phantom empty "line" grep does not report.
    if (start === text.length && start > 0 && text.charCodeAt(start - 1) === 10) return;
    for (let newline = text.indexOf('\n', counted); newline !== -1 && newline < start; newline = text.indexOf('\n', newline + 1)) line++;
    const lineStart = text.lastIndexOf('\n', start - 1) + 1;
    let lineEnd = text.indexOf('\n', start);
    if (lineEnd === -1) lineEnd = text.length;
    const content = text.charCodeAt(lineEnd - 1) === 13 ? text.slice(lineStart, lineEnd - 1) : text.slice(lineStart, lineEnd);
    if (!record(line, content, start - lineStart + 1)) return;
    // One report per line, like grep: continue on the next line.
    if (lineEnd >= text.length) return;
    expression.lastIndex = lineEnd + 1;
    counted = lineEnd + 1;
    line++;
  }
}

function cut(text: string, matchOffset: number, maxLength: number): string {
  if (text.length <= maxLength) return text;
  // Keep the match in view: start a little before it when it lies beyond the first window.
  const from = matchOffset < maxLength - 20 ? 0 : Math.max(0, matchOffset - 20);
  return (from > 0 ? '…' : '') + text.slice(from, from + maxLength) + (from + maxLength < text.length ? '…' : '');
}
