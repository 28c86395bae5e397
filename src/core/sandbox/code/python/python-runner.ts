/**
 * The page's side of the Python worker: one warm worker (Pyodide loaded) runs programs one at a
 * time on its copy of a sandbox's tree. A run sends only what changed in the sandbox since the
 * copy was made (O(change)); the first run, or one on another sandbox, sends the whole tree. The
 * worker is ended after a quiet minute, which frees its memory.
 *
 * Stopping a program (time limit, Stop, output limit): with `SharedArrayBuffer` the page writes
 * SIGINT into Pyodide's interrupt buffer, Python raises `KeyboardInterrupt` at its next
 * instruction, and the worker stays warm; a program that does not end within a grace period, or a
 * page without `SharedArrayBuffer`, has its worker terminated. Either way a stopped run changes
 * nothing in the sandbox. A program that ends by itself, with any exit code, has its changes
 * applied (all or nothing), as `python3` leaves its files.
 */
import type { CodeRunLimits, CodeRunResult, CodeStopReason } from '../code-types';
import type { Sandbox, SandboxMark } from '../../sandbox-types';
import { applyPythonChanges } from './python-apply-changes';
import { defaultPythonLimits, pythonCancelledExitCode, pythonTimeoutExitCode } from './python-limits';
import type { PythonWorkerHandle } from './python-worker-start';
import type { PythonWorkerRequest, PythonWorkerResponse } from './python-worker-protocol';

/** One program, prepared for the worker (see `run-python`). */
export type PythonProgram = Omit<Extract<PythonWorkerRequest, { type: 'run' }>, 'type' | 'id' | 'memoryBytes' | 'maxOutputBytes'>;

/** How the runner starts workers and loads Pyodide. */
export interface PythonRunnerOptions {
  start: () => Promise<PythonWorkerHandle>;
  indexURL?: string;
  allowMicropip?: boolean;
  /** A worker idle this long is ended. Default one minute. */
  idleMs?: number;
  /** Called when a worker starts and when it ends (to know which runners hold one). */
  onStart?: () => void;
  onEnd?: () => void;
}

/** Runs programs in one warm worker; see `createPythonRunner`. */
export interface PythonRunner {
  run(sandbox: Sandbox, program: PythonProgram, limits: CodeRunLimits | undefined, signal: AbortSignal | undefined, onOutput: ((chunk: { stream: 'stdout' | 'stderr'; text: string }) => void) | undefined): Promise<CodeRunResult>;
  /** Milliseconds the current worker took to load Pyodide, once it has. */
  readonly loadMs: number | undefined;
  /** Ends the worker now (the next run starts another). */
  end(): void;
}

/** How long a program has to end after its interrupt before its worker is terminated. */
const interruptGraceMs = 1_000;

interface Connection {
  handle: PythonWorkerHandle;
  interrupt: Int32Array | undefined;
  ready: Promise<{ ok: true; loadMs: number } | { ok: false; message: string }>;
  listeners: Set<(response: PythonWorkerResponse) => void>;
  crashed: string | undefined;
  crashListeners: Set<(message: string) => void>;
  sandbox: Sandbox | undefined;
  synced: SandboxMark | undefined;
}

function failure(message: string, exitCode = 1, stopped?: CodeStopReason): CodeRunResult {
  return { exitCode, stdout: '', stderr: `${message}\n`, ...(stopped === undefined ? {} : { stopped }) };
}

function sharedInterrupt(): Int32Array | undefined {
  if (typeof SharedArrayBuffer !== 'function') return undefined;
  try {
    return new Int32Array(new SharedArrayBuffer(4));
  } catch {
    return undefined;
  }
}

/**
 * Creates a runner with its own worker (started on the first run).
 *
 * @example
 * ```ts
 * const runner = createPythonRunner({ start: startPythonWorker });
 * const result = await runner.run(sandbox, program, { timeoutMs: 5_000 }, signal, undefined);
 * ```
 */
