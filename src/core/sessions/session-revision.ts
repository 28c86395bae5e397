/**
 * What a session server may answer as a revision. The client sends the revision back as
 * `expectedRevision` with the next save, so a wrong one would fail every later save of the
 * session; it is checked where it comes in.
 */

/**
 * Whether `value` is a revision a session server can give: a positive safe integer. Anything
 * else (1e308, 2**53, 0, -1, 1.5) is an answer the client cannot send back as `expectedRevision`.
 *
 * @example
 * ```ts
 * isRevision(3); // true
 * isRevision(2 ** 53); // false
 * ```
 */
export function isRevision(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) > 0;
}
