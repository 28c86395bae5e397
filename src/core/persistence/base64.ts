/**
 * Bytes per `btoa` call: a multiple of 3 so that the chunks' base64 texts join without padding
 * in the middle, and small enough for `String.fromCharCode(...chunk)` to stay within argument limits.
 */
const CHUNK_BYTES = 3 * 8192;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Encodes bytes as standard base64 with `btoa`, which exists in browsers, workers and Node
 * (no `Buffer`, so the core stays platform-neutral).
 *
 * @example
 * ```ts
 * bytesToBase64(new Uint8Array([104, 105])); // 'aGk='
 * ```
 */
export function bytesToBase64(bytes: Uint8Array): string {
  const parts: string[] = [];
  for (let start = 0; start < bytes.length; start += CHUNK_BYTES) {
    const chunk = bytes.subarray(start, start + CHUNK_BYTES);
    parts.push(btoa(String.fromCharCode(...chunk)));
  }
  return parts.join('');
}

/**
 * Decodes standard base64, or returns `undefined` when the text is not valid base64 (so the
 * caller can name the bad entry instead of surfacing `atob`'s generic exception).
 *
 * @example
 * ```ts
 * base64ToBytes('aGk='); // Uint8Array [104, 105]
 * base64ToBytes('a!'); // undefined
 * ```
 */
export function base64ToBytes(text: string): Uint8Array | undefined {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return undefined;
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/**
 * The size in bytes of base64 content, without decoding it.
 *
 * @example
 * ```ts
 * base64ByteLength('aGk='); // 2
 * ```
 */
export function base64ByteLength(data: string): number {
  const padding = data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0;
  return Math.max(0, (data.length / 4) * 3 - padding);
}
