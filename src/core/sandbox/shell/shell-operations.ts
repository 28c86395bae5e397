/**
 * What a script did to the files, as a list of sandbox operations. A script that runs in a Web
 * Worker changes the worker's copy of the tree; the page then performs the same operations on the
 * real sandbox, in the same order, so its subscribers get the same events, one per change, as if
 * the script had run in the page. Only changes that happened are recorded (a refused write is
 * not there), and each write carries the content the file had right after it.
 */
import type { FileContent, Sandbox, SandboxEvent } from '../sandbox-types';

/** One change a script made, in the order it made it. Paths are canonical. */
export type ShellOperation =
  | { readonly type: 'write'; readonly path: string; readonly content: FileContent }
  | { readonly type: 'mkdir'; readonly path: string }
  | { readonly type: 'delete'; readonly path: string }
  | { readonly type: 'move'; readonly from: string; readonly path: string };

/** A recording in progress: `stop()` ends it and returns the operations. */
export interface OperationRecording {
  stop(): ShellOperation[];
}

/**
 * Records the changes made to `sandbox` from now until `stop()`, from its change events.
 *
 * @example
 * ```ts
 * const recording = recordOperations(copy);
 * copy.writeFile('/a.txt', 'hi');
 * recording.stop(); // [{ type: 'write', path: '/a.txt', content: 'hi' }]
 * ```
 */
export function recordOperations(sandbox: Sandbox): OperationRecording {
  const operations: ShellOperation[] = [];
  const unsubscribe = sandbox.subscribe((event) => operations.push(operationOf(sandbox, event)));
  return {
    stop() {
      unsubscribe();
      return operations;
    },
  };
}

// Called while the event is delivered, so the tree is exactly as the change left it.
function operationOf(sandbox: Sandbox, event: SandboxEvent): ShellOperation {
  switch (event.type) {
    case 'write':
      return { type: 'write', path: event.path, content: sandbox.stat(event.path).binary === true ? sandbox.readBytes(event.path) : sandbox.readFile(event.path) };
    case 'mkdir':
      return { type: 'mkdir', path: event.path };
    case 'delete':
      return { type: 'delete', path: event.path };
    case 'move':
      return { type: 'move', from: event.from ?? event.path, path: event.path };
    case 'restore':
      // The shell's filesystem never loads or restores a tree.
      throw new Error('A shell script cannot restore the sandbox.');
  }
}

/**
 * Performs `operations` on `sandbox`, in order. On a tree equal to the one they were recorded on,
 * each one does exactly what it did there: a delete or a move that succeeded there succeeds with
 * `recursive`/`overwrite` too, and changes the same entries. Throws the first refusal (a
 * `SandboxError`); the operations before it stay done.
 *
 * @example
 * ```ts
 * applyOperations(sandbox, [{ type: 'write', path: '/a.txt', content: 'hi' }, { type: 'delete', path: '/b.txt' }]);
 * ```
 */
export function applyOperations(sandbox: Sandbox, operations: readonly ShellOperation[]): void {
  for (const operation of operations) {
    switch (operation.type) {
      case 'write':
        sandbox.writeFile(operation.path, operation.content);
        break;
      case 'mkdir':
        sandbox.mkdir(operation.path);
        break;
      case 'delete':
        sandbox.delete(operation.path, { recursive: true });
        break;
      case 'move':
        sandbox.move(operation.from, operation.path, { overwrite: true });
        break;
    }
  }
}

/**
 * The buffers of the binary writes, to transfer with the message instead of copying them.
 *
 * @example
 * ```ts
 * postMessage({ operations }, transferablesOf(operations));
 * ```
 */
export function transferablesOf(operations: readonly ShellOperation[]): ArrayBuffer[] {
  const buffers = new Set<ArrayBuffer>();
  for (const operation of operations) {
    if (operation.type === 'write' && typeof operation.content !== 'string' && operation.content.buffer instanceof ArrayBuffer) buffers.add(operation.content.buffer);
  }
  return [...buffers];
}
