/**
 * Starts the Python worker where the program runs: a module Web Worker in the browser, and a
 * `worker_threads` worker in Node, behind one small handle, so the runner and its results are the
 * same in both. Nothing here loads Pyodide: the worker does, when it gets its `init` request.
 */
import { pythonPrelude } from './python-prelude';
import { pythonWorkerMain } from './python-worker-main';
import type { PythonWorkerRequest, PythonWorkerResponse } from './python-worker-protocol';

/** A started worker, whichever kind. */
export interface PythonWorkerHandle {
  post(request: PythonWorkerRequest): void;
  onMessage(listener: (response: PythonWorkerResponse) => void): void;
  /** The worker failed to load or crashed (Pyodide aborted, ran out of memory...). */
  onCrash(listener: (message: string) => void): void;
  terminate(): void;
  /** Whether the worker keeps Node's process alive (during a run) or not (idle); a no-op in the browser. */
  keepAlive?(alive: boolean): void;
  /** What `init` should load the `pyodide` module from (Node: the installed package's file URL). */
  readonly pyodideURL?: string;
  /** Where Pyodide's files are when the app names no `indexURL` (Node: the installed package's folder). */
  readonly indexURL?: string;
}

/** The sentence a missing `pyodide` package gives. */
export const missingPyodideMessage = 'Python needs the optional package pyodide, which is not installed: npm install pyodide';

/**
 * Starts the browser's module worker. The `new Worker(new URL(..., import.meta.url))` form is
 * what bundlers recognize to emit the worker file, so it is written literally; the library build
 * points it at `python-worker.js` in the package.
 *
 * @example
 * ```ts
 * const worker = startPythonWebWorker();
 * ```
 */
export function startPythonWebWorker(): PythonWorkerHandle {
  const worker = new Worker(new URL('./python-worker.ts', import.meta.url), { type: 'module' });
  return {
    post: (request) => worker.postMessage(request),
    onMessage: (listener) => worker.addEventListener('message', (event: MessageEvent<PythonWorkerResponse>) => listener(event.data)),
    onCrash: (listener) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault();
        const message = (event as Partial<ErrorEvent>).message;
        listener(typeof message === 'string' && message !== '' ? message : 'the Python worker could not be loaded or failed');
      });
      worker.addEventListener('messageerror', () => listener('a message from the Python worker could not be read'));
    },
    terminate: () => worker.terminate(),
  };
}

interface NodeWorker {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: PythonWorkerResponse) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
}

/**
 * Starts a `worker_threads` worker in Node, from the source of `pythonWorkerMain` (self-contained
 * for that reason), with the installed `pyodide` package's file URL. Throws `missingPyodideMessage`
 * when the package is not installed.
 *
 * @example
 * ```ts
 * const worker = await startPythonNodeWorker();
 * ```
 */
export async function startPythonNodeWorker(): Promise<PythonWorkerHandle> {
  // Names in variables: a browser bundle must not try to resolve Node's modules.
  const threadsName = 'node:worker_threads';
  const moduleName = 'node:module';
  const urlName = 'node:url';
  const { Worker: NodeWorkerClass } = (await import(/* @vite-ignore */ threadsName)) as { Worker: new (source: string, options: { eval: true }) => NodeWorker };
  const { createRequire } = (await import(/* @vite-ignore */ moduleName)) as { createRequire(from: string): { resolve(name: string): string } };
  const { pathToFileURL } = (await import(/* @vite-ignore */ urlName)) as { pathToFileURL(path: string): URL };
  let pyodideURL: string;
  let indexURL: string;
  try {
    const file = createRequire(import.meta.url).resolve('pyodide/pyodide.mjs');
    pyodideURL = pathToFileURL(file).href;
    // A worker started from source cannot find its own folder: Pyodide is told where its files are.
    indexURL = file.slice(0, file.lastIndexOf('/') + 1);
  } catch {
    throw new Error(missingPyodideMessage);
  }
  const source = [
    "const { parentPort } = require('node:worker_threads');",
    // esbuild with keepNames (tsx, some test runners) wraps functions in __name(...) calls that refer to its own helper.
    "const __name = (target, value) => Object.defineProperty(target, 'name', { value, configurable: true });",
    `const pythonPrelude = ${String(pythonPrelude)};`,
    `(${String(pythonWorkerMain)})({ post: (message) => parentPort.postMessage(message), listen: (handler) => parentPort.on('message', handler) }, (url) => import(url), pythonPrelude());`,
  ].join('\n');
  const worker = new NodeWorkerClass(source, { eval: true });
  const crashListeners: ((message: string) => void)[] = [];
  let ended = false;
  worker.on('error', (error) => {
    for (const listener of crashListeners) listener(error.message);
  });
  worker.on('exit', () => {
    if (!ended) for (const listener of crashListeners) listener('the Python worker exited');
  });
  return {
    pyodideURL,
    indexURL,
    post: (request) => worker.postMessage(request),
    onMessage: (listener) => worker.on('message', listener),
    onCrash: (listener) => crashListeners.push(listener),
    terminate: () => {
      ended = true;
      void worker.terminate();
    },
    keepAlive: (alive) => (alive ? worker.ref() : worker.unref()),
  };
}

/**
 * Starts the worker this platform has: a Web Worker where there is one, else Node's.
 *
 * @example
 * ```ts
 * const worker = await startPythonWorker();
 * ```
 */
export async function startPythonWorker(): Promise<PythonWorkerHandle> {
  if (typeof Worker === 'function') return startPythonWebWorker();
  const versions = (globalThis as { process?: { versions?: { node?: string } } }).process?.versions;
  if (versions?.node !== undefined) return startPythonNodeWorker();
  throw new Error('Python runs in a worker, and this platform has neither Web Workers nor Node worker_threads');
}
