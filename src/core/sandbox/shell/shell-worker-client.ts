/**
 * The page's side of the shell's Web Worker. A script runs on the worker's copy of the tree, so
 * the page stays responsive however long it runs, and cancelling ends it at once: the worker is
 * terminated, and none of the script's changes are made. When the script ends, its operations
 * are performed on the real sandbox in one synchronous step (its subscribers get the same
 * events as if the script had run in the page), so a change is either all there or not at all.
 *
 * The worker is kept between runs with its copy: the next run sends only what changed since
 * (O(change), from `recordChangesSince`). A new worker gets the whole tree, in parts of about a
 * megabyte with a yield between them, so no single task of the page copies the whole tree. The
 * worker is ended after a quiet minute, which frees its copy.
 */
import type { Sandbox, SandboxMark } from '../sandbox-types';
import type { StorageChanges } from '../storage/sandbox-storage';
import { cancelledExitCode, shellFailure, timedOut } from './shell-failures';
import { applyOperations } from './shell-operations';
import type { ShellWorkerRequest, ShellWorkerResponse } from './shell-worker-protocol';
import type { SandboxShellResult, SandboxShellRunOptions, ShellRunLimits, ShellRunOutput, ProgramOptions } from './shell-types';

export { nodeShellWorkerStarter } from './shell-worker-node';

/**
 * Starts the shell's worker. The `new Worker(new URL(..., import.meta.url))` form is what
 * bundlers (Vite, webpack, Turbopack, ...) recognize to emit the worker file, so it is written
 * literally; the library build points it at `shell-worker.js` in the package.
 *
 * @example
 * ```ts
 * const worker = startShellWorker();
 * ```
 */
export function startShellWorker(): Worker {
  return new Worker(new URL('./shell-worker.ts', import.meta.url), { type: 'module' });
}

/** Runs scripts in a worker; `undefined` means the worker cannot start here (run in the page). */
export interface ShellWorkerRunner {
  run(options: SandboxShellRunOptions): Promise<SandboxShellResult | undefined>;
}

/** About how many bytes of records one `sync` message carries (copying 1 MB takes a few ms). */
const syncPartBytes = 1_000_000;
/** The worker stops itself at the time limit; the page ends it if it has not answered this much later. */
const backstopMarginMs = 3_000;
/** A worker idle this long is ended, which frees its copy of the tree. */
const idleMs = 60_000;
/** How often a run's changes are replayed on a tree that keeps changing before giving up. */
const maxRebases = 3;

type Outcome = { kind: 'response'; response: ShellWorkerResponse } | { kind: 'aborted' } | { kind: 'timeout' } | { kind: 'crashed'; loadFailed: boolean; message: string };

interface Connection {
  /** The page's tree that the worker's copy equals, once the synced changes are applied. */
  synced: SandboxMark | undefined;
  post(request: ShellWorkerRequest): void;
  /** Where the output of run `id` goes while it runs. */
  onOutput: ((id: number, chunk: { stream: 'stdout' | 'stderr'; text: string }) => void) | undefined;
  /** The response to `id` (or a crash, the signal, or `timeoutMs` after the worker is ready). */
  wait(id: number, signal: AbortSignal | undefined, timeoutMs?: number): Promise<Outcome>;
  /** An outcome that ends the waiting early: the worker crashed, or the signal fired. */
  interrupted(signal: AbortSignal | undefined): Outcome | undefined;
  end(): void;
}

