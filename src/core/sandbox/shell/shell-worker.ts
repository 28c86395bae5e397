/**
 * The shell's worker: the module that `startShellWorker` (in `shell-worker-client`) starts as a
 * module Web Worker in the browser, and `nodeShellWorkerStarter` as a `worker_threads` worker in
 * Node (the package's built `shell-worker.js` is one file for both). An app's bundler emits it,
 * with just-bash, as a file of its own. It answers requests one at a time, in the order they arrive.
 */
import { createShellWorkerHost } from './shell-worker-host';
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';

interface Port {
  post(message: ShellWorkerResponse): void;
  listen(listener: (request: ShellWorkerRequest) => void): void;
}

// The worker's global scope, typed by what is used (the project's types are the page's DOM ones).
const scope = globalThis as unknown as {
  postMessage?(message: ShellWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ShellWorkerRequest>) => void): void;
  process?: { getBuiltinModule?(name: 'node:worker_threads'): { parentPort: { postMessage(message: unknown): void; on(type: 'message', listener: (message: ShellWorkerRequest) => void): void } | null } };
};

/** A Web Worker has a global `postMessage`; a Node worker has `parentPort` instead. */
function port(): Port {
  if (typeof scope.postMessage === 'function') {
    return { post: (message) => scope.postMessage!(message), listen: (listener) => scope.addEventListener('message', (event) => listener(event.data)) };
  }
  const parent = scope.process?.getBuiltinModule?.('node:worker_threads').parentPort;
  if (parent === null || parent === undefined) throw new Error('the shell worker runs in a Web Worker or a Node worker thread');
  return { post: (message) => parent.postMessage(message), listen: (listener) => parent.on('message', listener) };
}

const { post, listen } = port();
const host = createShellWorkerHost(post);
let queue = Promise.resolve();
listen((request) => {
  queue = queue.then(() => host(request));
});
post({ type: 'ready' });
