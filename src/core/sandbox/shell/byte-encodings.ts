/**
 * The byte encodings the shell's filesystem interface names (Node's `BufferEncoding` subset), done
 * without `Buffer` so the adapter runs in browsers and workers. Also decides how bytes the shell
 * writes are stored: the sandbox keeps text as strings (searchable, diffable), so bytes that are
 * valid UTF-8 text go in as a string and only real binary stays a `Uint8Array`.
 */
import { encodeUtf8 } from '../tree/text-encoding';

/** The encodings of just-bash's `BufferEncoding`. */
export type ShellEncoding = 'utf8' | 'utf-8' | 'ascii' | 'binary' | 'base64' | 'hex' | 'latin1';

/**
 * The encoding of a just-bash `options` argument: a name, `{ encoding }`, or nothing (UTF-8).
 *
 * @example
 * ```ts
 * encodingOf({ encoding: 'hex' }); // 'hex'
 * ```
 */
export function encodingOf(option: ShellEncoding | { encoding?: ShellEncoding | null } | null | undefined): ShellEncoding {
  return (typeof option === 'string' ? option : option?.encoding) ?? 'utf8';
}

/**
 * Whether an encoding is UTF-8 (the default, where text needs no conversion).
 *
 * @example
 * ```ts
 * isUtf8('utf-8'); // true
 * ```
 */
export function isUtf8(encoding: ShellEncoding): boolean {
  return encoding === 'utf8' || encoding === 'utf-8';
}

const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const lenientDecoder = new TextDecoder('utf-8');
// String.fromCharCode takes its arguments on the stack; chunks keep large files from overflowing it.
const chunkSize = 0x8000;

/**
 * Each byte as one character (code 0-255), Node's `latin1` / `binary`.
 *
 * @example
 * ```ts
 * bytesToLatin1(new Uint8Array([0xe9])); // 'é'
 * ```
 */
export function bytesToLatin1(bytes: Uint8Array): string {
  let text = '';
  for (let start = 0; start < bytes.length; start += chunkSize) text += String.fromCharCode(...bytes.subarray(start, start + chunkSize));
  return text;
}

/**
 * Decodes bytes in one of the shell's encodings, as Node's `buffer.toString(encoding)` does.
 *
 * @example
 * ```ts
 * decodeBytes(new Uint8Array([104, 105]), 'hex'); // '6869'
 * ```
 */
export function decodeBytes(bytes: Uint8Array, encoding: ShellEncoding = 'utf8'): string {
  switch (encoding) {
    case 'utf8':
    case 'utf-8':
      return lenientDecoder.decode(bytes);
    case 'latin1':
    case 'binary':
      return bytesToLatin1(bytes);
    case 'ascii':
      return bytesToLatin1(bytes.map((byte) => byte & 0x7f));
    case 'base64':
      return btoa(bytesToLatin1(bytes));
    case 'hex':
      return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  }
}

/**
 * Encodes a string in one of the shell's encodings, as Node's `Buffer.from(text, encoding)` does.
 *
 * @example
 * ```ts
 * encodeText('6869', 'hex'); // Uint8Array [104, 105]
 * ```
 */
export function encodeText(text: string, encoding: ShellEncoding = 'utf8'): Uint8Array {
  switch (encoding) {
    case 'utf8':
    case 'utf-8':
      return encodeUtf8(text);
    case 'latin1':
    case 'binary':
    case 'ascii':
      return Uint8Array.from(text, (character) => character.charCodeAt(0) & 0xff);
    case 'base64':
      return encodeText(atob(text.replace(/-/g, '+').replace(/_/g, '/').replace(/[^A-Za-z0-9+/]/g, '')), 'latin1');
    case 'hex': {
      const pairs = text.match(/[0-9a-fA-F]{2}/g) ?? [];
      return Uint8Array.from(pairs, (pair) => Number.parseInt(pair, 16));
    }
  }
}

/**
 * Two byte arrays, one after the other.
 *
 * @example
 * ```ts
 * concatBytes(new Uint8Array([1]), new Uint8Array([2])); // Uint8Array [1, 2]
 * ```
 */
export function concatBytes(first: Uint8Array, second: Uint8Array): Uint8Array {
  const joined = new Uint8Array(first.length + second.length);
  joined.set(first);
  joined.set(second, first.length);
  return joined;
}

/**
 * How written bytes are stored: as a string when they are valid UTF-8 without NUL bytes (text),
 * otherwise as the bytes themselves.
 *
 * @example
 * ```ts
 * storedContent(new Uint8Array([104, 105])); // 'hi'
 * storedContent(new Uint8Array([0xff, 0])); // Uint8Array [255, 0]
 * ```
 */
export function storedContent(bytes: Uint8Array): string | Uint8Array {
  if (bytes.includes(0)) return bytes;
  try {
    return strictDecoder.decode(bytes);
  } catch {
    return bytes;
  }
}

/**
 * What the sandbox stores for a write from the shell: UTF-8 text as is, anything else through
 * `storedContent` (text if the bytes are text).
 *
 * @example
 * ```ts
 * toStoredContent('6869', 'hex'); // 'hi'
 * ```
 */
export function toStoredContent(content: string | Uint8Array, encoding: ShellEncoding): string | Uint8Array {
  if (typeof content === 'string') return isUtf8(encoding) ? content : storedContent(encodeText(content, encoding));
  return storedContent(content);
}

/**
 * The bytes of the engine's `ByteString` (a latin1 string: one character a byte) as text, read as
 * UTF-8 when they are, else as they are; what just-bash's `decodeBytesToUtf8` does, which its
 * browser build does not export.
 *
 * @example
 * ```ts
 * textOfByteString('h\u00c3\u00a9'); // 'hé'
 * ```
 */
export function textOfByteString(bytes: unknown): string {
  const latin1 = bytes as string;
  // eslint-disable-next-line no-control-regex
  if (/^[\x00-\x7f]*$/.test(latin1)) return latin1;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(latin1, (character) => character.charCodeAt(0)));
  } catch {
    return latin1;
  }
}