function connect(start: () => Worker): Connection {
  const worker = start();
  let ready = false;
  let crash: Outcome | undefined;
  const listeners = new Set<() => void>();
  let responses: ShellWorkerResponse[] = [];
  const notify = () => {
    for (const listener of [...listeners]) listener();
  };
  worker.addEventListener('message', (event: MessageEvent<ShellWorkerResponse>) => {
    if (event.data.type === 'output') return connection.onOutput?.(event.data.id, event.data);
    if (event.data.type === 'ready') ready = true;
    else responses.push(event.data);
    notify();
  });
  const crashed = (message: string) => {
    crash ??= { kind: 'crashed', loadFailed: !ready, message };
    worker.terminate();
    notify();
  };
  worker.addEventListener('error', (event) => {
    // Handled here: the run reports it, so the browser need not log it as uncaught.
    event.preventDefault();
    // A load failure is a plain Event (no message); an error thrown in the worker is an ErrorEvent.
    const message = (event as Partial<ErrorEvent>).message;
    crashed(typeof message === 'string' && message !== '' ? message : 'the shell worker could not be loaded or failed');
  });
  worker.addEventListener('messageerror', () => crashed('a message from the shell worker could not be read'));

  const connection: Connection = {
    synced: undefined,
    onOutput: undefined,
    post: (request) => worker.postMessage(request),
    interrupted(signal) {
      if (signal?.aborted === true) return { kind: 'aborted' };
      return crash;
    },
    wait(id, signal, timeoutMs) {
      return new Promise<Outcome>((resolve) => {
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finish = (outcome: Outcome) => {
          listeners.delete(check);
          signal?.removeEventListener('abort', check);
          clearTimeout(timer);
          resolve(outcome);
        };
        function check(): void {
          const early = signal?.aborted === true ? ({ kind: 'aborted' } as const) : crash;
          if (early !== undefined) return finish(early);
          const index = responses.findIndex((response) => ('id' in response ? response.id === id : response.type === 'failed'));
          if (index >= 0) {
            const [response] = responses.splice(index, 1);
            return finish({ kind: 'response', response: response! });
          }
          // The time limit counts from when the worker's code is there: loading it is not the script's time.
          if (ready && timeoutMs !== undefined && timer === undefined) timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
        }
        listeners.add(check);
        signal?.addEventListener('abort', check, { once: true });
        check();
      });
    },
    end() {
      worker.terminate();
      responses = [];
      crash ??= { kind: 'crashed', loadFailed: false, message: 'the shell worker was ended' };
    },
  };
  return connection;
}

/** Lets the page handle input between two parts of a long copy. */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

function recordBytes(record: StorageChanges['written'][number]): number {
  const content = record.kind === 'text' ? record.text.length * 2 : record.kind === 'binary' ? record.bytes.byteLength : 0;
  return content + record.path.length * 2 + 64;
}

/** Sends a change set in parts; false if the run was interrupted meanwhile. */
async function sendChanges(connection: Connection, changes: StorageChanges, fresh: Sandbox['limits'] | undefined, signal: AbortSignal | undefined): Promise<boolean> {
  let part: StorageChanges['written'][number][] = [];
  let bytes = 0;
  let first = true;
  const flush = () => {
    connection.post({ type: 'sync', ...(first && fresh !== undefined ? { fresh: { ...fresh } } : {}), written: part, deleted: first ? changes.deleted : [] });
    first = false;
    part = [];
    bytes = 0;
  };
  for (const record of changes.written) {
    part.push(record);
    bytes += recordBytes(record);
    if (bytes < syncPartBytes) continue;
    flush();
    await nextTask();
    if (connection.interrupted(signal) !== undefined) return false;
  }
  if (first || part.length > 0) flush();
  return true;
}

// Short messages of the shell's own, never cut: capping code stays out of this chunk.
function uncut(output: ShellRunOutput): SandboxShellResult {
  return { ...output, truncated: false };
}

function cancelled(beforeStart = false): SandboxShellResult {
  return uncut(shellFailure(beforeStart ? 'bash: cancelled before it started' : 'bash: cancelled', cancelledExitCode));
}

/** The script's result, with a note that its changes were not made (a short line past the output cap is fine). */
function notApplied(result: SandboxShellResult, reason: string): SandboxShellResult {
  return { ...result, exitCode: result.exitCode === 0 ? 1 : result.exitCode, stderr: `${result.stderr}bash: ${reason}; none of the script's changes were made\n` };
}

/**
 * Creates the runner of `sandbox`'s scripts in a worker started by `start`. Runs wait for each
 * other (one worker, one copy), and a cancelled run ends its worker; the next run starts another.
 *
 * @example
 * ```ts
 * const runner = createShellWorkerRunner(sandbox, { timeoutMs: 10_000, maxCommands: 10_000, maxLoopIterations: 10_000, maxOutputBytes: 30_000 }, undefined);
 * const result = await runner.run({ command: 'grep -rn TODO /', signal });
 * ```
 */
