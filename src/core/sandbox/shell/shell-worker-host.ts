/**
 * The worker's side of the shell: it holds a copy of the sandbox (a real sandbox, with the same
 * limits, so paths and quotas are refused exactly as in the page), runs scripts on it with the
 * same runtime the page would use, and records what each script changed. It has no DOM and no
 * globals of its own, so tests run it in Node with a fake worker. Its modules must never reach
 * `shell-worker-client` (a test walks them): a bundler then meets a worker that starts itself.
 */
import { buildSandbox } from '../build-sandbox';
import type { Sandbox } from '../sandbox-types';
import type { StorageChanges } from '../storage/sandbox-storage';
import { applyOperations, recordOperations, type ShellOperation } from './shell-operations';
import { toShellResult } from './shell-output';
import { runScript } from './shell-runtime';
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';

/** Handles one request; the caller passes them in order and waits for each. */
export type ShellWorkerHost = (request: ShellWorkerRequest) => Promise<void>;

/**
 * Applies a change set (as `recordChangesSince` makes them) to `copy`, exactly (times too) and
 * without quotas (the page's tree was within them), through the checkpoint import: a checkpoint
 * holding the changes, restored. The copy keeps no other checkpoint afterwards.
 */
function applyChanges(copy: Sandbox, changes: StorageChanges): void {
  if (changes.written.length > 0 || changes.deleted.length > 0) {
    copy.importCheckpoints([{ id: 'checkpoint-1', createdAt: 0, version: 0, changes }]);
    copy.restore('checkpoint-1');
  }
  copy.importCheckpoints([]);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Creates the handler of the worker's requests; `post` sends a response to the page.
 *
 * @example
 * ```ts
 * const host = createShellWorkerHost((response) => self.postMessage(response));
 * self.onmessage = (event) => void host(event.data);
 * ```
 */
export function createShellWorkerHost(post: (response: ShellWorkerResponse) => void): ShellWorkerHost {
  let copy: Sandbox | undefined;
  let pending: { written: StorageChanges['written'][number][]; deleted: string[] } = { written: [], deleted: [] };
  // The checkpoint of the tree the last run started from (or the last rebase's), and what it did.
  let base: string | undefined;
  let operations: readonly ShellOperation[] = [];

  function current(): Sandbox {
    if (copy === undefined) throw new Error('The shell worker got a request before its first sync.');
    return copy;
  }

  async function handle(request: ShellWorkerRequest): Promise<void> {
    switch (request.type) {
      case 'sync': {
        if (request.fresh !== undefined) {
          // Without agent tools: they would bring the shell, and the code that starts this worker, into it.
          copy = buildSandbox({ limits: request.fresh }, () => []);
          pending = { written: [], deleted: [] };
        }
        // A loop, not push(...spread): a part may hold more records than a call takes arguments.
        for (const record of request.written) pending.written.push(record);
        for (const path of request.deleted) pending.deleted.push(path);
        return;
      }
      case 'run': {
        const sandbox = current();
        applyChanges(sandbox, pending);
        pending = { written: [], deleted: [] };
        base = sandbox.checkpoint();
        const recording = recordOperations(sandbox);
        let output;
        try {
          const onOutput = ({ stream, text }: { stream: 'stdout' | 'stderr'; text: string }) => post({ type: 'output', id: request.id, stream, text });
          output = await runScript(sandbox, request.limits, request.shellEnv, { command: request.command, onOutput, ...(request.programs === undefined ? {} : { programs: request.programs }), ...(request.cwd === undefined ? {} : { cwd: request.cwd }), ...(request.env === undefined ? {} : { env: request.env }) });
        } finally {
          operations = recording.stop();
        }
        post({ type: 'result', id: request.id, result: toShellResult(output, request.limits.maxOutputBytes), operations });
        return;
      }
      case 'rebase': {
        const sandbox = current();
        if (base === undefined) throw new Error('The shell worker got a rebase before a run.');
        sandbox.restore(base);
        applyChanges(sandbox, request);
        base = sandbox.checkpoint();
        try {
          applyOperations(sandbox, operations);
        } catch (error) {
          post({ type: 'rebased', id: request.id, problem: messageOf(error) });
          return;
        }
        post({ type: 'rebased', id: request.id });
        return;
      }
    }
  }

  return async (request) => {
    try {
      await handle(request);
    } catch (error) {
      post({ type: 'failed', ...('id' in request ? { id: request.id } : {}), message: messageOf(error) });
    }
  };
}
