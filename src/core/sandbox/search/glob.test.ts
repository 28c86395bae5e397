import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, hasWildcards, maxGlobLength } from './glob';
import { isSandboxError } from '../tree/sandbox-errors';

const matches = (pattern: string, path: string) => compileGlob(pattern).test(path);

describe('compileGlob', () => {
  it('* stays within one name', () => {
    expect(matches('*.ts', 'a.ts')).toBe(true);
    expect(matches('*.ts', 'src/a.ts')).toBe(false);
    expect(matches('src/*', 'src/a.ts')).toBe(true);
  });

  it('** spans any number of directories, including none', () => {
    expect(matches('**/*.ts', 'a.ts')).toBe(true);
    expect(matches('**/*.ts', 'src/deep/er/a.ts')).toBe(true);
    expect(matches('src/**/a.ts', 'src/a.ts')).toBe(true);
    expect(matches('src/**/a.ts', 'src/x/y/a.ts')).toBe(true);
    expect(matches('src/**', 'src/x/y/a.ts')).toBe(true);
    expect(matches('src/**', 'lib/a.ts')).toBe(false);
    expect(matches('**', 'a/b/c')).toBe(true);
  });

  it('? is one character, never a slash', () => {
    expect(matches('a?.ts', 'ab.ts')).toBe(true);
    expect(matches('a?.ts', 'a.ts')).toBe(false);
    expect(matches('a?b', 'a/b')).toBe(false);
  });

  it('supports classes, negated classes and ranges', () => {
    expect(matches('[abc].ts', 'b.ts')).toBe(true);
    expect(matches('[abc].ts', 'd.ts')).toBe(false);
    expect(matches('[a-c].ts', 'c.ts')).toBe(true);
    expect(matches('[!a-c].ts', 'd.ts')).toBe(true);
    expect(matches('[!a-c].ts', 'a.ts')).toBe(false);
    expect(matches('x[!a]y', 'x/y')).toBe(false);
  });

  it('supports alternatives, nested', () => {
    expect(matches('*.{ts,tsx}', 'a.tsx')).toBe(true);
    expect(matches('*.{ts,tsx}', 'a.js')).toBe(false);
    expect(matches('{src,lib/{a,b}}/x', 'lib/b/x')).toBe(true);
  });

  it('treats regex characters literally', () => {
    expect(matches('a.b', 'a.b')).toBe(true);
    expect(matches('a.b', 'axb')).toBe(false);
    expect(matches('(x)+$', '(x)+$')).toBe(true);
    expect(matches('\\*', '*')).toBe(true);
    expect(matches('\\*', 'a')).toBe(false);
  });

  it('refuses malformed patterns with invalid-pattern', () => {
    for (const pattern of ['[abc', '{a,b', 'a\\', '[z-a]']) {
      expect(() => compileGlob(pattern)).toThrow();
      try {
        compileGlob(pattern);
      } catch (error) {
        expect(isSandboxError(error, 'invalid-pattern')).toBe(true);
      }
    }
  });

  it('refuses a pattern longer than a path may be', () => {
    expect(() => compileGlob('*'.repeat(maxGlobLength + 1))).toThrow(/longer than 4096 characters/);
  });

  it('matches by code point: ? and classes take one astral character', () => {
    expect(matches('?.md', '😀.md')).toBe(true);
    expect(matches('[😀-😂]', '😁')).toBe(true);
    expect(matches('😀*', '😀x')).toBe(true);
  });

  it('caches compiled patterns', () => {
    expect(compileGlob('**/*.md')).toBe(compileGlob('**/*.md'));
  });

  it('tells plain paths from patterns', () => {
    expect(hasWildcards('src/a.ts')).toBe(false);
    expect(hasWildcards('src/*.ts')).toBe(true);
  });
});

/**
 * The RegExp translation this matcher replaced: the reference for what each pattern means. It
 * backtracks exponentially on hostile patterns, so it only ever sees the small inputs below.
 */
