/**
 * The Python worker's whole program: it loads Pyodide, keeps a copy of one sandbox's tree in
 * Pyodide's in-memory filesystem, runs programs on it and reports what they changed.
 *
 * The function is SELF-CONTAINED on purpose (it refers to nothing outside its body but its
 * parameters and the standard globals): the browser's worker module imports it, and Node's
 * `worker_threads` worker is started from its source text (`String(pythonWorkerMain)`), so the
 * same code runs in both without a build step for Node.
 *
 * What a program can reach: the copy of the files (never the host's: no NODEFS mount, and it is
 * removed), Python's standard library, and nothing of JavaScript: the `js` module is a small
 * object of its own (not the worker's globals), the modules that reach JavaScript or the network
 * are refused, sockets are refused in Python and in Emscripten's socket layer, and after loading
 * the worker's own network globals, `eval` and the `Function` constructors throw.
 */
import type { PythonWorkerRequest, PythonWorkerResponse } from './python-worker-protocol';

/** How the worker talks to the page: a Web Worker's global scope or Node's `parentPort`, adapted. */
export interface PythonWorkerPort {
  post(message: PythonWorkerResponse): void;
  listen(handler: (message: PythonWorkerRequest) => void): void;
}

/** The part of the `pyodide` module the worker uses. */
export interface PyodideModule {
  loadPyodide(options: Record<string, unknown>): Promise<unknown>;
}

/**
 * Runs the worker: answers `port`'s requests one at a time, in order.
 *
 * @example
 * ```ts
 * pythonWorkerMain(port, (url) => (url === undefined ? import('pyodide') : import(url)), pythonPrelude());
 * ```
 */
