/**
 * The shell's Web Worker: the module worker that `startShellWorker` (in `shell-worker-client`)
 * starts. An app's bundler emits it, with just-bash, as a file of its own. It answers requests
 * one at a time, in the order they arrive.
 */
import { createShellWorkerHost } from './shell-worker-host';
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';

// The worker's global scope, typed by what is used (the project's types are the page's DOM ones).
const scope = globalThis as unknown as {
  postMessage(message: ShellWorkerResponse): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<ShellWorkerRequest>) => void): void;
};

const host = createShellWorkerHost((response) => scope.postMessage(response));
let queue = Promise.resolve();
scope.addEventListener('message', (event) => {
  queue = queue.then(() => host(event.data));
});
scope.postMessage({ type: 'ready' });
