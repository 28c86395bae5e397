/**
 * The guest's smaller built-in modules: `util`, `events`, `os`, `assert`, `url`, `timers/promises`,
 * and the global `structuredClone`, each the part of Node's that programs commonly use. Sent to
 * the runtime as source after `guestFileSystem`, so it is self-contained and shares only
 * `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/prefer-promise-reject-errors, @typescript-eslint/no-base-to-string -- guest code mirrors Node's untyped surface: callbacks fail and assertions print with any value */

/**
 * Defines `util`, `events`, `os`, `assert`, `url` and `timers/promises`, and `structuredClone`, in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestLibraries.toString()})()`);
 * ```
 */
export function guestLibraries(): void {
  const g = globalThis as any;
  const internal = g.__guest;
  const { config, inspect, format } = internal;
  const { TextEncoder, TextDecoder } = g;
  const util: any = {
    format,
    inspect,
    promisify: (fn: (...args: any[]) => void) => (...args: unknown[]) => new Promise((resolve, reject) => fn(...args, (error: unknown, value: unknown) => (error ? reject(error) : resolve(value)))),
    isDeepStrictEqual: (a: unknown, b: unknown) => deepEqual(a, b),
    types: {
      isPromise: (value: unknown) => value instanceof Promise,
      isDate: (value: unknown) => value instanceof Date,
      isRegExp: (value: unknown) => value instanceof RegExp,
      isMap: (value: unknown) => value instanceof Map,
      isSet: (value: unknown) => value instanceof Set,
      isTypedArray: (value: unknown) => ArrayBuffer.isView(value) && !(value instanceof DataView),
      isNativeError: (value: unknown) => value instanceof Error,
    },
    // Node warns once on stderr; the sandbox has no warnings to give, so the function is returned as it is.
    deprecate: (fn: (...args: unknown[]) => unknown) => fn,
    inherits(constructor: any, superConstructor: any) {
      Object.defineProperty(constructor, 'super_', { value: superConstructor, writable: true, configurable: true });
      Object.setPrototypeOf(constructor.prototype, superConstructor.prototype);
    },
    isArray: Array.isArray,
    TextEncoder,
    TextDecoder,
  };
  const listenersOf = new WeakMap<object, Map<string | symbol, ((...args: unknown[]) => void)[]>>();
  class EventEmitter {
    static defaultMaxListeners = 10;
    // Kept off the instance, so an emitter prints as its own fields only.
    private get listenersByEvent() {
      let map = listenersOf.get(this);
      if (map === undefined) listenersOf.set(this, (map = new Map()));
      return map;
    }
    on(event: string | symbol, listener: (...args: unknown[]) => void) {
      this.listenersByEvent.set(event, [...(this.listenersByEvent.get(event) ?? []), listener]);
      return this;
    }
    prependListener(event: string | symbol, listener: (...args: unknown[]) => void) {
      this.listenersByEvent.set(event, [listener, ...(this.listenersByEvent.get(event) ?? [])]);
      return this;
    }
    prependOnceListener(event: string | symbol, listener: (...args: unknown[]) => void) {
      const wrapped = (...args: unknown[]) => {
        this.off(event, wrapped);
        listener.apply(this, args);
      };
      return this.prependListener(event, wrapped);
    }
    setMaxListeners() {
      return this;
    }
    getMaxListeners() {
      return EventEmitter.defaultMaxListeners;
    }
    addListener(event: string | symbol, listener: (...args: unknown[]) => void) {
      return this.on(event, listener);
    }
    once(event: string | symbol, listener: (...args: unknown[]) => void) {
      const wrapped = (...args: unknown[]) => {
        this.off(event, wrapped);
        listener(...args);
      };
      return this.on(event, wrapped);
    }
    off(event: string | symbol, listener: (...args: unknown[]) => void) {
      this.listenersByEvent.set(event, (this.listenersByEvent.get(event) ?? []).filter((entry) => entry !== listener));
      return this;
    }
    removeListener(event: string | symbol, listener: (...args: unknown[]) => void) {
      return this.off(event, listener);
    }
    removeAllListeners(event?: string | symbol) {
      if (event === undefined) this.listenersByEvent.clear();
      else this.listenersByEvent.delete(event);
      return this;
    }
    emit(event: string | symbol, ...args: unknown[]) {
      const listeners = this.listenersByEvent.get(event) ?? [];
      if (event === 'error' && listeners.length === 0) throw args[0] instanceof Error ? args[0] : new Error(`Unhandled error. (${inspect(args[0])})`);
      for (const listener of [...listeners]) listener.apply(this, args);
      return listeners.length > 0;
    }
    listenerCount(event: string | symbol) {
      return (this.listenersByEvent.get(event) ?? []).length;
    }
    listeners(event: string | symbol) {
      return [...(this.listenersByEvent.get(event) ?? [])];
    }
    eventNames() {
      return [...this.listenersByEvent.keys()].filter((event) => this.listenerCount(event) > 0);
    }
  }
  const once = (emitter: EventEmitter, event: string | symbol) =>
    new Promise((resolve, reject) => {
      const onError = (error: unknown) => {
        emitter.off(event, onEvent);
        reject(error);
      };
      const onEvent = (...args: unknown[]) => {
        if (event !== 'error') emitter.off('error', onError);
        resolve(args);
      };
      emitter.once(event, onEvent);
      if (event !== 'error') emitter.once('error', onError);
    });
  const events: any = Object.assign(EventEmitter, { EventEmitter, default: EventEmitter, once });
  const os = { EOL: '\n', platform: () => 'linux', type: () => 'Linux', arch: () => 'wasm32', cpus: () => [], totalmem: () => 0, freemem: () => 0, homedir: () => config.env.HOME ?? '/', tmpdir: () => '/tmp', hostname: () => 'sandbox', endianness: () => 'LE' };

  function deepEqual(a: any, b: any): boolean {
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (a instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof Map || a instanceof Set) return deepEqual([...a], [...b]);
    const keysA = Object.keys(a);
    const keysB = Object.keys(b);
    return keysA.length === keysB.length && keysA.every((keyName) => Object.prototype.hasOwnProperty.call(b, keyName) && deepEqual(a[keyName], b[keyName]));
  }
  class AssertionError extends Error {
    code = 'ERR_ASSERTION';
    constructor(message: string, public actual?: unknown, public expected?: unknown, public operator?: string) {
      super(message);
      this.name = 'AssertionError';
    }
  }
  const fail = (message: unknown, fallback: string, actual: unknown, expected: unknown, operator: string) => {
    if (message instanceof Error) throw message;
    throw new AssertionError(message === undefined ? fallback : String(message), actual, expected, operator);
  };
  const assert: any = (value: unknown, message?: unknown) => {
    if (!value) fail(message, 'The expression evaluated to a falsy value', value, true, '==');
  };
  Object.assign(assert, {
    ok: assert,
    AssertionError,
    equal: (actual: unknown, expected: unknown, message?: unknown) => actual == expected || fail(message, `${inspect(actual)} == ${inspect(expected)}`, actual, expected, '=='),
    notEqual: (actual: unknown, expected: unknown, message?: unknown) => actual != expected || fail(message, `${inspect(actual)} != ${inspect(expected)}`, actual, expected, '!='),
    strictEqual: (actual: unknown, expected: unknown, message?: unknown) => Object.is(actual, expected) || fail(message, `Expected values to be strictly equal:\n\n${inspect(actual)} !== ${inspect(expected)}\n`, actual, expected, 'strictEqual'),
    notStrictEqual: (actual: unknown, expected: unknown, message?: unknown) => !Object.is(actual, expected) || fail(message, `Expected "actual" to be strictly unequal to: ${inspect(expected)}`, actual, expected, 'notStrictEqual'),
    deepEqual: (actual: unknown, expected: unknown, message?: unknown) => deepEqual(actual, expected) || fail(message, 'Expected values to be loosely deep-equal', actual, expected, 'deepEqual'),
    deepStrictEqual: (actual: unknown, expected: unknown, message?: unknown) => deepEqual(actual, expected) || fail(message, 'Expected values to be strictly deep-equal', actual, expected, 'deepStrictEqual'),
    notDeepStrictEqual: (actual: unknown, expected: unknown, message?: unknown) => !deepEqual(actual, expected) || fail(message, 'Expected "actual" not to be strictly deep-equal to: ' + inspect(expected), actual, expected, 'notDeepStrictEqual'),
    throws: (block: () => void, expected?: unknown, message?: unknown) => {
      try {
        block();
      } catch (error) {
        if (typeof expected === 'function' && expected.prototype !== undefined && !(error instanceof (expected as any))) throw error;
        if (expected instanceof RegExp && !expected.test(String((error as Error)?.message ?? error))) throw error;
        return;
      }
      fail(typeof expected === 'string' ? expected : message, 'Missing expected exception.', undefined, expected, 'throws');
    },
    rejects: async (promise: Promise<unknown> | (() => Promise<unknown>)) => {
      try {
        await (typeof promise === 'function' ? promise() : promise);
      } catch {
        return;
      }
      fail(undefined, 'Missing expected rejection.', undefined, undefined, 'rejects');
    },
    fail: (message?: unknown) => fail(message, 'Failed', undefined, undefined, 'fail'),
  });
  assert.strict = assert;


  util.inspect.custom = Symbol.for('nodejs.util.inspect.custom');

  // structuredClone: the HTML structured clone of the values a program can make here.
  class DataCloneError extends Error {
    override name = 'DataCloneError';
  }
  function clone(value: any, seen: Map<any, any>): any {
    if (typeof value === 'function' || typeof value === 'symbol') throw new DataCloneError(`${typeof value === 'function' ? String(value) : value.toString()} could not be cloned.`);
    if (typeof value !== 'object' || value === null) return value;
    if (seen.has(value)) return seen.get(value);
    let copy: any;
    if (value instanceof Date) copy = new Date(value.getTime());
    else if (value instanceof RegExp) copy = new RegExp(value.source, value.flags);
    else if (value instanceof ArrayBuffer) copy = value.slice(0);
    else if (ArrayBuffer.isView(value)) copy = new (value.constructor as any)(value as any);
    else if (value instanceof Map) {
      copy = new Map();
      seen.set(value, copy);
      for (const [key, entry] of value) copy.set(clone(key, seen), clone(entry, seen));
      return copy;
    } else if (value instanceof Set) {
      copy = new Set();
      seen.set(value, copy);
      for (const entry of value) copy.add(clone(entry, seen));
      return copy;
    } else if (value instanceof Error) {
      copy = new (g[value.name] ?? Error)(value.message);
    } else copy = Array.isArray(value) ? new Array(value.length) : {};
    seen.set(value, copy);
    if (!(value instanceof Date || value instanceof RegExp || ArrayBuffer.isView(value) || value instanceof ArrayBuffer)) {
      for (const key of Object.keys(value)) copy[key] = clone(value[key], seen);
    }
    return copy;
  }
  g.structuredClone = (value: unknown) => clone(value, new Map());

  const url = {
    fileURLToPath(value: unknown) {
      const href = typeof value === 'string' ? value : String((value as any)?.href ?? '');
      if (!href.startsWith('file://')) throw Object.assign(new TypeError('The URL must be of scheme file'), { code: 'ERR_INVALID_URL_SCHEME' });
      return decodeURIComponent(href.slice('file://'.length).replace(/[?#].*$/, ''));
    },
    pathToFileURL(file: string) {
      const pathname = encodeURI((internal.path.resolve(file) as string)).replace(/[?#]/g, encodeURIComponent);
      const href = `file://${pathname}`;
      return { href, pathname, protocol: 'file:', toString: () => href };
    },
  };
  const timersPromises = {
    setTimeout: (ms?: number, value?: unknown) => new Promise((resolve) => g.setTimeout(() => resolve(value), ms)),
    setImmediate: (value?: unknown) => new Promise((resolve) => g.setImmediate(() => resolve(value))),
  };
  Object.assign(internal.builtins, { util, events, os, assert, url, 'timers/promises': timersPromises });
}
