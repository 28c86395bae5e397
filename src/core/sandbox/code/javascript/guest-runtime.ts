/**
 * What a program finds around it, inside QuickJS: `console`, `process`, timers, `require`, and the
 * built-in modules `fs`, `path`, `util`, `events`, `os`, `assert`, `buffer`, each the part of
 * Node's that programs commonly use, over the host's operations (`__host`). Network globals exist
 * only to say that there is no network. Like `guestInspect`, the function is sent to the runtime as
 * source, so it is self-contained.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/only-throw-error, @typescript-eslint/prefer-promise-reject-errors, @typescript-eslint/no-base-to-string -- guest code mirrors Node's untyped surface: programs throw and reject with any value, and `process.exit` unwinds with a non-error */

/** The functions the host gives the guest (`globalThis.__host`). */
export interface GuestHost {
  /** A filesystem or module operation; answers `{ ok, value }` or `{ ok: false, error }` as JSON. */
  call(name: string, argsJson: string): string;
  write(stream: 'stdout' | 'stderr', text: string): void;
  exit(code: number): void;
  /** Compiles a CommonJS module's source, under its file name, into its wrapper function. */
  compile(source: string, file: string): (...args: unknown[]) => void;
  setTimer(id: number, delayMs: number): void;
  clearTimer(id: number): void;
  /** `{ argv, env, cwd, stdin }` as JSON. */
  config: string;
}

/**
 * Sets up the guest's globals and built-in modules. Defines `globalThis.__fireTimer(id)` (the host
 * calls it when a timer is due), `__builtin(name)` (module namespaces for `import`) and
 * `__runCommonJs(path)` (runs the entry as CommonJS).
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestRuntime.toString()})()`);
 * ```
 */