export function pythonWorkerMain(port: PythonWorkerPort, importPyodide: (url: string | undefined) => Promise<PyodideModule>, prelude: string): void {
  type Py = {
    FS: {
      readdir(path: string): string[];
      lstat(path: string): { mode: number };
      isDir(mode: number): boolean;
      isFile(mode: number): boolean;
      mkdirTree(path: string): void;
      mkdir(path: string): void;
      rename(from: string, to: string): void;
      rmdir(path: string): void;
      unlink(path: string): void;
      writeFile(path: string, data: Uint8Array): void;
      readFile(path: string): Uint8Array;
      utime(path: string, atime: number, mtime: number): void;
      chmod(path: string, mode: number): void;
      filesystems: Record<string, unknown>;
    };
    _module: { HEAPU8: Uint8Array; SOCKFS?: { websocket_sock_ops?: Record<string, unknown> } };
    runPython(code: string, options?: Record<string, unknown>): unknown;
    globals: { get(name: string): unknown };
    setStdout(options: { write: (buffer: Uint8Array) => number; isatty?: boolean }): void;
    setStderr(options: { write: (buffer: Uint8Array) => number; isatty?: boolean }): void;
    setStdin(options: { read: (buffer: Uint8Array) => number; isatty?: boolean }): void;
    setInterruptBuffer(buffer: Int32Array): void;
    loadPackage?(names: string[]): Promise<unknown>;
  };
  type FileState = Uint8Array | 'directory';
  type Record_ = { path: string; kind: 'text'; text: string; modified: number } | { path: string; kind: 'binary'; bytes: Uint8Array; modified: number } | { path: string; kind: 'directory'; modified: number };

  // Pyodide's own directories: the sandbox's paths under them are not visible to programs. (Its
  // standard library is in /lib; moving it after Python has started leaves stale paths in the
  // import system, so a sandbox's /lib is not visible either.)
  const reserved = new Set(['/dev', '/proc', '/lib']);
  const encoder = new TextEncoder();
  let py: Py | undefined;
  let run: ((spec: string) => number) | undefined;
  let interrupt: Int32Array | undefined;
  let baseHeap = 0;
  let memoryCap = Number.POSITIVE_INFINITY;
  let memoryHit = false;
  // The tree the copy holds, as the page has it: path -> bytes or 'directory'.
  let manifest = new Map<string, FileState>();

  // A memory bomb must fail inside Python (MemoryError), not take the worker down: Emscripten
  // grows its heap through Memory.prototype.grow and treats a refusal as malloc returning NULL.
  const realGrow = WebAssembly.Memory.prototype.grow;
  WebAssembly.Memory.prototype.grow = function grow(this: WebAssembly.Memory, pages: number): number {
    if (this.buffer.byteLength + pages * 65_536 > memoryCap) {
      memoryHit = true;
      throw new RangeError('the program reached its memory limit');
    }
    return realGrow.call(this, pages);
  };

  function blocked(what: string): () => never {
    return () => {
      throw new Error(`${what} is off in this sandbox`);
    };
  }

  /** After Pyodide has loaded: nothing of the worker's network, storage or code generation is left to reach. */
  function lockGlobals(): void {
    const scope = globalThis as Record<string, unknown>;
    for (const name of ['fetch', 'XMLHttpRequest', 'WebSocket', 'EventSource', 'WebTransport', 'importScripts', 'indexedDB', 'caches', 'BroadcastChannel', 'Worker', 'SharedWorker', 'RTCPeerConnection', 'eval', 'process', 'require']) {
      try {
        Object.defineProperty(scope, name, { value: name === 'process' || name === 'require' ? undefined : blocked(name === 'eval' ? 'eval' : `network and storage access (${name})`), writable: false, configurable: false });
      } catch {
        // A property the platform does not let us redefine stays as it is; the Python side refuses it too.
      }
    }
    const constructors = [Function, Object.getPrototypeOf(async function () {}).constructor, Object.getPrototypeOf(function* () {}).constructor, Object.getPrototypeOf(async function* () {}).constructor] as { prototype: object }[];
    for (const constructor of constructors) {
      Object.defineProperty(constructor.prototype, 'constructor', { value: blocked('Creating functions from strings'), writable: false, configurable: false });
    }
  }

  function messageOf(error: unknown): string {
    return error instanceof Error ? error.message : String(error);
  }

  async function init(request: Extract<PythonWorkerRequest, { type: 'init' }>): Promise<void> {
    const started = performance.now();
    let module: PyodideModule;
    try {
      module = await importPyodide(request.pyodideURL);
    } catch (error) {
      port.post({ type: 'load-failed', message: `Python needs the optional package pyodide, which could not be loaded (${messageOf(error)}); install it with npm install pyodide` });
      return;
    }
    try {
      // The `js` module is this small object, not the worker's globals.
      // setTimeout with a string is eval in a browser: only functions are taken.
      const timeout = (handler: unknown, delay?: number) => {
        if (typeof handler !== 'function') throw new TypeError('setTimeout takes a function in this sandbox');
        return setTimeout(handler as () => void, delay);
      };
      const jsModule = Object.freeze({ Object, Array, Promise, Error, setTimeout: timeout, clearTimeout });
      py = (await module.loadPyodide({
        ...(request.indexURL === undefined ? {} : { indexURL: request.indexURL, packageBaseUrl: request.indexURL }),
        jsglobals: jsModule,
        env: { HOME: '/' },
        stdout: () => undefined,
        stderr: () => undefined,
        checkAPIVersion: true,
      })) as Py;
    } catch (error) {
      port.post({ type: 'load-failed', message: `Pyodide could not start: ${messageOf(error)}` });
      return;
    }
    if (request.allowMicropip && py.loadPackage !== undefined) {
      try {
        await py.loadPackage(['micropip']);
      } catch {
        // Reported when the program imports it.
      }
    }
    const fs = py.FS;
    const emscripten = py._module as unknown as Record<string, unknown>;
    for (const name of ['NODEFS', 'NODERAWFS', 'mountNodeFS', 'loadDynamicLibrary', 'loadWebAssemblyModule', 'readBinary', 'readAsync']) delete emscripten[name];
    delete fs.filesystems.NODEFS;
    delete fs.filesystems.NODERAWFS;
    delete fs.filesystems.NATIVEFS_ASYNC;
    for (const name of ['mountNodeFS', 'mountNativeFS', 'runPythonAsync', 'registerJsModule', 'loadPackage', 'loadPackagesFromImports']) {
      if (!(request.allowMicropip && name === 'loadPackage')) (py as unknown as Record<string, unknown>)[name] = undefined;
    }
    const socketOps = py._module.SOCKFS?.websocket_sock_ops;
    if (socketOps !== undefined) {
      // An errno error (EACCES), which Python raises as PermissionError; any other error would be fatal to Pyodide.
      const ErrnoError = (fs as unknown as { ErrnoError: new (errno: number) => Error }).ErrnoError;
      for (const name of ['connect', 'listen', 'sendmsg', 'createPeer']) socketOps[name] = () => {
        throw new ErrnoError(2);
      };
    }
    const namespace = py.runPython('dict()') as { set(name: string, value: unknown): void; get(name: string): (value: unknown) => number };
    py.runPython(prelude, { globals: namespace, filename: '<sandbox-runner>' });
    namespace.get('_configure')(request.allowMicropip);
    run = namespace.get('run');
    if (request.interrupt !== undefined) {
      interrupt = new Int32Array(request.interrupt);
      py.setInterruptBuffer(interrupt);
    }
    for (const name of ['/home']) removeTree(name);
    fs.mkdirTree('/tmp');
    // Pyodide's standard library is read-only: a write there would be lost (it is not the sandbox's).
    if (!request.allowMicropip) readOnly('/lib');
    baseHeap = py._module.HEAPU8.length;
    lockGlobals();
    port.post({ type: 'ready', loadMs: Math.round(performance.now() - started) });
  }

  function kindOf(path: string): 'file' | 'directory' | undefined {
    try {
      const mode = py!.FS.lstat(path).mode;
      if (py!.FS.isDir(mode)) return 'directory';
      if (py!.FS.isFile(mode)) return 'file';
      return undefined;
    } catch {
      return undefined;
    }
  }

  function removeTree(path: string): void {
    const fs = py!.FS;
    const kind = kindOf(path);
    if (kind === 'directory') {
      for (const name of fs.readdir(path)) if (name !== '.' && name !== '..') removeTree(`${path === '/' ? '' : path}/${name}`);
      fs.rmdir(path);
    } else if (kind === 'file') fs.unlink(path);
  }

  function readOnly(path: string): void {
    const kind = kindOf(path);
    if (kind === 'directory') {
      for (const name of py!.FS.readdir(path)) if (name !== '.' && name !== '..') readOnly(`${path}/${name}`);
      py!.FS.chmod(path, 0o555);
    } else if (kind === 'file') py!.FS.chmod(path, 0o444);
  }

  function isReserved(path: string): boolean {
    const top = `/${path.split('/')[1] ?? ''}`;
    return reserved.has(top);
  }

  function sync(request: Extract<PythonWorkerRequest, { type: 'sync' }>): void {
    const fs = py!.FS;
    if (request.fresh) {
      for (const name of fs.readdir('/')) if (name !== '.' && name !== '..' && !reserved.has(`/${name}`)) removeTree(`/${name}`);
      fs.mkdirTree('/tmp');
      manifest = new Map();
    }
    for (const path of request.deleted) {
      if (isReserved(path)) continue;
      removeTree(path);
      for (const known of [...manifest.keys()]) if (known === path || known.startsWith(`${path}/`)) manifest.delete(known);
    }
    for (const record of request.written) {
      if (isReserved(record.path)) continue;
      if (record.kind === 'directory') {
        fs.mkdirTree(record.path);
        manifest.set(record.path, 'directory');
        continue;
      }
      const parent = record.path.slice(0, record.path.lastIndexOf('/'));
      if (parent !== '') fs.mkdirTree(parent);
      const bytes = record.kind === 'text' ? encoder.encode(record.text) : record.bytes;
      fs.writeFile(record.path, bytes);
      fs.utime(record.path, record.modified, record.modified);
      manifest.set(record.path, bytes);
    }
    // Parent directories that the records imply are part of the tree too.
    for (const path of [...manifest.keys()]) {
      for (let cut = path.lastIndexOf('/'); cut > 0; cut = path.lastIndexOf('/', cut - 1)) manifest.set(path.slice(0, cut), 'directory');
    }
  }

  function walk(path: string, into: Map<string, FileState>): void {
    const fs = py!.FS;
    for (const name of fs.readdir(path)) {
      if (name === '.' || name === '..') continue;
      const child = `${path === '/' ? '' : path}/${name}`;
      if (path === '/' && reserved.has(child)) continue;
      const kind = kindOf(child);
      if (kind === 'directory') {
        into.set(child, 'directory');
        walk(child, into);
      } else if (kind === 'file') into.set(child, fs.readFile(child));
    }
  }

  function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
    if (a.length !== b.length) return false;
    for (let index = 0; index < a.length; index++) if (a[index] !== b[index]) return false;
    return true;
  }

  /** What the run changed, against the manifest; the manifest then holds the new tree. */
  function changes(): { written: Record_[]; deleted: string[] } {
    const now = new Map<string, FileState>();
    walk('/', now);
    // /tmp is always there for Python; an empty one the sandbox does not have is not a change.
    if (!manifest.has('/tmp') && now.get('/tmp') === 'directory' && ![...now.keys()].some((path) => path.startsWith('/tmp/'))) now.delete('/tmp');
    const decoder = new TextDecoder('utf-8', { fatal: true });
    const modified = Date.now();
    const written: Record_[] = [];
    const deleted: string[] = [];
    for (const [path, before] of manifest) {
      const after = now.get(path);
      const gone = after === undefined || (before === 'directory') !== (after === 'directory');
      if (!gone) continue;
      // Only the top-most deleted path: deleting it removes what is under it.
      const parent = path.slice(0, path.lastIndexOf('/'));
      const parentGone = parent !== '' && manifest.get(parent) === 'directory' && now.get(parent) !== 'directory';
      if (!parentGone) deleted.push(path);
    }
    for (const [path, after] of [...now].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const before = manifest.get(path);
      if (after === 'directory') {
        if (before !== 'directory') written.push({ path, kind: 'directory', modified });
        continue;
      }
      if (before instanceof Uint8Array && sameBytes(before, after)) continue;
      let text: string | undefined;
      try {
        text = decoder.decode(after);
      } catch {
        text = undefined;
      }
      written.push(text === undefined ? { path, kind: 'binary', bytes: after, modified } : { path, kind: 'text', text, modified });
    }
    manifest = now;
    return { written, deleted };
  }

  function execute(request: Extract<PythonWorkerRequest, { type: 'run' }>): void {
    const fs = py!;
    let outputBytes = 0;
    let outputHit = false;
    // Each write is sent as it happens: the worker's thread is busy running Python, so no timer
    // could send a held-back piece later (a program that prints and then loops must show its line).
    let pending = '';
    let pendingStream: 'stdout' | 'stderr' = 'stdout';
    const flush = () => {
      if (pending !== '') port.post({ type: 'output', id: request.id, stream: pendingStream, text: pending });
      pending = '';
    };
    const writer = (stream: 'stdout' | 'stderr') => {
      const decoder = new TextDecoder();
      return {
        isatty: false,
        write(buffer: Uint8Array): number {
          const length = buffer.length;
          if (outputHit) return length;
          let bytes = buffer;
          if (outputBytes + length > request.maxOutputBytes) {
            bytes = buffer.subarray(0, Math.max(0, request.maxOutputBytes - outputBytes));
            outputHit = true;
            // Stop the program at its next instruction; without an interrupt buffer the page ends the worker.
            if (interrupt !== undefined) Atomics.store(interrupt, 0, 2);
          }
          outputBytes += bytes.length;
          const text = decoder.decode(bytes, { stream: true });
          pendingStream = stream;
          pending += text;
          flush();
          return length;
        },
      };
    };
    fs.setStdout(writer('stdout'));
    fs.setStderr(writer('stderr'));
    // Byte by byte, as a pipe gives it (Pyodide's line API would add a newline).
    const stdin = encoder.encode(request.stdin);
    let stdinAt = 0;
    fs.setStdin({
      isatty: false,
      read: (buffer) => {
        const count = Math.min(buffer.length, stdin.length - stdinAt);
        buffer.set(stdin.subarray(stdinAt, stdinAt + count));
        stdinAt += count;
        return count;
      },
    });
    memoryHit = false;
    memoryCap = Math.max(baseHeap + request.memoryBytes, 0);
    if (interrupt !== undefined) Atomics.store(interrupt, 0, 0);
    let exitCode: number;
    try {
      exitCode = run!(JSON.stringify({ code: request.code, filename: request.filename, argv: request.argv, pathEntry: request.pathEntry, cwd: request.cwd, env: request.env }));
    } catch (error) {
      // Only a failure of the runner itself lands here (the program's own errors are caught in Python).
      pending += `python3: ${messageOf(error)}\n`;
      pendingStream = 'stderr';
      exitCode = 1;
    } finally {
      memoryCap = Number.POSITIVE_INFINITY;
    }
    if (exitCode >= 0x100) {
      memoryHit = true;
      exitCode &= 0xff;
    }
    flush();
    if (interrupt !== undefined) Atomics.store(interrupt, 0, 0);
    // An interrupt from the page is known to the page, which then resyncs the copy.
    const stopped = memoryHit ? 'memory' : outputHit ? 'output' : undefined;
    // A stopped program's changes are not applied: the page resyncs the copy from scratch next time.
    const result = stopped === undefined ? changes() : { written: [], deleted: [] };
    port.post({ type: 'result', id: request.id, exitCode, ...(stopped === undefined ? {} : { stopped }), changes: result });
  }

  let queue = Promise.resolve();
  port.listen((request) => {
    queue = queue.then(async () => {
      try {
        if (request.type === 'init') await init(request);
        else if (py === undefined) throw new Error('Pyodide is not loaded');
        else if (request.type === 'sync') sync(request);
        else execute(request);
      } catch (error) {
        port.post({ type: 'failed', ...('id' in request ? { id: request.id } : {}), message: messageOf(error) });
      }
    });
  });
}
