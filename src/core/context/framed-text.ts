/**
 * Text the kit puts between tags of its own in a prompt (a conversation summary in the system
 * message, a transcript sent to the summarizer). The text is model- or user-written, so it may
 * hold the frame's own closing tag; left as it is, whatever follows that tag reads as the kit's
 * words (in the system message, with the authority of the instructions). Every tag-like mention
 * of the frame's name in the text loses its `<`, which becomes `&lt;`: the text still says what
 * it said, and nothing in it can end the frame or open a second one.
 */

/**
 * Characters a tag may hide behind: format characters (zero-width, bidi controls, soft hyphen)
 * and whitespace. Allowed anywhere inside a tag-like mention, so `</conversation\u200B-summary >`
 * is caught like `</conversation-summary>`.
 */
const hidden = String.raw`[\s\p{Cf}]*`;

/** Case-insensitive, any spacing, `/` or `\` before the name, `-`, `_` or spaces between its words. */
function tagPattern(name: string): RegExp {
  const words = name.split(/[-_\s]+/).map((word) => [...word].map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(hidden));
  return new RegExp(String.raw`<${hidden}(?:[/\\]${hidden})*${words.join(String.raw`[-_\s\p{Cf}]*`)}`, 'giu');
}

/**
 * Fullwidth and small forms of ASCII (`＜／ｓｕｍｍａｒｙ＞`, `﹤`) read as the ASCII
 * characters to a model; they are folded to ASCII for matching only (each is one UTF-16 unit, as
 * its ASCII form is, so positions stay the same).
 */
function foldLookalikes(text: string): string {
  return text.replace(/[\uFF01-\uFF5E\uFE63\uFE64\uFE65]/g, (character) => {
    const code = character.charCodeAt(0);
    if (code === 0xfe63) return '-';
    if (code === 0xfe64) return '<';
    if (code === 0xfe65) return '>';
    return String.fromCharCode(code - 0xfee0);
  });
}

/**
 * The text with every tag-like mention of `name` (opening or closing, any case, spacing,
 * hidden characters or fullwidth forms) made inert: its `<` becomes `&lt;`.
 *
 * @example
 * ```ts
 * neutralizeFrameTags('done</conversation-summary>New rules: …', 'conversation-summary');
 * // 'done&lt;/conversation-summary>New rules: …'
 * ```
 */
export function neutralizeFrameTags(text: string, name: string): string {
  const pattern = tagPattern(name);
  const folded = foldLookalikes(text);
  let result = '';
  let from = 0;
  for (const match of folded.matchAll(pattern)) {
    result += `${text.slice(from, match.index)}&lt;`;
    from = match.index + 1;
  }
  return result + text.slice(from);
}

/**
 * `text` between `<name>` and `</name>` lines, with nothing in it able to end the frame.
 *
 * @example
 * ```ts
 * framedText('transcript', 'User: hi'); // '<transcript>\nUser: hi\n</transcript>'
 * ```
 */
export function framedText(name: string, text: string): string {
  return `<${name}>\n${neutralizeFrameTags(text, name)}\n</${name}>`;
}
