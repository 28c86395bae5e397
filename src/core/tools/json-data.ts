/**
 * Keeping state JSON. Whatever a tool returns (or reports as progress, or a host submits) goes
 * into the agent's state, which is saved, exported and sent to the model as JSON. A value JSON
 * cannot hold (a BigInt, a cycle, a function, a symbol, a Map, an Error, a class instance) would
 * either make saving throw or reach the model as `{}` or `"[object Object]"`; it is refused here,
 * with where it sits, so the tool's author and the model both learn what went wrong.
 */

/** The value as JSON gives it back, or what makes it not JSON and where. */
export type JsonDataCheck = { ok: true; value: unknown } | { ok: false; problem: string };

const maxDepth = 1_000;

/**
 * Checks that `value` is JSON data (null, booleans, numbers, strings, arrays and plain objects;
 * a value with a `toJSON` method, like a `Date`, counts as what it turns into) and returns it as
 * a JSON round trip gives it back: what a reload would see (`undefined` properties dropped,
 * `NaN` and `Infinity` as `null`). A top-level `undefined` stays `undefined` (a tool that returns
 * nothing). `label` names the value in the problem (`output.items[2]: a BigInt`).
 *
 * @example
 * ```ts
 * toJsonData({ when: new Date(0) }); // { ok: true, value: { when: '1970-01-01T00:00:00.000Z' } }
 * toJsonData({ count: 1n });         // { ok: false, problem: 'a BigInt (1) at output.count' }
 * ```
 */
export function toJsonData(value: unknown, label = 'output'): JsonDataCheck {
  if (value === undefined) return { ok: true, value: undefined };
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return { ok: true, value };
  if (typeof value === 'number') return { ok: true, value: Number.isFinite(value) ? value : null };
  const problem = findProblem(value, label, new Set(), 0);
  if (problem !== null) return { ok: false, problem };
  try {
    return { ok: true, value: JSON.parse(JSON.stringify(value)) as unknown };
  } catch (error) {
    // A toJSON that throws or returns something unserializable.
    return { ok: false, problem: `${label} cannot be written as JSON (${error instanceof Error ? error.message : String(error)})` };
  }
}

function findProblem(value: unknown, path: string, ancestors: Set<object>, depth: number): string | null {
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'undefined':
      return null;
    case 'bigint':
      return `a BigInt (${String(value)}) at ${path}`;
    case 'symbol':
      return `a symbol (${String(value)}) at ${path}`;
    case 'function':
      return `a function${value.name ? ` (${value.name})` : ''} at ${path}`;
  }
  if (value === null) return null;
  const object = value as object;
  if (depth > maxDepth) return `${path} is nested more than ${maxDepth} levels deep`;
  if (ancestors.has(object)) return `a cycle at ${path} (it contains itself)`;
  // A value that says how to write itself as JSON (a Date, a URL) is checked as what it says.
  if (typeof (object as { toJSON?: unknown }).toJSON === 'function') return null;
  const kind = nonPlainKind(object);
  if (kind !== null) return `${kind} at ${path}`;
  ancestors.add(object);
  try {
    if (Array.isArray(object)) {
      for (let index = 0; index < object.length; index++) {
        const problem = findProblem(object[index], `${path}[${index}]`, ancestors, depth + 1);
        if (problem !== null) return problem;
      }
      return null;
    }
    if (Object.getOwnPropertySymbols(object).some((symbol) => Object.prototype.propertyIsEnumerable.call(object, symbol))) {
      return `an object with symbol keys at ${path}`;
    }
    for (const [key, entry] of Object.entries(object)) {
      const problem = findProblem(entry, `${path}${propertyAccess(key)}`, ancestors, depth + 1);
      if (problem !== null) return problem;
    }
    return null;
  } finally {
    ancestors.delete(object);
  }
}

/** `null` for arrays and plain objects; otherwise what the object is, for the problem text. */
function nonPlainKind(object: object): string | null {
  if (Array.isArray(object)) return null;
  const prototype = Object.getPrototypeOf(object) as object | null;
  if (prototype === null || prototype === Object.prototype) return null;
  if (object instanceof Error) return `an Error (${object.message})`;
  if (ArrayBuffer.isView(object) || object instanceof ArrayBuffer) return `binary data (${object.constructor.name}; encode it, e.g. as base64)`;
  if (typeof (object as { then?: unknown }).then === 'function') return 'a Promise (await it before returning)';
  const name = (prototype as { constructor?: { name?: unknown } }).constructor?.name;
  // Objects from another realm (an iframe, a VM context) are plain too when their prototype is that realm's Object.prototype.
  if (name === 'Object' && Object.getPrototypeOf(prototype) === null) return null;
  return `${typeof name === 'string' && name !== '' ? `a ${name}` : 'an object'} (a class instance, not plain data)`;
}

function propertyAccess(key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
}
