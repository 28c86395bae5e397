import { describe, expect, it } from 'vitest';
import { findInvisibleInValue } from './find-invisible';
import { codePointLabel, invisibleCharacterName, mayContainInvisible } from './invisible-characters';
import { escapeInvisible, escapeInvisibleInJson, hasInvisible, revealInvisible } from './reveal-invisible';

const labels = (text: string, mode: 'strict' | 'prose' = 'strict') =>
  revealInvisible(text, mode).flatMap((segment) => (segment.kind === 'invisible' ? [segment.label] : []));

// Each character the UI must mark, at least: bidi controls, zero-width characters, fillers, tags, controls.
const mustMark = [
  0x00ad, 0x034f, 0x061c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0x200b, 0x200c, 0x200d, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e,
  0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0x2066, 0x2067, 0x2068, 0x2069, 0x206a, 0x206f, 0x3164, 0xfe00, 0xfe0f, 0xfeff, 0xffa0, 0xfff9, 0xfffa,
  0xfffb, 0xe0000, 0xe0001, 0xe0041, 0xe007f, 0xe0100, 0x00, 0x07, 0x0d, 0x1b, 0x7f, 0x85, 0x9b, 0x2028, 0x2029, 0xd800,
];

describe('revealInvisible', () => {
  it.each(mustMark.map((codePoint) => [codePointLabel(codePoint), codePoint]))('marks %s in paths and arguments', (label, codePoint) => {
    const text = `a${String.fromCodePoint(codePoint)}b`;
    expect(mayContainInvisible(text)).toBe(true);
    expect(labels(text)).toEqual([label]);
    expect(revealInvisible(text).filter((segment) => segment.kind === 'text')).toEqual([
      { kind: 'text', text: 'a' },
      { kind: 'text', text: 'b' },
    ]);
  });

  it('leaves ordinary text, line feeds, tabs and visible signs alone, as one segment', () => {
    for (const text of ['report.pdf', 'line one\n\tline two', 'עברית and العربية', 'naïve café 日本語', '\u0600\u0661 (an Arabic number sign)', 'a\u00a0b']) {
      expect(mayContainInvisible(text), text).toBe(false);
      expect(revealInvisible(text)).toEqual([{ kind: 'text', text }]);
    }
  });

  it('shows the override that makes "safe\\u202Egnp.exe" read as "safeexe.png"', () => {
    expect(revealInvisible('rtl/safe\u202Egnp.exe')).toEqual([
      { kind: 'text', text: 'rtl/safe' },
      { kind: 'invisible', codePoint: 0x202e, label: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' },
      { kind: 'text', text: 'gnp.exe' },
    ]);
    expect(escapeInvisible('rtl/safe\u202Egnp.exe')).toBe('rtl/safe[U+202E]gnp.exe');
  });

  it('keeps emoji readable: a presentation selector after an emoji everywhere, ZWJ sequences in prose', () => {
    expect(hasInvisible('I ❤️ it')).toBe(false);
    expect(hasInvisible('1️⃣ first')).toBe(false);
    // After a letter, a presentation selector does nothing visible: it is marked.
    expect(labels('a\uFE0F')).toEqual(['U+FE0F']);
    // A run of selectors after an emoji hides data ("emoji smuggling").
    expect(labels('😀\uFE0F\uFE0F\u{E0101}', 'prose')).toEqual(['U+FE0F', 'U+E0101']);
    const developer = '👩🏽‍💻 and 🏳️‍🌈';
    expect(hasInvisible(developer, 'prose')).toBe(false);
    expect(labels(developer, 'strict')).toEqual(['U+200D', 'U+200D']);
    expect(labels('pay\u200Dpal 👩\u200D', 'prose')).toEqual(['U+200D', 'U+200D']);
  });

  it('keeps what writing systems need in prose: Persian non-joiners, direction marks, soft hyphens, flag tags', () => {
    const persian = 'می\u200Cخواهم';
    expect(hasInvisible(persian, 'prose')).toBe(false);
    expect(labels(persian, 'strict')).toEqual(['U+200C']);
    expect(labels('pay\u200Cpal', 'prose')).toEqual(['U+200C']);
    expect(hasInvisible('שלום\u200F!', 'prose')).toBe(false);
    expect(hasInvisible('hyphen\u00ADation', 'prose')).toBe(false);
    const scotland = '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    expect(hasInvisible(scotland, 'prose')).toBe(false);
    expect(labels(scotland, 'strict')).toHaveLength(6);
    // Tags that are not a flag carry a hidden message, and say which letters they hide.
    const hidden = revealInvisible('ok\u{E0068}\u{E0069}', 'prose');
    expect(hidden.map((segment) => (segment.kind === 'invisible' ? segment.name : segment.text))).toEqual([
      'ok',
      'TAG CHARACTER (hides "h")',
      'TAG CHARACTER (hides "i")',
    ]);
  });

  it('marks direction overrides and isolates in prose too', () => {
    expect(labels('Pick \u2066this\u2069 one \u202Eeno', 'prose')).toEqual(['U+2066', 'U+2069', 'U+202E']);
  });

  it('names every character it marks', () => {
    expect(invisibleCharacterName(0x2066)).toBe('LEFT-TO-RIGHT ISOLATE');
    expect(invisibleCharacterName(0x1b)).toBe('ESCAPE');
    expect(invisibleCharacterName(0xfe0f)).toBe('VARIATION SELECTOR-16');
    expect(invisibleCharacterName(0xe0100)).toBe('VARIATION SELECTOR-17');
    for (const codePoint of mustMark) expect(invisibleCharacterName(codePoint)).toMatch(/^[A-Z]/);
  });
});

describe('escapeInvisibleInJson', () => {
  it('writes invisible characters as escapes that parse back to the same value', () => {
    const value = { 'k\u2066ey': ['rtl/safe\u202Egnp.exe', 'tag\u{E0041}', 'I ❤️ it', 'x\u0000y'] };
    const json = escapeInvisibleInJson(JSON.stringify(value, null, 2));
    expect(json).toContain('"rtl/safe\\u202Egnp.exe"');
    expect(json).toContain('"tag\\uDB40\\uDC41"');
    expect(json).toContain('"k\\u2066ey"');
    expect(mayContainInvisible(json.replace('❤️', ''))).toBe(false);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('findInvisibleInValue', () => {
  it('finds invisible characters in strings and keys at any depth, with a path to each', () => {
    const findings = findInvisibleInValue({ path: 'rtl/safe\u202Egnp.exe', nested: { list: ['ok', 'a\u200Bb'], 'odd key\u2066': 1 }, count: 3 });
    expect(findings.map(({ where, characters }) => [where, characters.map((character) => `${character.label} ${character.name}`)])).toEqual([
      ['input.path', ['U+202E RIGHT-TO-LEFT OVERRIDE']],
      ['input.nested.list[1]', ['U+200B ZERO WIDTH SPACE']],
      ['input.nested["odd key\u2066"] (its key)', ['U+2066 LEFT-TO-RIGHT ISOLATE']],
    ]);
    expect(findInvisibleInValue({ city: 'Paris', days: [1, 2], note: 'I ❤️ it' })).toEqual([]);
  });
});
