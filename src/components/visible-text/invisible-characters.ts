/**
 * Which characters the UI treats as invisible, and what each is called. A character is invisible
 * when it draws nothing (or draws whitespace that hides what it is) yet changes what a text is or
 * how it reads: direction controls that reorder a line ("safe\u202Egnp.exe" reads "safeexe.png"),
 * zero-width characters, fillers, tag characters that can carry a hidden message, variation
 * selectors, and control characters other than line feed and tab.
 *
 * Built from Unicode properties (`Cc`, `Cf`, `Default_Ignorable_Code_Point`, lone surrogates), so
 * a newly assigned format character is covered without a change here; characters of those
 * classes that draw a visible sign (the prepended concatenation marks such as U+0600 ARABIC
 * NUMBER SIGN) are left out.
 */

/**
 * Every invisible character, tested one code point at a time. Global, for `matchAll` and
 * `replace`; {@link mayContainInvisible} is the cheap test.
 */
export const invisiblePattern =
  /(?![\t\n\u0600-\u0605\u06DD\u070F\u0890\u0891\u08E2\u{110BD}\u{110CD}])[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Cs}\u2028\u2029]/gu;

const quickPattern = new RegExp(invisiblePattern.source, 'u');

/**
 * Whether `text` holds any invisible character at all, before the rules that keep some of them
 * in prose (see `revealInvisible`). One linear regular-expression test: the fast path of every
 * renderer, which does nothing more when it is false.
 *
 * @example
 * ```ts
 * mayContainInvisible('report.pdf'); // false
 * mayContainInvisible('safe\u202Egnp.exe'); // true
 * ```
 */
export function mayContainInvisible(text: string): boolean {
  return quickPattern.test(text);
}

/**
 * Names of the characters people meet in practice (the direction controls, the zero-width
 * characters, the controls of a terminal); rarer ones are named by their kind, which keeps this
 * table small in the bundle.
 */
const names: Readonly<Record<number, string>> = {
  0x00: 'NULL',
  0x07: 'BELL',
  0x08: 'BACKSPACE',
  0x0b: 'LINE TABULATION',
  0x0c: 'FORM FEED',
  0x0d: 'CARRIAGE RETURN',
  0x1b: 'ESCAPE',
  0x7f: 'DELETE',
  0x00ad: 'SOFT HYPHEN',
  0x034f: 'COMBINING GRAPHEME JOINER',
  0x061c: 'ARABIC LETTER MARK',
  0x180e: 'MONGOLIAN VOWEL SEPARATOR',
  0x200b: 'ZERO WIDTH SPACE',
  0x200c: 'ZERO WIDTH NON-JOINER',
  0x200d: 'ZERO WIDTH JOINER',
  0x200e: 'LEFT-TO-RIGHT MARK',
  0x200f: 'RIGHT-TO-LEFT MARK',
  0x2028: 'LINE SEPARATOR',
  0x2029: 'PARAGRAPH SEPARATOR',
  0x202a: 'LEFT-TO-RIGHT EMBEDDING',
  0x202b: 'RIGHT-TO-LEFT EMBEDDING',
  0x202c: 'POP DIRECTIONAL FORMATTING',
  0x202d: 'LEFT-TO-RIGHT OVERRIDE',
  0x202e: 'RIGHT-TO-LEFT OVERRIDE',
  0x2060: 'WORD JOINER',
  0x2066: 'LEFT-TO-RIGHT ISOLATE',
  0x2067: 'RIGHT-TO-LEFT ISOLATE',
  0x2068: 'FIRST STRONG ISOLATE',
  0x2069: 'POP DIRECTIONAL ISOLATE',
  0xfeff: 'ZERO WIDTH NO-BREAK SPACE (BYTE ORDER MARK)',
  0xe0001: 'LANGUAGE TAG',
  0xe007f: 'CANCEL TAG',
};

/** Kinds of the rarer characters: the first code point of each range, its last, and the kind. */
const kinds: ReadonlyArray<readonly [number, number, string]> = [
  [0x00, 0x9f, 'CONTROL CHARACTER'],
  [0x115f, 0x1160, 'HANGUL FILLER'],
  [0x3164, 0x3164, 'HANGUL FILLER'],
  [0xffa0, 0xffa0, 'HALFWIDTH HANGUL FILLER'],
  [0x17b4, 0x17b5, 'KHMER INHERENT VOWEL'],
  [0x180b, 0x180f, 'MONGOLIAN FREE VARIATION SELECTOR'],
  [0x2061, 0x2064, 'INVISIBLE MATHEMATICAL OPERATOR'],
  [0x206a, 0x206f, 'DEPRECATED FORMAT CHARACTER'],
  [0xfff9, 0xfffb, 'INTERLINEAR ANNOTATION CHARACTER'],
  [0xd800, 0xdfff, 'LONE SURROGATE (a broken character)'],
];

/**
 * `U+XXXX` for a code point: what the UI writes in place of an invisible character.
 *
 * @example
 * ```ts
 * codePointLabel(0x202e); // 'U+202E'
 * codePointLabel(0xe0041); // 'U+E0041'
 * ```
 */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * The Unicode name of an invisible character (for the rarer ones, what kind of character it
 * is). A tag character also says which letter it hides, so a message written
 * in tag characters can be read from the marks.
 *
 * @example
 * ```ts
 * invisibleCharacterName(0x202e); // 'RIGHT-TO-LEFT OVERRIDE'
 * invisibleCharacterName(0xfe0f); // 'VARIATION SELECTOR-16'
 * invisibleCharacterName(0xe0041); // 'TAG CHARACTER (hides "A")'
 * ```
 */
export function invisibleCharacterName(codePoint: number): string {
  const known = names[codePoint];
  if (known) return known;
  if (codePoint >= 0xfe00 && codePoint <= 0xfe0f) return `VARIATION SELECTOR-${codePoint - 0xfe00 + 1}`;
  if (codePoint >= 0xe0100 && codePoint <= 0xe01ef) return `VARIATION SELECTOR-${codePoint - 0xe0100 + 17}`;
  if (codePoint >= 0xe0020 && codePoint <= 0xe007e) return tagName(codePoint - 0xe0000);
  return kinds.find(([first, last]) => codePoint >= first && codePoint <= last)?.[2] ?? 'INVISIBLE FORMATTING CHARACTER';
}

function tagName(ascii: number): string {
  return `TAG CHARACTER (hides ${JSON.stringify(String.fromCharCode(ascii))})`;
}
