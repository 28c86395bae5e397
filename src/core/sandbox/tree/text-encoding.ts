/**
 * UTF-8 helpers that run in browsers, workers and Node alike (no Buffer). Sizes and
 * quotas count UTF-8 bytes, because that is what the files cost when saved or exported.
 */

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8');

/**
 * The UTF-8 byte length of a string, without allocating the encoded bytes.
 *
 * @example
 * ```ts
 * utf8Length('café'); // 5
 * ```
 */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      // A valid surrogate pair is one 4-byte code point; a lone surrogate encodes as U+FFFD (3 bytes).
      if (next >= 0xdc00 && next <= 0xdfff) {
        bytes += 4;
        index++;
      } else bytes += 3;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Encodes text as UTF-8 bytes.
 *
 * @example
 * ```ts
 * encodeUtf8('hi'); // Uint8Array [104, 105]
 * ```
 */
export function encodeUtf8(text: string): Uint8Array {
  return encoder.encode(text);
}

/**
 * Decodes UTF-8 bytes as text (invalid sequences become U+FFFD).
 *
 * @example
 * ```ts
 * decodeUtf8(new Uint8Array([104, 105])); // 'hi'
 * ```
 */
export function decodeUtf8(bytes: Uint8Array): string {
  return decoder.decode(bytes);
}
