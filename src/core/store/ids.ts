/**
 * A fresh random id with a readable prefix: the prefix, a separator, then 16 hex digits (64
 * random bits), for messages, parts, runs, tool calls and sessions. The bits come from
 * `crypto.getRandomValues`, which browsers have on plain-http pages too (`crypto.randomUUID` is
 * for secure pages only), and from `Math.random` where there is no `crypto` at all; never from
 * a counter, because ids made in two tabs, or by two server instances, must not meet.
 *
 * @example
 * ```ts
 * createId('msg'); // 'msg_5f0c2a9e1b7d4c33'
 * createId('session', '-'); // 'session-9b1e04d7c2a35f68'
 * ```
 */
export function createId(prefix: string, separator: '_' | '-' = '_'): string {
  return `${prefix}${separator}${randomHex()}`;
}

const words = new Uint32Array(2);

function randomHex(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.getRandomValues === 'function') {
    crypto.getRandomValues(words);
  } else {
    words[0] = Math.random() * 0x1_0000_0000;
    words[1] = Math.random() * 0x1_0000_0000;
  }
  return hex8(words[0]!) + hex8(words[1]!);
}

function hex8(word: number): string {
  return word.toString(16).padStart(8, '0');
}
