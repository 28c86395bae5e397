/**
 * A small glob matcher: patterns are translated to a regular expression once and cached. Written
 * here (not a dependency) because the rules are few and translating to a RegExp needs no eval.
 *
 * Syntax: `*` (any run of characters except `/`), `**` (any number of whole directories),
 * `?` (one character except `/`), `[abc]` / `[a-z]` / `[!abc]` (a character class),
 * `{a,b}` (alternatives, may nest), `\x` (a literal x). Dotfiles are matched like any other name.
 */
import { SandboxError } from './sandbox-errors';
import { sortedNames, type DirectoryNode, type TreeNode } from './tree';

const cache = new Map<string, RegExp>();
// Patterns come from a model; a cap keeps a stream of unique patterns from growing memory forever.
const cacheLimit = 500;
const specials = /[.+^$()|[\]{}\\*?]/;

/**
 * Compiles a glob to an anchored RegExp matching relative paths (`src/a.ts`, no leading slash).
 * Throws a `SandboxError` with code `invalid-pattern` for an unclosed `[` or `{`.
 *
 * @example
 * ```ts
 * compileGlob('src/**\/*.{ts,tsx}').test('src/ui/button.tsx'); // true
 * ```
 */
export function compileGlob(pattern: string): RegExp {
  const cached = cache.get(pattern);
  if (cached !== undefined) return cached;
  let compiled: RegExp;
  try {
    compiled = new RegExp('^' + translate(pattern) + '$', 'u');
  } catch (error) {
    if (error instanceof SandboxError) throw error;
    // For example a reversed range such as `[z-a]`.
    throw invalid(pattern, error instanceof Error ? error.message : String(error));
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

function translate(pattern: string): string {
  let out = '';
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    const atSegmentStart = index === 0 || pattern[index - 1] === '/';
    if (char === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentEnd = index + 2 === pattern.length || pattern[index + 2] === '/';
        if (atSegmentStart && atSegmentEnd) {
          // `**/` matches zero or more whole directories; a trailing `**` matches everything below.
          if (pattern[index + 2] === '/') {
            out += '(?:[^/]*/)*';
            index += 2;
          } else {
            out += '.*';
            index += 1;
          }
          continue;
        }
        index += 1; // `a**b` inside a name behaves like `*`.
      }
      out += '[^/]*';
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = pattern.indexOf(']', index + 2);
      if (end === -1) throw invalid(pattern, 'a "[" is never closed');
      let body = pattern.slice(index + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
      // Escape everything but the range dash so the class cannot smuggle in other regex syntax.
      const escaped = body.replace(/[\\\]^[]/g, (match) => '\\' + match);
      out += negated ? `(?!/)[^${escaped}]` : `[${escaped}]`;
      index = end;
    } else if (char === '{') {
      braceDepth++;
      out += '(?:';
    } else if (char === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (char === ',' && braceDepth > 0) {
      out += '|';
    } else if (char === '\\') {
      const next = pattern[index + 1];
      if (next === undefined) throw invalid(pattern, 'it ends with a lone "\\"');
      out += escapeChar(next);
      index++;
    } else {
      out += escapeChar(char);
    }
  }
  if (braceDepth > 0) throw invalid(pattern, 'a "{" is never closed');
  return out;
}

function escapeChar(char: string): string {
  return specials.test(char) ? '\\' + char : char;
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