export function createPythonRunner(options: PythonRunnerOptions): PythonRunner {
  let connection: Connection | undefined;
  let nextId = 1;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  let tail: Promise<unknown> = Promise.resolve();
  let loadMs: number | undefined;

  function end(): void {
    if (connection === undefined) return;
    connection.handle.terminate();
    connection = undefined;
    loadMs = undefined;
    options.onEnd?.();
  }

  async function connect(): Promise<Connection> {
    const handle = await options.start();
    const interrupt = sharedInterrupt();
    const current: Connection = { handle, interrupt, listeners: new Set(), crashed: undefined, crashListeners: new Set(), sandbox: undefined, synced: undefined, ready: Promise.resolve({ ok: false, message: '' }) };
    handle.onMessage((response) => {
      for (const listener of [...current.listeners]) listener(response);
    });
    handle.onCrash((message) => {
      current.crashed ??= message;
      for (const listener of [...current.crashListeners]) listener(message);
    });
    current.ready = new Promise((resolve) => {
      const listener = (response: PythonWorkerResponse) => {
        if (response.type === 'ready') resolve({ ok: true, loadMs: response.loadMs });
        else if (response.type === 'load-failed' || (response.type === 'failed' && response.id === undefined)) resolve({ ok: false, message: response.message });
        else return;
        current.listeners.delete(listener);
        current.crashListeners.delete(crash);
      };
      const crash = (message: string) => resolve({ ok: false, message: `the Python worker failed while loading: ${message}` });
      current.listeners.add(listener);
      current.crashListeners.add(crash);
    });
    handle.post({ type: 'init', allowMicropip: options.allowMicropip === true, ...((options.indexURL ?? handle.indexURL) === undefined ? {} : { indexURL: options.indexURL ?? handle.indexURL }), ...(handle.pyodideURL === undefined ? {} : { pyodideURL: handle.pyodideURL }), ...(interrupt === undefined ? {} : { interrupt: interrupt.buffer as SharedArrayBuffer }) });
    return current;
  }

  /** Resolves when `signal` aborts (never otherwise); `cleanup` removes the listener. */
  function aborted(signal: AbortSignal | undefined): { promise: Promise<'aborted'>; cleanup: () => void } {
    let cleanup = () => undefined as void;
    const promise = new Promise<'aborted'>((resolve) => {
      if (signal === undefined) return;
      if (signal.aborted) return resolve('aborted');
      const listener = () => resolve('aborted');
      signal.addEventListener('abort', listener, { once: true });
      cleanup = () => signal.removeEventListener('abort', listener);
    });
    return { promise, cleanup: () => cleanup() };
  }

  async function runNow(sandbox: Sandbox, program: PythonProgram, requested: CodeRunLimits | undefined, signal: AbortSignal | undefined, onOutput: Parameters<PythonRunner['run']>[4]): Promise<CodeRunResult> {
    const limits = { ...defaultPythonLimits, ...requested };
    if (signal?.aborted === true) return failure('python3: cancelled before it started', pythonCancelledExitCode, 'cancelled');
    clearTimeout(idleTimer);
    if (connection === undefined) {
      try {
        connection = await connect();
        options.onStart?.();
      } catch (error) {
        return failure(`python3: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const current = connection;
    current.handle.keepAlive?.(true);
    try {
      return await runOn(current, sandbox, program, limits, signal, onOutput);
    } finally {
      current.handle.keepAlive?.(false);
    }
  }

  async function runOn(current: Connection, sandbox: Sandbox, program: PythonProgram, limits: Required<CodeRunLimits>, signal: AbortSignal | undefined, onOutput: Parameters<PythonRunner['run']>[4]): Promise<CodeRunResult> {
    const abort = aborted(signal);
    const ready = await Promise.race([current.ready, abort.promise]);
    if (ready === 'aborted') {
      abort.cleanup();
      end();
      return failure('python3: cancelled', pythonCancelledExitCode, 'cancelled');
    }
    if (!ready.ok) {
      abort.cleanup();
      end();
      return failure(`python3: ${ready.message}`);
    }
    loadMs = ready.loadMs;

    // Bring the worker's copy to the sandbox's tree.
    const fresh = current.sandbox !== sandbox || current.synced === undefined;
    const changes = fresh ? { written: sandbox.toRecords(), deleted: [] } : sandbox.recordChangesSince(current.synced!);
    const base = sandbox.mark();
    current.sandbox = sandbox;
    current.synced = undefined;
    current.handle.post({ type: 'sync', fresh, written: changes.written, deleted: changes.deleted });

    const id = nextId++;
    let stdout = '';
    let stderr = '';
    let outputBytes = 0;
    const encoder = new TextEncoder();
    let stopReason: CodeStopReason | undefined;
    let settle: (outcome: { kind: 'result'; response: Extract<PythonWorkerResponse, { type: 'result' }> } | { kind: 'failed'; message: string } | { kind: 'stopped' }) => void = () => undefined;
    const outcome = new Promise<Parameters<typeof settle>[0]>((resolve) => (settle = resolve));
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    const stop = (reason: CodeStopReason) => {
      if (stopReason !== undefined) return;
      stopReason = reason;
      if (current.interrupt !== undefined) {
        Atomics.store(current.interrupt, 0, 2);
        graceTimer = setTimeout(() => settle({ kind: 'stopped' }), interruptGraceMs);
      } else settle({ kind: 'stopped' });
    };
    const listener = (response: PythonWorkerResponse) => {
      if (response.type === 'output' && response.id === id) {
        if (stopReason !== undefined && stopReason !== 'output') return;
        if (response.stream === 'stdout') stdout += response.text;
        else stderr += response.text;
        onOutput?.({ stream: response.stream, text: response.text });
        outputBytes += encoder.encode(response.text).length;
        // The worker stops at the limit itself; this is for a worker without an interrupt buffer.
        if (outputBytes >= limits.maxOutputBytes && current.interrupt === undefined) stop('output');
      } else if (response.type === 'result' && response.id === id) settle({ kind: 'result', response });
      else if (response.type === 'failed' && (response.id === id || response.id === undefined)) settle({ kind: 'failed', message: response.message });
    };
    const crash = (message: string) => settle({ kind: 'failed', message: `the Python worker stopped unexpectedly: ${message}` });
    current.listeners.add(listener);
    current.crashListeners.add(crash);
    if (current.crashed !== undefined) crash(current.crashed);
    void abort.promise.then(() => stop('cancelled'));
    const timer = setTimeout(() => stop('timeout'), limits.timeoutMs);
    current.handle.post({ type: 'run', id, ...program, memoryBytes: limits.memoryBytes, maxOutputBytes: limits.maxOutputBytes });
    const finished = await outcome;
    clearTimeout(timer);
    clearTimeout(graceTimer);
    abort.cleanup();
    current.listeners.delete(listener);
    current.crashListeners.delete(crash);

    if (finished.kind === 'failed') {
      end();
      return { exitCode: 1, stdout, stderr: `${stderr}python3: ${finished.message}\n` };
    }
    if (finished.kind === 'stopped') end(); // it did not end within the grace period, or could not be interrupted
    if (stopReason === 'timeout') return { exitCode: pythonTimeoutExitCode, stdout, stderr: `${stderr}python3: stopped: the program ran longer than the time limit of ${limits.timeoutMs} ms; none of its changes were made\n`, stopped: 'timeout' };
    if (stopReason === 'cancelled') return { exitCode: pythonCancelledExitCode, stdout, stderr: `${stderr}python3: cancelled; none of the program's changes were made\n`, stopped: 'cancelled' };
    if (finished.kind === 'stopped' || stopReason === 'output' || (finished.kind === 'result' && finished.response.stopped === 'output')) {
      return { exitCode: 1, stdout, stderr: `${stderr}python3: stopped: the program wrote more than the output limit of ${limits.maxOutputBytes} bytes; none of its changes were made\n`, stopped: 'output' };
    }
    const { response } = finished;
    if (response.stopped === 'memory') {
      // The heap does not shrink: a new worker frees it.
      end();
      return { exitCode: response.exitCode === 0 ? 1 : response.exitCode, stdout, stderr: `${stderr}python3: stopped: the program went past its memory limit of ${limits.memoryBytes} bytes; none of its changes were made\n`, stopped: 'memory' };
    }
    const result: CodeRunResult = { exitCode: response.exitCode, stdout, stderr };
    if (response.changes.written.length === 0 && response.changes.deleted.length === 0) {
      current.synced = base;
      return result;
    }
    const unchanged = sandbox.version === base.version;
    try {
      applyPythonChanges(sandbox, response.changes);
    } catch (error) {
      return { ...result, exitCode: result.exitCode === 0 ? 1 : result.exitCode, stderr: `${stderr}python3: the sandbox refused the program's changes (${error instanceof Error ? error.message : String(error)}); none of them were made\n` };
    }
    // The copy holds the base tree plus the program's changes: if nothing else changed meanwhile,
    // that is the sandbox now; otherwise the next run sends everything since the base.
    current.synced = unchanged ? sandbox.mark() : base;
    return result;
  }

  return {
    get loadMs() {
      return loadMs;
    },
    end,
    run(sandbox, program, limits, signal, onOutput) {
      let started = false;
      const turn = tail.then(() => {
        started = true;
        return runNow(sandbox, program, limits, signal, onOutput);
      });
      tail = turn.then(
        () => {
          clearTimeout(idleTimer);
          idleTimer = setTimeout(end, options.idleMs ?? 60_000);
          (idleTimer as { unref?: () => void }).unref?.();
        },
        () => undefined,
      );
      if (signal === undefined) return turn;
      // A run waiting for its turn is cancelled without waiting for the one before it.
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          if (!started) resolve(failure('python3: cancelled before it started', pythonCancelledExitCode, 'cancelled'));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        turn.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
      });
    },
  };
}
