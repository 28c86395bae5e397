/**
 * The guest's `crypto`, for what programs commonly do with it that needs no secret randomness:
 * `createHash` (`md5`, `sha1`, `sha256`) with `update` and `digest` as hex, base64 or a Buffer.
 * Random values are not offered: QuickJS's only source is `Math.random`, which is not a secure
 * one, so `randomBytes` and `randomUUID` say so rather than hand out guessable values. Sent to the
 * runtime as source after `guestBuffer`, so it is self-contained and shares only `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors Node's untyped surface */

/**
 * Defines the `crypto` module in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestCrypto.toString()})()`);
 * ```
 */
export function guestCrypto(): void {
  const internal = (globalThis as any).__guest;
  const Buffer = internal.Buffer;

  const rotateLeft = (value: number, count: number) => (value << count) | (value >>> (32 - count));
  const rotateRight = (value: number, count: number) => (value >>> count) | (value << (32 - count));

  /** The message padded to whole 64-byte blocks with its bit length, big- or little-endian. */
  function padded(bytes: Uint8Array, littleEndian: boolean): DataView {
    const length = Math.ceil((bytes.length + 9) / 64) * 64;
    const block = new Uint8Array(length);
    block.set(bytes);
    block[bytes.length] = 0x80;
    const view = new DataView(block.buffer);
    const bits = bytes.length * 8;
    view.setUint32(littleEndian ? length - 8 : length - 4, bits >>> 0, littleEndian);
    view.setUint32(littleEndian ? length - 4 : length - 8, Math.floor(bits / 2 ** 32), littleEndian);
    return view;
  }

  const sha256Constants = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
  ];
  function sha256(bytes: Uint8Array): Uint8Array {
    const view = padded(bytes, false);
    const state = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    const words = new Array<number>(64);
    for (let offset = 0; offset < view.byteLength; offset += 64) {
      for (let index = 0; index < 16; index++) words[index] = view.getUint32(offset + index * 4);
      for (let index = 16; index < 64; index++) {
        const a = words[index - 15]!;
        const b = words[index - 2]!;
        words[index] = (words[index - 16]! + (rotateRight(a, 7) ^ rotateRight(a, 18) ^ (a >>> 3)) + words[index - 7]! + (rotateRight(b, 17) ^ rotateRight(b, 19) ^ (b >>> 10))) | 0;
      }
      let [a, b, c, d, e, f, g, h] = state as [number, number, number, number, number, number, number, number];
      for (let index = 0; index < 64; index++) {
        const first = (h + (rotateRight(e, 6) ^ rotateRight(e, 11) ^ rotateRight(e, 25)) + ((e & f) ^ (~e & g)) + sha256Constants[index]! + words[index]!) | 0;
        const second = ((rotateRight(a, 2) ^ rotateRight(a, 13) ^ rotateRight(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
        [h, g, f, e, d, c, b, a] = [g, f, e, (d + first) | 0, c, b, a, (first + second) | 0];
      }
      [a, b, c, d, e, f, g, h].forEach((value, index) => (state[index] = (state[index]! + value) | 0));
    }
    const out = new DataView(new ArrayBuffer(32));
    state.forEach((value, index) => out.setUint32(index * 4, value));
    return new Uint8Array(out.buffer);
  }

  function sha1(bytes: Uint8Array): Uint8Array {
    const view = padded(bytes, false);
    const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0];
    const words = new Array<number>(80);
    for (let offset = 0; offset < view.byteLength; offset += 64) {
      for (let index = 0; index < 16; index++) words[index] = view.getUint32(offset + index * 4);
      for (let index = 16; index < 80; index++) words[index] = rotateLeft(words[index - 3]! ^ words[index - 8]! ^ words[index - 14]! ^ words[index - 16]!, 1);
      let [a, b, c, d, e] = state as [number, number, number, number, number];
      for (let index = 0; index < 80; index++) {
        const [mix, constant] = index < 20 ? [(b & c) | (~b & d), 0x5a827999] : index < 40 ? [b ^ c ^ d, 0x6ed9eba1] : index < 60 ? [(b & c) | (b & d) | (c & d), 0x8f1bbcdc] : [b ^ c ^ d, 0xca62c1d6];
        const next = (rotateLeft(a, 5) + mix + e + constant + words[index]!) | 0;
        [e, d, c, b, a] = [d, c, rotateLeft(b, 30), a, next];
      }
      [a, b, c, d, e].forEach((value, index) => (state[index] = (state[index]! + value) | 0));
    }
    const out = new DataView(new ArrayBuffer(20));
    state.forEach((value, index) => out.setUint32(index * 4, value));
    return new Uint8Array(out.buffer);
  }

  const md5Shifts = [7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21];
  const md5Constants = Array.from({ length: 64 }, (_, index) => Math.floor(Math.abs(Math.sin(index + 1)) * 2 ** 32) | 0);
  function md5(bytes: Uint8Array): Uint8Array {
    const view = padded(bytes, true);
    const state = [0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476];
    for (let offset = 0; offset < view.byteLength; offset += 64) {
      let [a, b, c, d] = state as [number, number, number, number];
      for (let index = 0; index < 64; index++) {
        const round = index >> 4;
        const mix = round === 0 ? (b & c) | (~b & d) : round === 1 ? (d & b) | (~d & c) : round === 2 ? b ^ c ^ d : c ^ (b | ~d);
        const word = round === 0 ? index : round === 1 ? (5 * index + 1) % 16 : round === 2 ? (3 * index + 5) % 16 : (7 * index) % 16;
        const sum = (a + mix + md5Constants[index]! + view.getUint32(offset + word * 4, true)) | 0;
        [a, d, c, b] = [d, c, b, (b + rotateLeft(sum, md5Shifts[round * 4 + (index % 4)]!)) | 0];
      }
      [a, b, c, d].forEach((value, index) => (state[index] = (state[index]! + value) | 0));
    }
    const out = new DataView(new ArrayBuffer(16));
    state.forEach((value, index) => out.setUint32(index * 4, value, true));
    return new Uint8Array(out.buffer);
  }

  const algorithms: Record<string, (bytes: Uint8Array) => Uint8Array> = { md5, sha1, sha256 };
  class Hash {
    private chunks: Uint8Array[] = [];
    constructor(private algorithm: (bytes: Uint8Array) => Uint8Array) {}
    update(data: unknown, encoding?: string) {
      this.chunks.push(typeof data === 'string' ? Buffer.from(data, encoding) : (data as Uint8Array));
      return this;
    }
    digest(encoding?: string) {
      const digest = Buffer.from(this.algorithm(Buffer.concat(this.chunks)));
      return encoding === undefined ? digest : digest.toString(encoding);
    }
  }
  const noRandomness = (name: string) => () => {
    throw new Error(`crypto.${name} is not available in the sandbox: it has no secure source of random values.`);
  };
  internal.builtins.crypto = {
    createHash(name: string) {
      const algorithm = algorithms[String(name).toLowerCase()];
      if (algorithm === undefined) throw Object.assign(new Error('Digest method not supported'), { code: 'ERR_CRYPTO_INVALID_DIGEST' });
      return new Hash(algorithm);
    },
    getHashes: () => Object.keys(algorithms),
    randomBytes: noRandomness('randomBytes'),
    randomUUID: noRandomness('randomUUID'),
    randomInt: noRandomness('randomInt'),
  };
}
