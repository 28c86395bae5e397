/**
 * What the kit's own adapters make of a user's file that the provider has no file block for: a
 * text file goes as text, with its name; anything else is refused with a sentence that says which
 * types the adapter sends (the AI SDK's providers refuse them the same way).
 */
import type { ProviderFilePart } from '../model/language-model';
import { textContentOf } from '../model/text-content';

/**
 * A text file's content as a text block for the model (`undefined` for other types or bytes that
 * are not UTF-8).
 *
 * @example
 * ```ts
 * fileAsText({ type: 'file', mediaType: 'text/plain', filename: 'a.txt', data: 'aGk=' }); // '<file name="a.txt">\nhi\n</file>'
 * ```
 */
export function fileAsText(part: ProviderFilePart): string | undefined {
  const text = textContentOf(part.mediaType, bytesOf(part.data));
  return text === undefined ? undefined : `<file name=${JSON.stringify(part.filename ?? 'attachment')} type="${part.mediaType}">\n${text}\n</file>`;
}

/**
 * The decoded size of base64 data, without decoding it.
 *
 * @example
 * ```ts
 * base64ByteLength('aGk='); // 2
 * ```
 */
export function base64ByteLength(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((base64.length * 3) / 4) - padding);
}

/**
 * The error for a file an adapter cannot send.
 *
 * @example
 * ```ts
 * throw unsupportedFile('Anthropic', part, 'images (JPEG, PNG, GIF, WebP), PDFs and text files');
 * ```
 */
export function unsupportedFile(adapter: string, part: ProviderFilePart, supported: string): Error {
  return new Error(`The ${adapter} adapter cannot send ${part.filename ?? 'a file'} (${part.mediaType}): it sends ${supported}.`);
}

function bytesOf(base64: string): Uint8Array | undefined {
  try {
    return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
  } catch {
    return undefined;
  }
}
