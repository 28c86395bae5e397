/**
 * What a program finds around it, inside QuickJS: `console`, `process`, timers and `path`, each the
 * part of Node's that programs commonly use, over the host's operations (`__host`). Network globals
 * exist only to say that there is no network. The rest of the runtime is in parts of their own
 * (`guestBuffer`, `guestCrypto`, `guestFileSystem`, `guestLibraries`, `guestWeb`, `guestStreams`, `guestModules`), evaluated after this one in
 * the order of `guestRuntimeParts`; like `guestInspect`, each is sent to the runtime as source, so
 * each is self-contained and they share only `globalThis.__guest`.
 */
import { guestBuffer } from './guest-buffer';
import { guestCrypto } from './guest-crypto';
import { guestFileSystem } from './guest-file-system';
import { guestLibraries } from './guest-libraries';
import { guestModules } from './guest-modules';
import { guestStreams } from './guest-streams';
import { guestWeb } from './guest-web';

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/only-throw-error -- guest code mirrors Node's untyped surface: `process.exit` unwinds with a non-error */

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
  /** A promise's state and its value or reason: `['fulfilled', 1]`, `['pending']`. */
  promiseState(promise: Promise<unknown>): [string, unknown?];
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
  const inspect = g.__inspect as (value: unknown, options?: object) => string;
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
  // console.table: Node's layout (lib/internal/cli_table.js), cells left-aligned.
  function table(data: any, properties?: string[]): string {
    const cell = (value: unknown) => inspect(value, { depth: value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length > 2 ? -1 : 0, compact: 3 });
    const rows = data instanceof Map ? [...data.values()] : data instanceof Set ? [...data] : Object.values(data);
    const index = data instanceof Map ? [...data.keys()].map((key) => cell(key)) : data instanceof Set || Array.isArray(data) ? rows.map((_, position) => String(position)) : Object.keys(data);
    const columns = new Map<string, string[]>();
    const values: string[] = [];
    let hasValues = false;
    rows.forEach((row: any, position) => {
      const primitive = row === null || (typeof row !== 'function' && typeof row !== 'object');
      if (primitive && properties === undefined) {
        hasValues = true;
        values[position] = cell(row);
        return;
      }
      for (const key of properties ?? Object.keys(row)) {
        if (!columns.has(key)) columns.set(key, []);
        columns.get(key)![position] = !primitive && Object.prototype.hasOwnProperty.call(row, key) ? cell(row[key]) : '';
      }
    });
    const head = ['(index)', ...columns.keys(), ...(hasValues ? ['Values'] : [])];
    const body = [index, ...columns.values(), ...(hasValues ? [values] : [])];
    const widths = head.map((title, column) => Math.max(title.length, ...rows.map((_, position) => (body[column]![position] ?? '').length)) + 2);
    const line = (cells: string[]) => `│${cells.map((text, column) => ` ${text.padEnd(widths[column]! - 2)} `).join('│')}│`;
    const rule = (left: string, middle: string, right: string) => `${left}${widths.map((width) => '─'.repeat(width)).join(middle)}${right}`;
    return [rule('┌', '┬', '┐'), line(head), rule('├', '┼', '┤'), ...rows.map((_, position) => line(body.map((column) => column[position] ?? ''))), rule('└', '┴', '┘')].join('\n');
  }
  const console: any = {
    log: print('stdout'),
    info: print('stdout'),
    debug: print('stdout'),
    error: print('stderr'),
    warn: print('stderr'),
    trace: (...args: unknown[]) => print('stderr')(`Trace: ${format(...args)}`),
    dir: (value: unknown) => print('stdout')(inspect(value)),
    table: (value: unknown, properties?: string[]) => print('stdout')(typeof value === 'object' && value !== null ? table(value, properties) : inspect(value)),
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
      // The host's interrupt check now ends the program with QuickJS's uncatchable error, which
      // runs no catch or finally block, as Node's exit does not; the signal is only a fallback.
      for (let spin = 0; spin < 1e7; spin++);
      throw new ExitSignal(final);
    },
    on(event: string, listener: (code: number) => void) {
      if (event === 'exit') exitListeners.push(listener);
      return process;
    },
    once(event: string, listener: (code: number) => void) {
      return process.on(event, listener);
    },
    nextTick: (callback: (...args: unknown[]) => void, ...args: unknown[]) => nextTick(callback, ...args),
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
  // Node's timer handle: `ref`/`unref` are accepted (the run ends when nothing is left to do either
  // way), and it converts to its id, so `clearTimeout(+handle)` works too.
  class Timeout {
    constructor(private id: number) {}
    ref() {
      return this;
    }
    unref() {
      return this;
    }
    hasRef() {
      return true;
    }
    refresh() {
      return this;
    }
    [Symbol.toPrimitive]() {
      return this.id;
    }
  }
  // An immediate is due at once (delay 0), so it fires before a timeout set at the same moment,
  // as Node's check phase comes before the next timers phase.
  function addTimer(callback: (...args: unknown[]) => void, delay: unknown, args: unknown[], repeat: boolean, immediate = false) {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
    const id = nextTimer++;
    const ms = immediate ? 0 : Math.max(1, Number(delay) || 0);
    timers.set(id, { callback, args, repeat: repeat ? ms : undefined });
    host.setTimer(id, ms);
    return immediate ? { [Symbol.toPrimitive]: () => id } : new Timeout(id);
  }
  function clearTimer(id: unknown) {
    const key = Number(id);
    if (timers.delete(key)) host.clearTimer(key);
  }
  g.__fireTimer = (id: number) => {
    const timer = timers.get(id);
    if (timer === undefined) return;
    if (timer.repeat === undefined) timers.delete(id);
    else host.setTimer(id, timer.repeat);
    try {
      timer.callback(...timer.args);
    } finally {
      drainTicks();
    }
  };
  // process.nextTick: Node runs the tick queue when the current callback (the main script, a timer)
  // returns, before promise jobs; a tick queued from a promise job runs after the jobs queued so far.
  const ticks: (() => void)[] = [];
  let tickScheduled = false;
  function drainTicks() {
    while (ticks.length > 0) ticks.shift()!();
  }
  function nextTick(callback: (...args: unknown[]) => void, ...args: unknown[]) {
    if (typeof callback !== 'function') throw new TypeError('The "callback" argument must be of type function');
    ticks.push(() => callback(...args));
    if (!tickScheduled) {
      tickScheduled = true;
      void Promise.resolve().then(() => {
        tickScheduled = false;
        drainTicks();
      });
    }
  }
  const queueMicrotask = (callback: () => void) => void Promise.resolve().then(callback);

  // ---- globals ----
  const noNetwork = (name: string) =>
    function refused() {
      throw new Error(`${name} is not available: code in the sandbox has no network access.`);
    };
  Object.assign(g, {
    console,
    process,
    setTimeout: (callback: () => void, delay?: number, ...args: unknown[]) => addTimer(callback, delay, args, false),
    setInterval: (callback: () => void, delay?: number, ...args: unknown[]) => addTimer(callback, delay, args, true),
    setImmediate: (callback: () => void, ...args: unknown[]) => addTimer(callback, 0, args, false, true),
    clearTimeout: clearTimer,
    clearInterval: clearTimer,
    clearImmediate: clearTimer,
    queueMicrotask,
    global: g,
    fetch: noNetwork('fetch'),
    XMLHttpRequest: noNetwork('XMLHttpRequest'),
    WebSocket: noNetwork('WebSocket'),
    EventSource: noNetwork('EventSource'),
    importScripts: noNetwork('importScripts'),
  });
  const builtins: Record<string, any> = {
    path,
    process,
    timers: { setTimeout: g.setTimeout, setInterval: g.setInterval, clearTimeout: clearTimer, clearInterval: clearTimer, setImmediate: g.setImmediate, clearImmediate: clearTimer },
  };
  Object.defineProperty(g, '__guest', { value: { host, config, call, path, inspect, format, builtins, queueMicrotask, drainTicks }, configurable: true });
}

/**
 * The guest's parts in the order the runtime evaluates them (after `guestInspect`).
 *
 * @example
 * ```ts
 * for (const part of guestRuntimeParts) context.evalCode(`(${part.toString()})()`);
 * ```
 */
export const guestRuntimeParts: readonly (() => void)[] = [guestRuntime, guestBuffer, guestCrypto, guestFileSystem, guestLibraries, guestWeb, guestStreams, guestModules];
