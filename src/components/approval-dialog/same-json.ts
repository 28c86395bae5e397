/**
 * Whether two JSON values are the same data, whatever the order of their keys (`{ a, b }` is
 * `{ b, a }`): an argument form rebuilds objects in its schema's order, which is no edit.
 *
 * @example
 * ```ts
 * sameJson({ to: 'a', subject: 'b' }, { subject: 'b', to: 'a' }); // true
 * ```
 */
export function sameJson(left: unknown, right: unknown): boolean {
  if (left === right) return true;
  if (typeof left !== 'object' || typeof right !== 'object' || left === null || right === null) return false;
  if (Array.isArray(left) !== Array.isArray(right)) return false;
  const leftKeys = Object.keys(left);
  const rightRecord = right as Record<string, unknown>;
  return leftKeys.length === Object.keys(right).length && leftKeys.every((key) => Object.hasOwn(rightRecord, key) && sameJson((left as Record<string, unknown>)[key], rightRecord[key]));
}
