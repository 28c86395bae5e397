/**
 * A small glob matcher, written here (not a dependency) because the rules are few. Patterns come
 * from a model, so they are parsed once (cached) into an automaton that reads a path once, in
 * O(path length × pattern length) (see `glob-automaton.ts`); no pattern can make it backtrack.
 *
 * Syntax: `*` (any run of characters except `/`), `**` (any number of whole directories),
 * `?` (one character except `/`), `[abc]` / `[a-z]` / `[!abc]` (a character class),
 * `{a,b}` (alternatives, may nest), `\x` (a literal x). Dotfiles are matched like any other name.
 */
import { buildAutomaton, createAutomatonMatcher, type GlobNode } from './glob-automaton';
import { SandboxError } from '../tree/sandbox-errors';
import { sortedNames, type DirectoryNode, type TreeNode } from '../tree/tree';

/** A compiled glob: `test` tells whether a relative path (`src/a.ts`) matches it as a whole. */
export interface GlobMatcher {
  test(path: string): boolean;
}

/** Longest glob accepted, in characters: a pattern need not be longer than a path may be. */
export const maxGlobLength = 4096;

const cache = new Map<string, GlobMatcher>();
// Patterns come from a model; a cap keeps a stream of unique patterns from growing memory forever.
const cacheLimit = 100;

/**
 * Compiles a glob to a matcher of relative paths (`src/a.ts`, no leading slash).
 * Throws a `SandboxError` with code `invalid-pattern` for an unclosed `[` or `{`, a reversed
 * range such as `[z-a]`, or a pattern longer than {@link maxGlobLength}.
 *
 * @example
 * ```ts
 * compileGlob('src/**\/*.{ts,tsx}').test('src/ui/button.tsx'); // true
 * ```
 */
export function compileGlob(pattern: string): GlobMatcher {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  if (pattern.length > maxGlobLength) throw invalid(pattern.slice(0, 40) + '…', `it is longer than ${maxGlobLength} characters`);
  let compiled: GlobMatcher;
  if (hasWildcards(pattern)) {
    compiled = { test: createAutomatonMatcher(buildAutomaton(parse(pattern))) };
  } else {
    compiled = { test: (path) => path === pattern };
  }
  if (cache.size >= cacheLimit) cache.clear();
  cache.set(pattern, compiled);
  return compiled;
}

/**
 * Whether a glob has any wildcard syntax; a plain path can be looked up instead of matched.
 *
 * @example
 * ```ts
 * hasWildcards('src/a.ts'); // false
 * ```
 */
export function hasWildcards(pattern: string): boolean {
  return /[*?[{\\]/.test(pattern);
}

const slash = 0x2f;

/** Parses a pattern into a sequence of pieces; `{…}` nest through a stack of open alternatives. */
function parse(pattern: string): GlobNode[] {
  const root: GlobNode[] = [];
  // Each open `{` keeps its finished branches and the branch being read.
  const open: Array<{ branches: GlobNode[][]; into: GlobNode[] }> = [];
  let sequence = root;
  const literal = (codePoint: number): void => void sequence.push({ kind: 'code-point', accepts: (other) => other === codePoint });
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    const atSegmentStart = index === 0 || pattern[index - 1] === '/';
    if (char === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentEnd = index + 2 === pattern.length || pattern[index + 2] === '/';
        if (atSegmentStart && atSegmentEnd) {
          // `**/` matches zero or more whole directories; a trailing `**` matches everything below.
          if (pattern[index + 2] === '/') {
            sequence.push({ kind: 'directories' });
            index += 2;
          } else {
            sequence.push({ kind: 'anything' });
            index += 1;
          }
          continue;
        }
        index += 1; // `a**b` inside a name behaves like `*`.
      }
      // `**` twice in a row is the same set of paths as once: keep the automaton small.
      if (sequence.at(-1)?.kind !== 'name-run') sequence.push({ kind: 'name-run' });
    } else if (char === '?') {
      sequence.push({ kind: 'code-point', accepts: (codePoint) => codePoint !== slash });
    } else if (char === '[') {
      const end = pattern.indexOf(']', index + 2);
      if (end === -1) throw invalid(pattern, 'a "[" is never closed');
      sequence.push({ kind: 'code-point', accepts: parseClass(pattern, pattern.slice(index + 1, end)) });
      index = end;
    } else if (char === '{') {
      const branch: GlobNode[] = [];
      open.push({ branches: [branch], into: sequence });
      sequence = branch;
    } else if (char === '}' && open.length > 0) {
      const group = open.pop()!;
      group.into.push({ kind: 'alternatives', branches: group.branches });
      sequence = group.into;
    } else if (char === ',' && open.length > 0) {
      sequence = [];
      open.at(-1)!.branches.push(sequence);
    } else if (char === '\\') {
      if (index + 1 === pattern.length) throw invalid(pattern, 'it ends with a lone "\\"');
      const codePoint = pattern.codePointAt(index + 1)!;
      literal(codePoint);
      index += codePoint > 0xffff ? 2 : 1;
    } else {
      const codePoint = pattern.codePointAt(index)!;
      literal(codePoint);
      if (codePoint > 0xffff) index++;
    }
  }
  if (open.length > 0) throw invalid(pattern, 'a "{" is never closed');
  return root;
}

