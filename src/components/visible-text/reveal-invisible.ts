/**
 * Turning invisible characters into visible marks: as segments (for React), as plain text (for
 * attributes such as `aria-label` and `title`, which cannot hold markup), and as JSON escapes
 * (for the editable arguments). Which characters stay as they are depends on where the text is.
 */
import { codePointLabel, invisibleCharacterName, invisiblePattern, mayContainInvisible } from './invisible-characters';

/**
 * Where a text is shown, which decides what stays unmarked:
 * - `'strict'`: identifiers and what runs: tool names, paths, file names, commands, arguments,
 *   code, diffs, file contents. Every invisible character is marked.
 * - `'prose'`: text people read as language: questions, option labels, replies. The characters
 *   that writing systems need stay as they are (see `revealInvisible`).
 *
 * In both, one U+FE0E or U+FE0F right after an emoji-capable character stays: it only picks
 * the text or color glyph of that emoji, and marking it would put a mark after every ❤️.
 */
export type RevealMode = 'strict' | 'prose';

/** One piece of a revealed text: text as it is, or one invisible character to show as a mark. */
export type RevealedSegment = { kind: 'text'; text: string } | { kind: 'invisible'; codePoint: number; label: string; name: string };

const emoji = /\p{Emoji}/u;
const pictograph = /\p{Extended_Pictographic}/u;
const emojiPart = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F\u20E3]/u;
const letter = /\p{L}/u;
const letterOrMark = /[\p{L}\p{M}]/u;
const latin = /\p{Script=Latin}/u;

