/**
 * A short fingerprint of a file's content, for the stale-write guard (see `Sandbox.noteRead`):
 * it tells whether a file still holds what the model read, without keeping a copy of it, and
 * is small enough to save with a session. Not cryptographic: it guards against a model editing
 * from a stale view, not against an adversary (whose edits still need approval).
 */

/**
 * The fingerprint of `content`: its kind and length plus two 32-bit multiplicative hashes of its
 * UTF-16 code units (text) or bytes (binary), like cyrb53. O(length), no allocation.
 *
 * @example
 * ```ts
 * contentHash('hello'); // 't5.…' (equal content, equal hash)
 * ```
 */
export function contentHash(content: string | Uint8Array): string {
  const text = typeof content === 'string';
  let first = 0xdeadbeef;
  let second = 0x41c6ce57;
  for (let index = 0; index < content.length; index++) {
    const unit = text ? content.charCodeAt(index) : content[index]!;
    first = Math.imul(first ^ unit, 2654435761);
    second = Math.imul(second ^ unit, 1597334677);
  }
  first = Math.imul(first ^ (first >>> 16), 2246822507) ^ Math.imul(second ^ (second >>> 13), 3266489909);
  second = Math.imul(second ^ (second >>> 16), 2246822507) ^ Math.imul(first ^ (first >>> 13), 3266489909);
  return `${text ? 't' : 'b'}${content.length.toString(36)}.${(first >>> 0).toString(36)}.${(second >>> 0).toString(36)}`;
}
