import { describe, expect, it } from 'vitest';
import { compileGlob, hasWildcards } from './glob';
import { isSandboxError } from './sandbox-errors';

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

  it('caches compiled patterns', () => {
    expect(compileGlob('**/*.md')).toBe(compileGlob('**/*.md'));
  });

  it('tells plain paths from patterns', () => {
    expect(hasWildcards('src/a.ts')).toBe(false);
    expect(hasWildcards('src/*.ts')).toBe(true);
  });
});
