/**
 * The Python Web Worker: the module worker that `startPythonWorker` starts. An app's bundler
 * emits it, with the `pyodide` package's JavaScript, as a file of its own; Pyodide's WebAssembly
 * and standard library are fetched from the app's own origin (`indexURL`) when it starts.
 */
import { pythonPrelude } from './python-prelude';
import { pythonWorkerMain } from './python-worker-main';
import type { PythonWorkerRequest, PythonWorkerResponse } from './python-worker-protocol';

// The worker's global scope, typed by what is used (the project's types are the page's DOM ones).
const scope = globalThis as unknown as {
  postMessage(message: PythonWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<PythonWorkerRequest>) => void): void;
};
// Bound now: the worker's globals are locked once Pyodide has loaded.
const post = scope.postMessage.bind(scope);

pythonWorkerMain(
  { post, listen: (handler) => scope.addEventListener('message', (event) => handler(event.data)) },
  async (url) => (url === undefined ? (await import('pyodide')) : ((await import(/* @vite-ignore */ url)) as { loadPyodide(options: Record<string, unknown>): Promise<unknown> })),
  pythonPrelude(),
);