/**
 * A character class body (between `[` and `]`): characters and `a-z` ranges, all literal;
 * a leading `!` or `^` negates it, and a negated class never matches `/`.
 */
function parseClass(pattern: string, body: string): (codePoint: number) => boolean {
  const negated = body.startsWith('!') || body.startsWith('^');
  const codePoints = Array.from(negated ? body.slice(1) : body, (char) => char.codePointAt(0)!);
  const ranges: number[] = [];
  for (let index = 0; index < codePoints.length; index++) {
    const low = codePoints[index]!;
    // A dash between two characters makes a range; at either end it is a dash.
    if (codePoints[index + 1] === 0x2d && index + 2 < codePoints.length) {
      const high = codePoints[index + 2]!;
      if (high < low) throw invalid(pattern, `the range "${String.fromCodePoint(low)}-${String.fromCodePoint(high)}" is reversed`);
      ranges.push(low, high);
      index += 2;
    } else {
      ranges.push(low, low);
    }
  }
  const inRanges = (codePoint: number): boolean => {
    for (let index = 0; index < ranges.length; index += 2) if (codePoint >= ranges[index]! && codePoint <= ranges[index + 1]!) return true;
    return false;
  };
  return negated ? (codePoint) => codePoint !== slash && !inRanges(codePoint) : inRanges;
}

function invalid(pattern: string, reason: string): SandboxError {
  return new SandboxError('invalid-pattern', `The glob "${pattern}" is invalid: ${reason}.`);
}

/**
 * Canonical paths below `directory` (whose canonical path is `prefix`) whose path relative to it
 * matches `pattern`, sorted. A pattern's leading literal directories are looked up directly, so
 * `src/ui/*.tsx` reads one directory instead of the whole tree.
 *
 * @example
 * ```ts
 * globTree(root, '/', '**\/*.md', false); // ['/README.md', '/docs/guide.md']
 * ```
 */
export function globTree(directory: DirectoryNode, prefix: string, pattern: string, includeDirectories: boolean): string[] {
  const relative = pattern.replace(/^(?:\.\/)+/, '');
  const matcher = compileGlob(relative);
  const base = prefix === '/' ? '/' : prefix + '/';
  let start: TreeNode = directory;
  let startPath = prefix;
  const parts = relative.split('/');
  for (let index = 0; index < parts.length - 1; index++) {
    const part = parts[index]!;
    if (part === '' || part === '.' || part === '..' || hasWildcards(part)) break;
    const child: TreeNode | undefined = start.kind === 'directory' ? start.children.get(part) : undefined;
    if (child === undefined || child.kind !== 'directory') return [];
    start = child;
    startPath = (startPath === '/' ? '/' : startPath + '/') + part;
  }
  const results: string[] = [];
  const visit = (node: TreeNode, path: string): void => {
    if (node.kind === 'file' || includeDirectories) {
      if (path !== prefix && matcher.test(path.slice(base.length))) results.push(path);
    }
    if (node.kind !== 'directory') return;
    const childBase = path === '/' ? '/' : path + '/';
    for (const name of sortedNames(node)) visit(node.children.get(name)!, childBase + name);
  };
  visit(start, startPath);
  return results;
}
