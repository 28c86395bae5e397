import { describe, expect, it } from 'vitest';
import { SandboxError } from './sandbox-errors';
import { isWithin, joinSegments, parsePath } from './sandbox-path';

function codeOf(input: string): string | undefined {
  try {
    parsePath(input);
    return undefined;
  } catch (error) {
    expect(error).toBeInstanceOf(SandboxError);
    return (error as SandboxError).code;
  }
}

describe('parsePath', () => {
  it('treats relative and absolute paths as the same, from the root', () => {
    expect(parsePath('src/a.ts')).toEqual({ segments: ['src', 'a.ts'], path: '/src/a.ts' });
    expect(parsePath('/src/a.ts').path).toBe('/src/a.ts');
  });

  it('resolves . and .. inside the root, and accepts one trailing slash', () => {
    expect(parsePath('./src/../src/./a.ts').path).toBe('/src/a.ts');
    expect(parsePath('src/').path).toBe('/src');
    expect(parsePath('a/..').path).toBe('/');
    expect(parsePath('').path).toBe('/');
    expect(parsePath('/').path).toBe('/');
  });

  it('refuses .. that climbs above the root', () => {
    expect(codeOf('..')).toBe('path-escapes-root');
    expect(codeOf('/../etc/passwd')).toBe('path-escapes-root');
    expect(codeOf('a/../../b')).toBe('path-escapes-root');
  });

  it('refuses NUL bytes and backslashes', () => {
    expect(codeOf('a\u0000b')).toBe('path-has-nul');
    expect(codeOf('a\\b')).toBe('path-has-backslash');
    expect(codeOf('..\\..\\windows')).toBe('path-has-backslash');
  });

  it('refuses empty segments', () => {
    expect(codeOf('a//b')).toBe('path-empty-segment');
    expect(codeOf('//a')).toBe('path-empty-segment');
  });

  it('refuses names over 255 bytes and paths over 4096 bytes, counting UTF-8 bytes', () => {
    expect(codeOf('a'.repeat(255))).toBeUndefined();
    expect(codeOf('a'.repeat(256))).toBe('name-too-long');
    expect(codeOf('é'.repeat(128))).toBe('name-too-long'); // 256 bytes in 128 characters
    expect(codeOf(Array.from({ length: 20 }, () => 'a'.repeat(200)).join('/'))).toBeUndefined();
    expect(codeOf(Array.from({ length: 21 }, () => 'a'.repeat(200)).join('/'))).toBe('path-too-long');
    expect(codeOf(Array.from({ length: 17 }, () => 'é'.repeat(127)).join('/'))).toBe('path-too-long');
  });

  it('normalizes to NFC so composed and decomposed names are one name', () => {
    const composed = 'caf\u00e9.txt';
    const decomposed = 'cafe\u0301.txt';
    expect(parsePath(decomposed).path).toBe('/' + composed);
    expect(parsePath(composed).path).toBe(parsePath(decomposed).path);
  });

  it('refuses a value that is not a string', () => {
    expect(codeOf(42 as unknown as string)).toBe('invalid-path');
  });

  it('names the rule and the path in the error', () => {
    try {
      parsePath('../x');
    } catch (error) {
      expect((error as SandboxError).message).toContain('../x');
      expect((error as SandboxError).path).toBe('../x');
    }
  });
});

describe('path helpers', () => {
  it('joins and tests containment without prefix confusion', () => {
    expect(joinSegments([])).toBe('/');
    expect(joinSegments(['a', 'b'])).toBe('/a/b');
    expect(isWithin('/src/a', '/src')).toBe(true);
    expect(isWithin('/src', '/src')).toBe(true);
    expect(isWithin('/srcx', '/src')).toBe(false);
    expect(isWithin('/anything', '/')).toBe(true);
  });
});
