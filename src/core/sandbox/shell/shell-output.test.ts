import { describe, expect, it } from 'vitest';
import { capOutput } from './shell-output';

describe('capOutput', () => {
  it('keeps output within the budget unchanged', () => {
    expect(capOutput('hello\n', 6)).toEqual({ text: 'hello\n', truncated: false });
  });

  it('cuts at the byte budget with a note of what was left out', () => {
    expect(capOutput('line 1\nline 2\n', 7)).toEqual({ text: 'line 1\n[output truncated: 7 more bytes not shown]\n', truncated: true });
    expect(capOutput('abcdef', 3)).toEqual({ text: 'abc\n[output truncated: 3 more bytes not shown]\n', truncated: true });
  });

  it('never splits a character', () => {
    // "é" is two bytes in UTF-8: a budget of 2 keeps "a" and drops the half character.
    expect(capOutput('aéz', 2)).toEqual({ text: 'a\n[output truncated: 3 more bytes not shown]\n', truncated: true });
    expect(capOutput('😀😀', 5).text.startsWith('😀\n')).toBe(true);
  });
});
