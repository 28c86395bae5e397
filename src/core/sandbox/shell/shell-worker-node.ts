/**
 * The shell's worker in Node: the package's `shell-worker.js` started as a `worker_threads`
 * worker, behind the part of the Web Worker interface that the runner uses. So in Node too a
 * script (and a `node` or `python3` program in it) never blocks the process's event loop, and
 * cancelling a run ends it at once, by ending the thread.
 *
 * Only the built package has the worker's file: run from its TypeScript sources (the kit's own
 * unit tests), there is no worker, and scripts run in the calling thread as before.
 */
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';

interface NodeWorker {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: ShellWorkerResponse) => void): void;
  on(event: 'messageerror', listener: (error: Error) => void): void;
  on(event: 'error', listener: (error: Error) => void): void;
  on(event: 'exit', listener: (code: number) => void): void;
  terminate(): Promise<number>;
  ref(): void;
  unref(): void;
}

type NodeWorkerClass = new (url: URL) => NodeWorker;

interface NodeProcess {
  getBuiltinModule?(name: 'node:worker_threads'): { Worker: NodeWorkerClass };
}

/**
 * Where the worker's file is, relative to this module: the library build writes the path here
 * (vite.config.ts, the shell's `libraryWorker`); from the sources it is not set. Read from a
 * variable, never as `new URL('…', import.meta.url)`, so an app's bundler does not copy a Node
 * worker into a browser build.
 */
const workerPath = (import.meta as ImportMeta & { REACT_AGENT_KIT_SHELL_WORKER_URL?: string }).REACT_AGENT_KIT_SHELL_WORKER_URL;

/** Requests the worker answers: while one is outstanding, the worker keeps Node's process alive. */
const answered = new Set<ShellWorkerRequest['type']>(['run', 'rebase']);
const answers = new Set<ShellWorkerResponse['type']>(['result', 'rebased', 'failed']);

type Listener = (event: { data?: unknown; message?: string; preventDefault(): void }) => void;

/**
 * Wraps a `worker_threads` worker as the `Worker` the runner talks to: `message`, `error` and
 * `messageerror` events, `postMessage` and `terminate`. The thread does not keep the process
 * alive while it is idle (a script or a test ends when its work is done, not a minute later);
 * it does while a run or a rebase waits for its answer.
 */
function asWebWorker(worker: NodeWorker): Worker {
  let outstanding = 0;
  let ended = false;
  worker.unref();
  const settle = (type: ShellWorkerResponse['type']) => {
    if (!answers.has(type) || outstanding === 0) return;
    outstanding -= 1;
    if (outstanding === 0) worker.unref();
  };
  const facade = {
    postMessage(request: ShellWorkerRequest) {
      if (answered.has(request.type)) {
        outstanding += 1;
        worker.ref();
      }
      worker.postMessage(request);
    },
    addEventListener(type: 'message' | 'error' | 'messageerror', listener: Listener) {
      const event = (fields: { data?: unknown; message?: string }) => ({ ...fields, preventDefault() {} });
      if (type === 'message') {
        worker.on('message', (data) => {
          settle(data.type);
          listener(event({ data }));
        });
      } else if (type === 'messageerror') {
        worker.on('messageerror', () => listener(event({})));
      } else {
        worker.on('error', (error) => listener(event({ message: error.message })));
        // A thread that ends by itself (process.exit in a dependency, an abort) is a crash too.
        worker.on('exit', (code) => {
          if (!ended) listener(event({ message: `the shell worker exited (code ${code})` }));
        });
      }
    },
    terminate() {
      ended = true;
      void worker.terminate();
    },
  };
  return facade as unknown as Worker;
}

/**
 * What starts the shell's worker in Node, or `undefined` where there is none: not Node (or a
 * Node without `process.getBuiltinModule`, before 20.16), or the kit running from its sources.
 *
 * @example
 * ```ts
 * const start = nodeShellWorkerStarter();
 * const runner = start === undefined ? undefined : createShellWorkerRunner(sandbox, limits, undefined, start);
 * ```
 */
export function nodeShellWorkerStarter(): (() => Worker) | undefined {
  const process = (globalThis as { process?: NodeProcess }).process;
  if (workerPath === undefined || typeof process?.getBuiltinModule !== 'function') return undefined;
  const { Worker: NodeWorker } = process.getBuiltinModule('node:worker_threads');
  const url = new URL(workerPath, import.meta.url);
  return () => asWebWorker(new NodeWorker(url));
}
