/**
 * mulberry32: numbers in [0, 1) from a seed, the same on every run, so that a test that reloads
 * or waits at random moments can be replayed exactly when it fails.
 *
 * @example
 * ```ts
 * const random = seededRandom(26);
 * await page.waitForTimeout(Math.round(random() * 700));
 * ```
 */
export function seededRandom(start: number): () => number {
  let value = start >>> 0;
  return () => {
    value = (value + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(value ^ (value >>> 15), 1 | value);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}