function codePointBefore(text: string, index: number): number | undefined {
  if (index === 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

const is = (pattern: RegExp, codePoint: number | undefined) => codePoint !== undefined && pattern.test(String.fromCodePoint(codePoint));
const isVariationSelector = (codePoint: number) =>
  (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef) || (codePoint >= 0x180b && codePoint <= 0x180d) || codePoint === 0x180f;
/** A letter (or a mark on one: a virama) of a script that uses joiners (Arabic, Persian, Indic, ...); variation selectors are marks too, but not this. */
const isJoinable = (codePoint: number | undefined) => codePoint !== undefined && !isVariationSelector(codePoint) && is(letterOrMark, codePoint) && !is(latin, codePoint);

/** Whether the invisible character at `index` stays unmarked, by the rules of `mode`. */
function keeps(text: string, index: number, codePoint: number, mode: RevealMode): boolean {
  const before = codePointBefore(text, index);
  if ((codePoint === 0xfe0e || codePoint === 0xfe0f) && is(emoji, before)) return true;
  if (mode === 'strict') return false;
  const after = text.codePointAt(index + (codePoint > 0xffff ? 2 : 1));
  switch (codePoint) {
    case 0x200d:
      // An emoji sequence (👩‍💻), or a joiner inside a word of a script that uses it.
      return (is(emojiPart, before) && is(pictograph, after)) || (isJoinable(before) && isJoinable(after));
    case 0x200c:
      // Persian and Indic words need the non-joiner between letters.
      return isJoinable(before) && isJoinable(after);
    case 0x200e:
    case 0x200f:
    case 0x061c:
      // Direction marks place punctuation in right-to-left writing; they cannot reorder letters.
      return true;
    case 0x00ad:
      return true;
  }
  // One variation selector after a letter (a Han or Mongolian variant); a run of them hides data.
  if (isVariationSelector(codePoint)) return is(letter, before) && !is(latin, before);
  // The tags of a subdivision flag (🏴 followed by tags up to CANCEL TAG).
  if (codePoint >= 0xe0020 && codePoint <= 0xe007f) return flagTagsFrom(text, index);
  return false;
}

function flagTagsFrom(text: string, index: number): boolean {
  let start = index;
  while (start >= 2 && isTagAt(text, start - 2)) start -= 2;
  if (text.codePointAt(start - 2) !== 0x1f3f4) return false;
  let end = index;
  while (isTagAt(text, end) && text.codePointAt(end) !== 0xe007f) end += 2;
  return text.codePointAt(end) === 0xe007f;
}

function isTagAt(text: string, index: number): boolean {
  const codePoint = text.codePointAt(index);
  return codePoint !== undefined && codePoint >= 0xe0020 && codePoint <= 0xe007f;
}

/**
 * `text` as segments: runs of text, and each invisible character on its own, with its `U+XXXX`
 * label and name, for a renderer to show as a mark. A text without invisible characters comes
 * back as one text segment (the fast path: one regular-expression test).
 *
 * In `'prose'`, these stay unmarked: a zero width joiner inside an emoji sequence (👩‍💻); zero
 * width (non-)joiners between letters of a script other than Latin (Persian, Indic); the
 * direction marks U+200E, U+200F and U+061C; the soft hyphen; one variation selector after a
 * letter of a script other than Latin; the tags of a subdivision flag. In `'strict'` only the
 * emoji presentation selector stays (see {@link RevealMode}).
 *
 * @example
 * ```ts
 * revealInvisible('safe\u202Egnp.exe');
 * // [{ kind: 'text', text: 'safe' },
 * //  { kind: 'invisible', codePoint: 0x202e, label: 'U+202E', name: 'RIGHT-TO-LEFT OVERRIDE' },
 * //  { kind: 'text', text: 'gnp.exe' }]
 * ```
 */
export function revealInvisible(text: string, mode: RevealMode = 'strict'): RevealedSegment[] {
  if (!mayContainInvisible(text)) return [{ kind: 'text', text }];
  const segments: RevealedSegment[] = [];
  let from = 0;
  for (const match of text.matchAll(invisiblePattern)) {
    const index = match.index;
    const codePoint = match[0].codePointAt(0)!;
    if (keeps(text, index, codePoint, mode)) continue;
    if (index > from) segments.push({ kind: 'text', text: text.slice(from, index) });
    segments.push({ kind: 'invisible', codePoint, label: codePointLabel(codePoint), name: invisibleCharacterName(codePoint) });
    from = index + match[0].length;
  }
  if (from < text.length || segments.length === 0) segments.push({ kind: 'text', text: text.slice(from) });
  return segments;
}

/**
 * Whether `text` holds an invisible character that `mode` marks.
 *
 * @example
 * ```ts
 * hasInvisible('rtl/safe\u202Egnp.exe'); // true
 * hasInvisible('I ❤️ it', 'prose'); // false
 * ```
 */
export function hasInvisible(text: string, mode: RevealMode = 'strict'): boolean {
  return mayContainInvisible(text) && revealInvisible(text, mode).some((segment) => segment.kind === 'invisible');
}

/**
 * `text` with each marked invisible character written as `[U+XXXX]`: for attributes that
 * cannot hold markup (`aria-label`, `title`, a download's file name shown by the browser).
 *
 * @example
 * ```ts
 * escapeInvisible('safe\u202Egnp.exe'); // 'safe[U+202E]gnp.exe'
 * ```
 */
export function escapeInvisible(text: string, mode: RevealMode = 'strict'): string {
  if (!mayContainInvisible(text)) return text;
  return revealInvisible(text, mode)
    .map((segment) => (segment.kind === 'text' ? segment.text : `[${segment.label}]`))
    .join('');
}

/**
 * JSON text with each invisible character written as a `\uXXXX` escape. The result parses to
 * exactly the same value, so an editor can show it without the characters acting on the text.
 * Only for the output of `JSON.stringify`, where such characters occur only inside strings.
 *
 * @example
 * ```ts
 * escapeInvisibleInJson(JSON.stringify({ path: 'safe\u202Egnp.exe' })); // '{"path":"safe\\u202Egnp.exe"}'
 * ```
 */
export function escapeInvisibleInJson(json: string): string {
  if (!mayContainInvisible(json)) return json;
  return revealInvisible(json, 'strict')
    .map((segment) => (segment.kind === 'text' ? segment.text : jsonEscape(segment.codePoint)))
    .join('');
}

function jsonEscape(codePoint: number): string {
  // An astral character (a tag, a supplementary variation selector) is two escapes, as JSON writes it.
  const units = String.fromCodePoint(codePoint);
  let escaped = '';
  for (let index = 0; index < units.length; index += 1) escaped += `\\u${units.charCodeAt(index).toString(16).toUpperCase().padStart(4, '0')}`;
  return escaped;
}
