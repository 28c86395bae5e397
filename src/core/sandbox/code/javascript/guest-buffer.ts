/**
 * Bytes and text in the guest (QuickJS): UTF-8 and base64 by hand (QuickJS has neither
 * `TextEncoder` nor `atob`), `Buffer` as a `Uint8Array` with Node's common methods, and the
 * globals `TextEncoder`, `TextDecoder`, `atob`, `btoa`. Sent to the runtime as source after
 * `guestRuntime`, so it is self-contained and shares only `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors Node's untyped surface */

/**
 * Defines `Buffer`, the text codecs, `atob`/`btoa` and the `buffer` module in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestBuffer.toString()})()`);
 * ```
 */
export function guestBuffer(): void {
  const g = globalThis as any;
  const internal = g.__guest;
  function utf8Encode(text: string): Uint8Array {
    const bytes: number[] = [];
    for (const character of text) {
      let code = character.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  }
  function utf8Decode(bytes: ArrayLike<number>): string {
    let text = '';
    for (let index = 0; index < bytes.length; ) {
      const byte = bytes[index]!;
      const length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 0;
      if (length === 0 || index + length > bytes.length) {
        text += '\ufffd';
        index++;
        continue;
      }
      let code = length === 1 ? byte : byte & (0xff >> (length + 1));
      for (let next = 1; next < length; next++) code = (code << 6) | (bytes[index + next]! & 63);
      text += String.fromCodePoint(code);
      index += length;
    }
    return text;
  }
  const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function toBase64(bytes: ArrayLike<number>): string {
    let text = '';
    for (let index = 0; index < bytes.length; index += 3) {
      const chunk = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
      text += base64Alphabet[(chunk >> 18) & 63]! + base64Alphabet[(chunk >> 12) & 63]!;
      text += index + 1 < bytes.length ? base64Alphabet[(chunk >> 6) & 63]! : '=';
      text += index + 2 < bytes.length ? base64Alphabet[chunk & 63]! : '=';
    }
    return text;
  }
  function fromBase64(text: string): Uint8Array {
    const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
    const bytes: number[] = [];
    for (let index = 0; index < clean.length; index += 4) {
      const values = [0, 1, 2, 3].map((offset) => base64Alphabet.indexOf(clean.charAt(index + offset) || 'A'));
      const chunk = (values[0]! << 18) | (values[1]! << 12) | (values[2]! << 6) | values[3]!;
      bytes.push((chunk >> 16) & 255);
      if (index + 2 < clean.length) bytes.push((chunk >> 8) & 255);
      if (index + 3 < clean.length) bytes.push(chunk & 255);
    }
    return new Uint8Array(bytes);
  }
  class Buffer extends Uint8Array {
    static override from(value: any, encoding?: any, length?: number): any {
      if (typeof value === 'string') {
        if (encoding === 'base64') return bufferOf(fromBase64(value));
        if (encoding === 'hex') return bufferOf((value.match(/../g) ?? []).map((pair: string) => parseInt(pair, 16)));
        if (encoding === 'latin1' || encoding === 'binary' || encoding === 'ascii') return bufferOf(Array.from(value, (character: string) => character.charCodeAt(0) & 255));
        return bufferOf(utf8Encode(value));
      }
      // Buffer.from(arrayBuffer, byteOffset, length) shares the memory.
      if (value instanceof ArrayBuffer) return new Buffer(value, encoding ?? 0, length);
      return bufferOf(value);
    }
    static alloc(size: number, fill: number | string = 0): Buffer {
      if (typeof fill === 'string') {
        const pattern = utf8Encode(fill);
        const buffer = new Buffer(size);
        for (let index = 0; index < size && pattern.length > 0; index++) buffer[index] = pattern[index % pattern.length]!;
        return buffer;
      }
      return new Buffer(size).fill(fill);
    }
    static isBuffer(value: unknown): boolean {
      return value instanceof Buffer;
    }
    static byteLength(text: string): number {
      return utf8Encode(text).length;
    }
    static concat(list: Uint8Array[]): Buffer {
      const result = new Buffer(list.reduce((sum, item) => sum + item.length, 0));
      let offset = 0;
      for (const item of list) {
        result.set(item, offset);
        offset += item.length;
      }
      return result;
    }
    override toString(encoding?: string): string {
      if (encoding === 'base64') return toBase64(this);
      if (encoding === 'hex') return Array.from(this, (byte) => byte.toString(16).padStart(2, '0')).join('');
      if (encoding === 'latin1' || encoding === 'binary' || encoding === 'ascii') return String.fromCharCode(...this);
      return utf8Decode(this);
    }
    static compare(a: Uint8Array, b: Uint8Array): number {
      for (let index = 0; index < Math.min(a.length, b.length); index++) if (a[index] !== b[index]) return a[index]! < b[index]! ? -1 : 1;
      return a.length === b.length ? 0 : a.length < b.length ? -1 : 1;
    }
    static allocUnsafe(size: number): Buffer {
      return new Buffer(size);
    }
    static isEncoding(encoding: unknown): boolean {
      return typeof encoding === 'string' && ['utf8', 'utf-8', 'hex', 'base64', 'latin1', 'binary', 'ascii'].includes(encoding.toLowerCase());
    }
    toJSON() {
      return { type: 'Buffer', data: Array.from(this) };
    }
    equals(other: Uint8Array): boolean {
      return Buffer.compare(this, other) === 0;
    }
    compare(other: Uint8Array): number {
      return Buffer.compare(this, other);
    }
    // Node's `slice` shares memory with the buffer, like `subarray`.
    override slice(start?: number, end?: number): Buffer {
      return this.subarray(start, end) as Buffer;
    }
    readUInt8(offset = 0): number {
      return this[offset]!;
    }
    readUInt16BE(offset = 0): number {
      return new DataView(this.buffer, this.byteOffset).getUint16(offset);
    }
    readUInt16LE(offset = 0): number {
      return new DataView(this.buffer, this.byteOffset).getUint16(offset, true);
    }
    readUInt32BE(offset = 0): number {
      return new DataView(this.buffer, this.byteOffset).getUint32(offset);
    }
    readUInt32LE(offset = 0): number {
      return new DataView(this.buffer, this.byteOffset).getUint32(offset, true);
    }
    readInt32LE(offset = 0): number {
      return new DataView(this.buffer, this.byteOffset).getInt32(offset, true);
    }
    writeUInt8(value: number, offset = 0): number {
      this[offset] = value;
      return offset + 1;
    }
  }
  function bufferOf(bytes: ArrayLike<number>): Buffer {
    const buffer = new Buffer(bytes.length);
    buffer.set(bytes);
    return buffer;
  }
  class TextEncoder {
    encoding = 'utf-8';
    encode(text = '') {
      return utf8Encode(text);
    }
  }
  class TextDecoder {
    encoding = 'utf-8';
    decode(bytes?: ArrayLike<number>) {
      return bytes === undefined ? '' : utf8Decode(bytes);
    }
  }


  const latin1 = (bytes: ArrayLike<number>) => {
    let text = '';
    for (let index = 0; index < bytes.length; index += 8192) text += String.fromCharCode(...Array.prototype.slice.call(bytes, index, index + 8192));
    return text;
  };
  Object.assign(internal, { Buffer, utf8Decode, latin1 });
  internal.builtins.buffer = { Buffer, constants: { MAX_LENGTH: 2 ** 32 } };
  Object.assign(g, {
    Buffer,
    TextEncoder,
    TextDecoder,
    atob: (text: string) => latin1(fromBase64(text)),
    btoa: (text: string) => toBase64(Array.from(text, (character) => character.charCodeAt(0))),
  });
}