function referenceRegExp(pattern: string): RegExp {
  let out = '';
  let braceDepth = 0;
  for (let index = 0; index < pattern.length; index++) {
    const char = pattern[index]!;
    const atSegmentStart = index === 0 || pattern[index - 1] === '/';
    if (char === '*') {
      if (pattern[index + 1] === '*') {
        const atSegmentEnd = index + 2 === pattern.length || pattern[index + 2] === '/';
        if (atSegmentStart && atSegmentEnd) {
          out += pattern[index + 2] === '/' ? '(?:[^/]*/)*' : '.*';
          index += pattern[index + 2] === '/' ? 2 : 1;
          continue;
        }
        index += 1;
      }
      out += '[^/]*';
    } else if (char === '?') {
      out += '[^/]';
    } else if (char === '[') {
      const end = pattern.indexOf(']', index + 2);
      let body = pattern.slice(index + 1, end);
      const negated = body.startsWith('!') || body.startsWith('^');
      if (negated) body = body.slice(1);
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
      out += pattern[++index]!.replace(/[.+^$()|[\]{}\\*?]/, '\\$&');
    } else {
      out += char.replace(/[.+^$()|[\]{}\\*?]/, '\\$&');
    }
  }
  return new RegExp('^' + out + '$', 'u');
}

describe('compileGlob against the RegExp translation it replaced', () => {
  const pieces = ['a', 'b', '.', '/', '-', '*', '**', '**/', '?', '[ab]', '[!a]', '[a-c]', '[a-]', '[-b]', '[a-c-.]', '[]a]', '[!]', '{', '}', ',', '{a,b}', '{a/b,*}', '\\*', '\\{'];
  const pattern = fc.array(fc.constantFrom(...pieces), { maxLength: 7 }).map((parts) => parts.join(''));
  const path = fc.array(fc.constantFrom('a', 'b', 'c', '.', '/', '-', '*', ']', '{'), { maxLength: 9 }).map((parts) => parts.join(''));

  it('agrees on every path, or both refuse the pattern', () => {
    fc.assert(
      fc.property(pattern, fc.array(path, { minLength: 1, maxLength: 8 }), (glob, paths) => {
        let reference: RegExp | undefined;
        try {
          reference = referenceRegExp(glob);
        } catch {
          reference = undefined;
        }
        let compiled: ReturnType<typeof compileGlob> | undefined;
        try {
          compiled = compileGlob(glob);
        } catch (error) {
          expect(isSandboxError(error, 'invalid-pattern')).toBe(true);
          compiled = undefined;
        }
        // An unclosed "{" is refused by the matcher; the old translation left the group open, which RegExp refuses too.
        expect(compiled === undefined, `refusal of ${JSON.stringify(glob)}`).toBe(reference === undefined);
        for (const candidate of paths) expect(compiled?.test(candidate), `${JSON.stringify(glob)} on ${JSON.stringify(candidate)}`).toBe(reference?.test(candidate));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('hostile globs end at once', () => {
  it('many stars against a long name, globstars over a deep path, many alternatives', () => {
    const started = performance.now();
    expect(matches('*a'.repeat(12) + '*b', 'a'.repeat(200))).toBe(false);
    expect(matches('*a'.repeat(12) + '*b', 'a'.repeat(199) + 'b')).toBe(true);
    const deep = Array.from({ length: 40 }, (_, index) => `d${index}`).join('/');
    expect(matches('**/'.repeat(8) + 'x', deep + '/y')).toBe(false);
    expect(matches('**/'.repeat(8) + 'y', deep + '/y')).toBe(true);
    expect(matches('{*a,*a*,*a*a}'.repeat(20) + 'b', 'a'.repeat(200))).toBe(false);
    expect(matches('{' + Array.from({ length: 500 }, (_, index) => `f${index}`).join(',') + '}', 'f499')).toBe(true);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it('stays right when a pattern has more shapes than its memo keeps', () => {
    const names = Array.from({ length: 400 }, (_, index) => `f${index * 7}`);
    const glob = compileGlob(`**/{${names.join(',')}}.ts`);
    for (const name of names) expect(glob.test(`src/${name}.ts`), name).toBe(true);
    for (const name of names) expect(glob.test(`src/${name}x.ts`), name).toBe(false);
  });
});