export function createShellWorkerRunner(sandbox: Sandbox, limits: ShellRunLimits, shellEnv: Record<string, string> | undefined, start: () => Worker = startShellWorker, programs?: ProgramOptions): ShellWorkerRunner {
  let connection: Connection | undefined;
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let tail: Promise<unknown> = Promise.resolve();

  function endWorker(): void {
    connection?.end();
    connection = undefined;
  }

  async function runNow(options: SandboxShellRunOptions): Promise<SandboxShellResult | undefined> {
    const { signal } = options;
    if (signal?.aborted === true) return cancelled(true);
    clearTimeout(idleTimer);
    try {
      connection ??= connect(start);
    } catch {
      return undefined; // no worker here (a Content Security Policy, an unsupported URL): run in the page
    }
    const current = connection;
    const fresh = current.synced === undefined;
    const changes = fresh ? { written: sandbox.toRecords(), deleted: [] } : sandbox.recordChangesSince(current.synced!);
    // The tree the worker's copy is about to equal; checked again when the result is back.
    let base = sandbox.mark();
    current.synced = undefined;
    const sent = await sendChanges(current, changes, fresh ? sandbox.limits : undefined, signal);
    const id = nextId++;
    current.onOutput = (runId, { stream, text }) => {
      if (runId === id) options.onOutput?.({ stream, text });
    };
    if (sent) current.post({ type: 'run', id, command: options.command, limits, ...(options.cwd === undefined ? {} : { cwd: options.cwd }), ...(options.env === undefined ? {} : { env: options.env }), ...(shellEnv === undefined ? {} : { shellEnv }), ...(programs === undefined ? {} : { programs }) });
    let outcome = sent ? await current.wait(id, signal, limits.timeoutMs + backstopMarginMs) : current.interrupted(signal)!;

    for (let rebases = 0; ; rebases++) {
      if (outcome.kind !== 'response') {
        endWorker();
        if (outcome.kind === 'aborted') return cancelled();
        if (outcome.kind === 'timeout') return uncut(timedOut(limits.timeoutMs));
        if (outcome.loadFailed) return undefined;
        return uncut(shellFailure(`bash: the shell stopped unexpectedly: ${outcome.message}`));
      }
      const response = outcome.response;
      if (response.type === 'failed') {
        endWorker();
        return uncut(shellFailure(`bash: the shell failed: ${response.message}`));
      }
      if (response.type !== 'result') {
        endWorker();
        return uncut(shellFailure(`bash: the shell answered out of turn (${response.type})`));
      }
      const { result, operations } = response;
      if (operations.length === 0) {
        // Nothing to make; the copy is still the tree the run started from.
        current.synced = base;
        return result;
      }
      if (sandbox.version === base.version) {
        try {
          applyOperations(sandbox, operations);
        } catch (error) {
          // Cannot happen on the tree the operations were recorded on; if it does, resync from scratch.
          endWorker();
          return notApplied(result, `the workspace refused a change (${error instanceof Error ? error.message : String(error)})`);
        }
        current.synced = sandbox.mark();
        return result;
      }
      // The tree changed while the script ran: replay its operations on the changed tree first.
      if (rebases === maxRebases) {
        endWorker();
        return notApplied(result, 'the workspace kept changing while the script ran');
      }
      const since = sandbox.recordChangesSince(base);
      base = sandbox.mark();
      current.post({ type: 'rebase', id, written: since.written, deleted: since.deleted });
      const rebased = await current.wait(id, signal);
      if (rebased.kind === 'response' && rebased.response.type === 'rebased') {
        if (rebased.response.problem !== undefined) {
          endWorker();
          return notApplied(result, `the workspace changed while the script ran, and its changes no longer apply (${rebased.response.problem})`);
        }
        outcome = { kind: 'response', response };
      } else outcome = rebased;
    }
  }

  return {
    run(options) {
      let started = false;
      const turn = tail.then(() => {
        started = true;
        return runNow(options);
      });
      tail = turn.then(
        () => {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(endWorker, idleMs);
          // Node (a fake worker in tests) must not stay up for an idle worker.
          (idleTimer as { unref?: () => void }).unref?.();
        },
        () => undefined,
      );
      const { signal } = options;
      if (signal === undefined) return turn;
      // A run that waits for its turn is cancelled without waiting for the one before it to end.
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!started) resolve(cancelled(true));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}