export function guestRuntime(): void {
  const g = globalThis as any;
  const host: GuestHost = g.__host;
  const config = JSON.parse(host.config) as { argv: string[]; env: Record<string, string>; cwd: string; stdin: string };
  const inspect = g.__inspect as (value: unknown) => string;
  const format = g.__format as (...args: unknown[]) => string;
  let cwd = config.cwd;

  class ExitSignal {
    constructor(public code: number) {}
  }

  function call(name: string, ...args: unknown[]): any {
    const answer = JSON.parse(host.call(name, JSON.stringify(args)));
    if (answer.ok) return answer.value;
    const error = new Error(answer.error.message) as any;
    if (answer.error.code !== undefined) {
      const errnos: Record<string, number> = { ENOENT: -2, EEXIST: -17, EISDIR: -21, ENOTDIR: -20, ENOTEMPTY: -39, EACCES: -13, EPERM: -1, ENOSPC: -28, EINVAL: -22 };
      error.code = answer.error.code;
      if (errnos[error.code] !== undefined) error.errno = errnos[error.code];
      if (answer.error.syscall !== undefined) error.syscall = answer.error.syscall;
      if (answer.error.path !== undefined) error.path = answer.error.path;
    }
    throw error;
  }

  // ---- path (POSIX) ----
  function normalizeParts(path: string): string {
    const absolute = path.startsWith('/');
    const parts: string[] = [];
    for (const part of path.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') {
        if (parts.length > 0 && parts[parts.length - 1] !== '..') parts.pop();
        else if (!absolute) parts.push('..');
      } else parts.push(part);
    }
    const joined = parts.join('/');
    return absolute ? `/${joined}` : joined;
  }
  const path: any = {
    sep: '/',
    delimiter: ':',
    normalize(p: string) {
      if (p === '') return '.';
      const normalized = normalizeParts(p);
      const result = normalized === '' ? '.' : normalized;
      return p.endsWith('/') && result !== '/' ? `${result}/` : result;
    },
    join(...parts: string[]) {
      const joined = parts.filter((part) => part !== '').join('/');
      return joined === '' ? '.' : path.normalize(joined);
    },
    resolve(...parts: string[]) {
      let resolved = '';
      for (let index = parts.length - 1; index >= 0 && !resolved.startsWith('/'); index--) {
        const part = parts[index] ?? '';
        if (part !== '') resolved = resolved === '' ? part : `${part}/${resolved}`;
      }
      if (!resolved.startsWith('/')) resolved = `${cwd}/${resolved}`;
      return normalizeParts(resolved) || '/';
    },
    isAbsolute: (p: string) => p.startsWith('/'),
    dirname(p: string) {
      if (p === '') return '.';
      const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
      const index = trimmed.lastIndexOf('/');
      if (index === -1) return '.';
      return index === 0 ? '/' : trimmed.slice(0, index);
    },
    basename(p: string, extension?: string) {
      const trimmed = p.length > 1 ? p.replace(/\/+$/, '') : p;
      const base = trimmed.slice(trimmed.lastIndexOf('/') + 1);
      return extension !== undefined && base.endsWith(extension) && base !== extension ? base.slice(0, -extension.length) : base;
    },
    extname(p: string) {
      const base = path.basename(p);
      const index = base.lastIndexOf('.');
      return index <= 0 ? '' : base.slice(index);
    },
    relative(from: string, to: string) {
      const a = path.resolve(from).split('/').filter(Boolean);
      const b = path.resolve(to).split('/').filter(Boolean);
      let common = 0;
      while (common < a.length && common < b.length && a[common] === b[common]) common++;
      return [...a.slice(common).map(() => '..'), ...b.slice(common)].join('/');
    },
    parse(p: string) {
      const root = p.startsWith('/') ? '/' : '';
      const base = path.basename(p);
      const ext = path.extname(p);
      const dir = p.includes('/') ? path.dirname(p) : '';
      return { root, dir, base, ext, name: ext ? base.slice(0, -ext.length) : base };
    },
    format(parts: { root?: string; dir?: string; base?: string; name?: string; ext?: string }) {
      const base = parts.base ?? `${parts.name ?? ''}${parts.ext ?? ''}`;
      const dir = parts.dir ?? parts.root ?? '';
      return dir === '' ? base : dir === parts.root ? `${dir}${base}` : `${dir}/${base}`;
    },
  };
  path.posix = path;

  // ---- text encoding and Buffer ----
  function utf8Encode(text: string): Uint8Array {
    const bytes: number[] = [];
    for (const character of text) {
      let code = character.codePointAt(0)!;
      if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd;
      if (code < 0x80) bytes.push(code);
      else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63));
      else if (code < 0x10000) bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
      else bytes.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 63), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63));
    }
    return new Uint8Array(bytes);
  }
  function utf8Decode(bytes: ArrayLike<number>): string {
    let text = '';
    for (let index = 0; index < bytes.length; ) {
      const byte = bytes[index]!;
      const length = byte < 0x80 ? 1 : byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 0;
      if (length === 0 || index + length > bytes.length) {
        text += '\ufffd';
        index++;
        continue;
      }
      let code = length === 1 ? byte : byte & (0xff >> (length + 1));
      for (let next = 1; next < length; next++) code = (code << 6) | (bytes[index + next]! & 63);
      text += String.fromCodePoint(code);
      index += length;
    }
    return text;
  }
  const base64Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
  function toBase64(bytes: ArrayLike<number>): string {
    let text = '';
    for (let index = 0; index < bytes.length; index += 3) {
      const chunk = (bytes[index]! << 16) | ((bytes[index + 1] ?? 0) << 8) | (bytes[index + 2] ?? 0);
      text += base64Alphabet[(chunk >> 18) & 63]! + base64Alphabet[(chunk >> 12) & 63]!;
      text += index + 1 < bytes.length ? base64Alphabet[(chunk >> 6) & 63]! : '=';
      text += index + 2 < bytes.length ? base64Alphabet[chunk & 63]! : '=';
    }
    return text;
  }
  function fromBase64(text: string): Uint8Array {
    const clean = text.replace(/[^A-Za-z0-9+/]/g, '');
    const bytes: number[] = [];
    for (let index = 0; index < clean.length; index += 4) {
      const values = [0, 1, 2, 3].map((offset) => base64Alphabet.indexOf(clean.charAt(index + offset) || 'A'));
      const chunk = (values[0]! << 18) | (values[1]! << 12) | (values[2]! << 6) | values[3]!;
      bytes.push((chunk >> 16) & 255);
      if (index + 2 < clean.length) bytes.push((chunk >> 8) & 255);
      if (index + 3 < clean.length) bytes.push(chunk & 255);
    }
    return new Uint8Array(bytes);
  }
  class Buffer extends Uint8Array {
    static override from(value: any, encoding?: any): any {
      if (typeof value === 'string') {
        if (encoding === 'base64') return bufferOf(fromBase64(value));
        if (encoding === 'hex') return bufferOf((value.match(/../g) ?? []).map((pair: string) => parseInt(pair, 16)));
        if (encoding === 'latin1' || encoding === 'binary' || encoding === 'ascii') return bufferOf(Array.from(value, (character: string) => character.charCodeAt(0) & 255));
        return bufferOf(utf8Encode(value));
      }
      return bufferOf(value);
    }
    static alloc(size: number, fill = 0): Buffer {
      return new Buffer(size).fill(fill);
    }
    static isBuffer(value: unknown): boolean {
      return value instanceof Buffer;
    }
    static byteLength(text: string): number {
      return utf8Encode(text).length;
    }
    static concat(list: Uint8Array[]): Buffer {
      const result = new Buffer(list.reduce((sum, item) => sum + item.length, 0));
      let offset = 0;
      for (const item of list) {
        result.set(item, offset);
        offset += item.length;
      }
      return result;
    }
    override toString(encoding?: string): string {
      if (encoding === 'base64') return toBase64(this);
      if (encoding === 'hex') return Array.from(this, (byte) => byte.toString(16).padStart(2, '0')).join('');
      if (encoding === 'latin1' || encoding === 'binary' || encoding === 'ascii') return String.fromCharCode(...this);
      return utf8Decode(this);
    }
    toJSON() {
      return { type: 'Buffer', data: Array.from(this) };
    }
  }
  function bufferOf(bytes: ArrayLike<number>): Buffer {
    const buffer = new Buffer(bytes.length);
    buffer.set(bytes);
    return buffer;
  }
  class TextEncoder {
    encoding = 'utf-8';
    encode(text = '') {
      return utf8Encode(text);
    }
  }
  class TextDecoder {
    encoding = 'utf-8';
    decode(bytes?: ArrayLike<number>) {
      return bytes === undefined ? '' : utf8Decode(bytes);
    }
  }

  // ---- output, console ----
  function write(stream: 'stdout' | 'stderr', text: string) {
    host.write(stream, text);
  }
  const counts = new Map<string, number>();
  const timersByLabel = new Map<string, number>();
  let groupIndent = '';
  const print = (stream: 'stdout' | 'stderr') => (...args: unknown[]) => {
    const text = format(...args);
    write(stream, `${groupIndent === '' ? text : text.replace(/^/gm, groupIndent)}\n`);
  };
  const console: any = {
    log: print('stdout'),
    info: print('stdout'),
    debug: print('stdout'),
    error: print('stderr'),
    warn: print('stderr'),
    trace: (...args: unknown[]) => print('stderr')(`Trace: ${format(...args)}`),
    dir: (value: unknown) => print('stdout')(inspect(value)),
    table: (value: unknown) => print('stdout')(inspect(value)),
    assert: (condition: unknown, ...args: unknown[]) => {
      if (!condition) print('stderr')(args.length === 0 ? 'Assertion failed' : `Assertion failed: ${format(...args)}`);
    },
    count: (label = 'default') => {
      counts.set(label, (counts.get(label) ?? 0) + 1);
      print('stdout')(`${label}: ${counts.get(label)}`);
    },
    countReset: (label = 'default') => counts.delete(label),
    group: (...args: unknown[]) => {
      if (args.length > 0) print('stdout')(...args);
      groupIndent += '  ';
    },
    groupEnd: () => {
      groupIndent = groupIndent.slice(2);
    },
    time: (label = 'default') => timersByLabel.set(label, Date.now()),
    timeEnd: (label = 'default') => {
      const start = timersByLabel.get(label);
      timersByLabel.delete(label);
      if (start !== undefined) print('stdout')(`${label}: ${Date.now() - start}ms`);
    },
  };
  console.timeLog = console.timeEnd;

  // ---- process ----
  const exitListeners: ((code: number) => void)[] = [];
  const process: any = {
    argv: config.argv,
    argv0: 'node',
    execArgv: [],
    env: { ...config.env },
    platform: 'linux',
    arch: 'wasm32',
    pid: 1,
    version: 'v20.0.0',
    versions: { node: '20.0.0' },
    exitCode: undefined as number | undefined,
    cwd: () => cwd,
    chdir(directory: string) {
      const target = path.resolve(directory);
      if (call('stat', target).kind !== 'directory') throw Object.assign(new Error(`ENOTDIR: not a directory, chdir '${directory}'`), { code: 'ENOTDIR' });
      cwd = target;
    },
    exit(code?: number) {
      const final = code ?? process.exitCode ?? 0;
      for (const listener of exitListeners.splice(0)) listener(final);
      host.exit(final);
      throw new ExitSignal(final);
    },
    on(event: string, listener: (code: number) => void) {
      if (event === 'exit') exitListeners.push(listener);
      return process;
    },
    once(event: string, listener: (code: number) => void) {
      return process.on(event, listener);
    },
    nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => queueMicrotask(() => callback(...args)),
    hrtime: Object.assign((previous?: [number, number]) => {
      const now = Date.now();
      const time: [number, number] = [Math.floor(now / 1000), (now % 1000) * 1e6];
      return previous ? [time[0] - previous[0], time[1] - previous[1]] : time;
    }, { bigint: () => BigInt(Date.now()) * 1_000_000n }),
    uptime: () => (Date.now() - startedAt) / 1000,
    memoryUsage: () => ({ rss: 0, heapTotal: 0, heapUsed: 0, external: 0, arrayBuffers: 0 }),
    stdout: { write: (text: unknown) => (write('stdout', String(text)), true), isTTY: false },
    stderr: { write: (text: unknown) => (write('stderr', String(text)), true), isTTY: false },
    stdin: { isTTY: false },
  };
  const startedAt = Date.now();
  g.__runExitListeners = () => {
    const code = process.exitCode ?? 0;
    for (const listener of exitListeners.splice(0)) listener(code);
    return process.exitCode ?? 0;
  };
  g.__isExitSignal = (value: unknown) => value instanceof ExitSignal;

  // ---- timers ----
  let nextTimer = 1;
  const timers = new Map<number, { callback: (...args: unknown[]) => void; args: unknown[]; repeat: number | undefined }>();
  function addTimer(callback: (...args: unknown[]) => void, delay: unknown, args: unknown[], repeat: boolean) {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
    const id = nextTimer++;
    const ms = Math.max(1, Number(delay) || 0);
    timers.set(id, { callback, args, repeat: repeat ? ms : undefined });
    host.setTimer(id, ms);
    return id;
  }
  function clearTimer(id: unknown) {
    const key = typeof id === 'object' && id !== null ? Number(id) : Number(id);
    if (timers.delete(key)) host.clearTimer(key);
  }
  g.__fireTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer === undefined) return;
    if (timer.repeat === undefined) timers.delete(id);
    else host.setTimer(id, timer.repeat);
    timer.callback(...timer.args);
  };
  const queueMicrotask = (callback: () => void) => void Promise.resolve().then(callback);

  // ---- fs ----
  const resolvePath = (p: unknown) => {
    if (p instanceof Uint8Array) p = utf8Decode(p);
    if (typeof p !== 'string') throw new TypeError('The "path" argument must be of type string');
    return path.resolve(p);
  };
  const encodingOf = (options: any): string | undefined => (typeof options === 'string' ? options : options?.encoding ?? undefined);
  const latin1 = (bytes: ArrayLike<number>) => {
    let text = '';
    for (let index = 0; index < bytes.length; index += 8192) text += String.fromCharCode(...Array.prototype.slice.call(bytes, index, index + 8192));
    return text;
  };
  class Stats {
    constructor(private entry: { kind: string; size: number; modified: number }) {}
    get size() {
      return this.entry.size;
    }
    get mtimeMs() {
      return this.entry.modified;
    }
    get mtime() {
      return new Date(this.entry.modified);
    }
    get mode() {
      return this.entry.kind === 'directory' ? 0o40755 : 0o100644;
    }
    isFile() {
      return this.entry.kind === 'file';
    }
    isDirectory() {
      return this.entry.kind === 'directory';
    }
    isSymbolicLink() {
      return false;
    }
  }
  class Dirent {
    constructor(
      public name: string,
      private kind: string,
      public parentPath: string,
    ) {}
    isFile() {
      return this.kind === 'file';
    }
    isDirectory() {
      return this.kind === 'directory';
    }
    isSymbolicLink() {
      return false;
    }
  }
  function writeData(p: unknown, data: unknown, options: any, append: boolean) {
    const target = resolvePath(p);
    if (typeof data === 'string') call('writeText', target, data, append || options?.flag === 'a');
    else if (data instanceof Uint8Array) call('writeBinary', target, latin1(data), append || options?.flag === 'a');
    else throw new TypeError('The "data" argument must be of type string or an instance of Buffer or Uint8Array');
  }
  const sync: Record<string, (...args: any[]) => any> = {
    readFileSync(p: unknown, options?: any) {
      if (p === 0 || p === '/dev/stdin') {
        const encoding = encodingOf(options);
        return encoding === undefined ? Buffer.from(config.stdin) : config.stdin;
      }
      const target = resolvePath(p);
      const encoding = encodingOf(options);
      if (encoding === 'utf8' || encoding === 'utf-8') return call('readText', target);
      const bytes = Buffer.from(call('readBinary', target), 'latin1');
      return encoding === undefined ? bytes : bytes.toString(encoding);
    },
    writeFileSync: (p: unknown, data: unknown, options?: any) => writeData(p, data, options, false),
    appendFileSync: (p: unknown, data: unknown, options?: any) => writeData(p, data, options, true),
    existsSync: (p: unknown) => {
      try {
        return call('exists', resolvePath(p));
      } catch {
        return false;
      }
    },
    accessSync: (p: unknown) => void call('stat', resolvePath(p)),
    statSync: (p: unknown, options?: { throwIfNoEntry?: boolean }) => {
      try {
        return new Stats(call('stat', resolvePath(p)));
      } catch (error) {
        if (options?.throwIfNoEntry === false && (error as any).code === 'ENOENT') return undefined;
        throw error;
      }
    },
    readdirSync: (p: unknown, options?: any) => {
      const target = resolvePath(p);
      const entries = (call('readdir', target) as { name: string; kind: string }[]).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
      return options?.withFileTypes ? entries.map((entry) => new Dirent(entry.name, entry.kind, target)) : entries.map((entry) => entry.name);
    },
    mkdirSync: (p: unknown, options?: any) => {
      const created = call('mkdir', resolvePath(p), options === true || options?.recursive === true);
      return created === null ? undefined : created;
    },
    rmSync: (p: unknown, options?: any) => void call('rm', resolvePath(p), options?.recursive === true, options?.force === true),
    rmdirSync: (p: unknown, options?: any) => void (options?.recursive ? call('rm', resolvePath(p), true, false) : call('rmdir', resolvePath(p))),
    unlinkSync: (p: unknown) => void call('unlink', resolvePath(p)),
    renameSync: (from: unknown, to: unknown) => void call('rename', resolvePath(from), resolvePath(to)),
    copyFileSync: (from: unknown, to: unknown) => void call('copyFile', resolvePath(from), resolvePath(to)),
    realpathSync: (p: unknown) => {
      const target = resolvePath(p);
      call('stat', target);
      return target;
    },
  };
  sync.lstatSync = sync.statSync!;
  const promises: Record<string, (...args: any[]) => Promise<any>> = {};
  const fs: any = { ...sync, constants: { F_OK: 0, R_OK: 4, W_OK: 2, X_OK: 1 }, Stats, Dirent, promises };
  for (const [name, operation] of Object.entries(sync)) {
    const plain = name.slice(0, -4);
    if (name === 'existsSync') continue;
    promises[plain] = (...args: unknown[]) => new Promise((resolve) => resolve(operation(...args)));
    fs[plain] = (...args: unknown[]) => {
      const callback = args.pop();
      if (typeof callback !== 'function') throw new TypeError('The "cb" argument must be of type function');
      let result: unknown;
      try {
        result = operation(...args);
      } catch (error) {
        queueMicrotask(() => callback(error));
        return;
      }
      queueMicrotask(() => callback(null, result));
    };
  }
  fs.exists = (p: unknown, callback: (exists: boolean) => void) => queueMicrotask(() => callback(sync.existsSync!(p)));

  // ---- util, events, os, assert ----
  const util: any = {
    format,
    inspect,
    promisify: (fn: (...args: any[]) => void) => (...args: unknown[]) => new Promise((resolve, reject) => fn(...args, (error: unknown, value: unknown) => (error ? reject(error) : resolve(value)))),
    isDeepStrictEqual: (a: unknown, b: unknown) => deepEqual(a, b),
    types: { isPromise: (value: unknown) => value instanceof Promise, isDate: (value: unknown) => value instanceof Date, isRegExp: (value: unknown) => value instanceof RegExp },
    TextEncoder,
    TextDecoder,
  };
  class EventEmitter {
    private listenersByEvent = new Map<string | symbol, ((...args: unknown[]) => void)[]>();
    on(event: string | symbol, listener: (...args: unknown[]) => void) {
      this.listenersByEvent.set(event, [...(this.listenersByEvent.get(event) ?? []), listener]);
      return this;
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
  const events: any = Object.assign(EventEmitter, { EventEmitter, default: EventEmitter });
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

  // ---- modules ----
  const builtins: Record<string, any> = {
    fs,
    'fs/promises': promises,
    path,
    util,
    events,
    os,
    assert,
    buffer: { Buffer },
    process,
    timers: { setTimeout: g.setTimeout, setInterval: g.setInterval, clearTimeout: clearTimer, clearInterval: clearTimer, setImmediate: g.setImmediate },
  };
  g.__builtin = (name: string) => builtins[name];
  const cache = new Map<string, { exports: any }>();
  function makeRequire(from: string) {
    const require = (specifier: string) => {
      if (typeof specifier !== 'string') throw new TypeError('The "id" argument must be of type string');
      const resolved = call('resolve', specifier, from);
      if (resolved.kind === 'builtin') return builtins[resolved.name];
      return loadCommonJs(resolved.path);
    };
    require.resolve = (specifier: string) => {
      const resolved = call('resolve', specifier, from);
      return resolved.kind === 'builtin' ? resolved.name : resolved.path;
    };
    require.cache = {};
    return require;
  }
  function loadCommonJs(file: string) {
    const cached = cache.get(file);
    if (cached !== undefined) return cached.exports;
    const module: any = { exports: {}, id: file, filename: file, loaded: false, children: [], paths: [] };
    cache.set(file, module);
    const source = call('load', file) as string;
    const wrapper = host.compile(source, file);
    const require = makeRequire(file);
    (require as any).main = mainModule;
    if (mainModule === undefined) mainModule = module;
    wrapper.call(module.exports, module.exports, require, module, file, path.dirname(file));
    module.loaded = true;
    return module.exports;
  }
  let mainModule: any;
  g.__runCommonJs = (file: string) => void loadCommonJs(file);
  // `node -e`: the snippet runs as the main module of a file in the directory it starts in.
  g.__runCommonJsSource = (source: string, file: string) => {
    const module: any = { exports: {}, id: '.', filename: file, loaded: false, children: [], paths: [] };
    mainModule = module;
    const wrapper = host.compile(source, file);
    wrapper.call(module.exports, module.exports, makeRequire(file), module, file, path.dirname(file));
  };

  // ---- globals ----
  const noNetwork = (name: string) =>
    function refused() {
      throw new Error(`${name} is not available: code in the sandbox has no network access.`);
    };
  Object.assign(g, {
    console,
    process,
    Buffer,
    TextEncoder,
    TextDecoder,
    setTimeout: (callback: () => void, delay?: number, ...args: unknown[]) => addTimer(callback, delay, args, false),
    setInterval: (callback: () => void, delay?: number, ...args: unknown[]) => addTimer(callback, delay, args, true),
    setImmediate: (callback: () => void, ...args: unknown[]) => addTimer(callback, 0, args, false),
    clearTimeout: clearTimer,
    clearInterval: clearTimer,
    clearImmediate: clearTimer,
    queueMicrotask,
    structuredClone: (value: unknown) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value))),
    atob: (text: string) => latin1(fromBase64(text)),
    btoa: (text: string) => toBase64(Array.from(text, (character) => character.charCodeAt(0))),
    global: g,
    fetch: noNetwork('fetch'),
    XMLHttpRequest: noNetwork('XMLHttpRequest'),
    WebSocket: noNetwork('WebSocket'),
    EventSource: noNetwork('EventSource'),
    importScripts: noNetwork('importScripts'),
  });
  // The program reaches the host only through the modules above.
  delete g.__host;
  builtins.timers = { setTimeout: g.setTimeout, setInterval: g.setInterval, clearTimeout: clearTimer, clearInterval: clearTimer, setImmediate: g.setImmediate };
}
