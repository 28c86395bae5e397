/** Beyond this nesting two values are treated as different rather than walked further. */
const maxEqualityDepth = 128;

function isObjectLike(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * Structural equality of JSON values, as `enum`, `const` and `uniqueItems` define it: object key
 * order does not matter, array order does. Reads own keys only.
 *
 * @example
 * ```ts
 * jsonEqual({ a: 1, b: [2] }, { b: [2], a: 1 }); // true
 * ```
 */
export function jsonEqual(left: unknown, right: unknown, depth = 0): boolean {
  if (left === right) return true;
  if (!isObjectLike(left) || !isObjectLike(right) || depth > maxEqualityDepth) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  if (Array.isArray(left) && Array.isArray(right)) {
    if (left.length !== right.length) return false;
    return left.every((item, index) => jsonEqual(item, right[index], depth + 1));
  }
  const leftKeys = Object.keys(left);
  if (leftKeys.length !== Object.keys(right).length) return false;
  return leftKeys.every((key) => Object.hasOwn(right, key) && jsonEqual(left[key], right[key], depth + 1));
}

/**
 * A string that is the same for exactly the `jsonEqual` values, so `uniqueItems` can find
 * duplicates in one pass instead of comparing every pair.
 *
 * @example
 * ```ts
 * canonicalJson({ b: 1, a: 2 }) === canonicalJson({ a: 2, b: 1 }); // true
 * ```
 */
export function canonicalJson(value: unknown, depth = 0): string {
  if (!isObjectLike(value)) {
    // `typeof` keeps 1 and "1" apart; JSON.stringify maps -0 to 0, as equality does.
    return `${typeof value}:${typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean' ? JSON.stringify(value) : String(value)}`;
  }
  if (depth > maxEqualityDepth) return '<deep>';
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item, depth + 1)).join(',')}]`;
  const keys = Object.keys(value).sort();
  return `{${keys.map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key], depth + 1)}`).join(',')}}`;
}
