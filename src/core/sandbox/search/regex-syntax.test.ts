import { describe, expect, it } from 'vitest';
import { inspectRegex } from './regex-syntax';
import { isSandboxError } from '../tree/sandbox-errors';

const required = (pattern: string) => inspectRegex(pattern).requiredText;

describe('inspectRegex', () => {
  it('finds the longest literal text every match contains', () => {
    expect(required('TODO')).toBe('TODO');
    expect(required('need+le\\s+HERE')).toBe('need');
    expect(required('ab*cdef')).toBe('cdef');
    expect(required('a\\.b\\(c')).toBe('a.b(c');
    expect(required('x{2}yz{0,3}w')).toBe('x');
    expect(required('(?:foo)+bar')).toBe('bar');
    expect(required('\\x41BC')).toBe('BC');
    expect(required('\\u{1F600}abc\\u0041xy')).toBe('abc');
    expect(required('[abc]def[^g]')).toBe('def');
    expect(required('[\\]x]yz')).toBe('yz');
    expect(required('é?abc')).toBe('abc');
  });

  it('finds none where no text is required', () => {
    expect(required('foo|bar')).toBeUndefined();
    expect(required('(?i)abc')).toBeUndefined();
    expect(required('a?b*c{0}')).toBeUndefined();
    expect(required('\\d+\\w*')).toBeUndefined();
    expect(required('(abc)')).toBeUndefined();
    expect(required('')).toBeUndefined();
    expect(required('é')).toBeUndefined();
  });

  it('notes lookbehinds, and refuses backreferences and lookahead by name', () => {
    expect(inspectRegex('(?<=a)b').hasLookbehind).toBe(true);
    expect(inspectRegex('(?<!a)b').hasLookbehind).toBe(true);
    expect(inspectRegex('(?<name>a)b').hasLookbehind).toBe(false);
    for (const [pattern, named] of [
      ['(a)\\1', 'backreference'],
      ['(?<a>x)\\k<a>', 'named backreference'],
      ['a(?=b)', 'lookahead'],
      ['a(?!b)', 'lookahead'],
    ] as const) {
      try {
        inspectRegex(pattern);
        expect.unreachable(pattern);
      } catch (error) {
        expect(isSandboxError(error, 'invalid-pattern')).toBe(true);
        expect((error as Error).message).toContain(`uses a ${named}`);
      }
    }
    // Inside a class, a backslash-digit is not a backreference, and a "(?=" is just characters.
    expect(() => inspectRegex('[\\1(?=]')).not.toThrow();
  });
});
