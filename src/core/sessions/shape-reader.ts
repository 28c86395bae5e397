/**
 * Reading untrusted saved data field by field: each read checks the field's shape and, when it is
 * wrong, throws `PersistenceError` `corrupt` naming where (`state.messages[3].parts`), what was
 * expected and what was found (`expected a list, got "x"`). The location is kept as a stack of
 * keys and only written out on failure, so checking a large state allocates no path strings.
 */
import { PersistenceError } from '../persistence/persistence-error';

type Key = string | number;

// Keys that change a prototype when an object is copied by assignment (`Object.assign`, a plain
// `for...in` copy); no saved object of the kit has them, so finding one means the data was made up.
const unsafeKeys = ['__proto__', 'constructor', 'prototype'] as const;
const hasOwn = Object.hasOwn;

/** Strings longer than this are cut in error messages, so a huge value cannot flood one. */
const maxShownLength = 40;

/**
 * A short description of a found value for an error message: strings quoted (cut when long),
 * numbers as written (`NaN`, `Infinity` too), lists and objects by kind, `undefined` as "nothing".
 *
 * @example
 * ```ts
 * describeValue('x'); // '"x"'
 * describeValue([1, 2]); // 'a list of 2 items'
 * ```
 */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > maxShownLength ? `${value.slice(0, maxShownLength)}…` : value);
    case 'number':
    case 'boolean':
      return String(value);
    case 'bigint':
      return `${value}n`;
    case 'object':
      return Array.isArray(value) ? `a list of ${value.length} item${value.length === 1 ? '' : 's'}` : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * The error for saved data that is not what the kit wrote.
 *
 * @example
 * ```ts
 * throw corruptSnapshot('it is not an object');
 * ```
 */
export function corruptSnapshot(reason: string): PersistenceError {
  return new PersistenceError('corrupt', `This is not a saved conversation that react-agent-kit can read: ${reason}.`);
}

/**
 * Checks values below a root (`state`, `sandbox`) and names them on failure. `key` arguments are
 * the key or index the value was read from, relative to the current location; `enter`/`leave`
 * move the location down and up.
 *
 * @example
 * ```ts
 * const reader = new ShapeReader('state');
 * const state = reader.object(value);
 * reader.list(state.messages, 'messages'); // throws: state.messages: expected a list, got "x"
 * ```
 */
export class ShapeReader {
  private readonly trail: Key[] = [];

  constructor(private readonly root: string) {}

  enter(key: Key): void {
    this.trail.push(key);
  }

  leave(): void {
    this.trail.pop();
  }

  /** The location of `key` below the current one, as `state.messages[3].parts`. */
  pathOf(key?: Key): string {
    return this.pathFromRoot(...(key === undefined ? this.trail : [...this.trail, key]));
  }

  /** The current location, to name fields below it later (`pathFromRoot(...reader.here(), 'toolCalls', 3)`). */
  here(): Key[] {
    return [...this.trail];
  }

  /** A location written from the root, whatever the current one is (to name another field). */
  pathFromRoot(...keys: Key[]): string {
    let path = this.root;
    for (const key of keys) path += typeof key === 'number' ? `[${key}]` : `.${key}`;
    return path;
  }

  fail(problem: string, key?: Key): never {
    throw corruptSnapshot(`${this.pathOf(key)}: ${problem}`);
  }

  expected(what: string, value: unknown, key?: Key): never {
    return this.fail(`expected ${what}, got ${describeValue(value)}`, key);
  }

  /** A plain object (not a list) without keys that could change a prototype. */
  object(value: unknown, key?: Key): Record<string, unknown> {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return this.expected('an object', value, key);
    // One test per key, no loop: this runs for every message, part and tool call.
    if (hasOwn(value, '__proto__') || hasOwn(value, 'constructor') || hasOwn(value, 'prototype')) {
      const unsafe = unsafeKeys.find((name) => hasOwn(value, name))!;
      if (key !== undefined) this.enter(key);
      this.fail(`a key named "${unsafe}" is not allowed in saved data`, unsafe);
    }
    return value as Record<string, unknown>;
  }

  list(value: unknown, key?: Key): readonly unknown[] {
    return Array.isArray(value) ? value : this.expected('a list', value, key);
  }

  string(value: unknown, key?: Key): string {
    return typeof value === 'string' ? value : this.expected('a string', value, key);
  }

  optionalString(value: unknown, key: Key): void {
    if (value !== undefined) this.string(value, key);
  }

  /** A number that is not `NaN` or infinite (JSON has none, and arithmetic on them spreads). */
  finite(value: unknown, key?: Key): number {
    return typeof value === 'number' && Number.isFinite(value) ? value : this.expected('a finite number', value, key);
  }

  optionalFinite(value: unknown, key: Key): void {
    if (value !== undefined) this.finite(value, key);
  }

  boolean(value: unknown, key?: Key): boolean {
    return typeof value === 'boolean' ? value : this.expected('true or false', value, key);
  }

  /** One of the values of a string union. */
  oneOf<T extends string>(value: unknown, allowed: ReadonlySet<T>, key?: Key): T {
    if (typeof value === 'string' && allowed.has(value as T)) return value as T;
    return this.expected(`one of ${[...allowed].map((name) => JSON.stringify(name)).join(', ')}`, value, key);
  }
}
