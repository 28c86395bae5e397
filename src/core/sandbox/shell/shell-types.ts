import type { CodeNetworkOptions } from '../code/code-types';
import type { PythonRuntimeOptions } from '../code/python/run-python';

/**
 * The shapes of the simulated shell, in a file of their own: the page's side (`sandbox-shell`,
 * `shell-worker-client`) and the worker's side (`shell-worker-host`) both use them, and neither
 * may import the other.
 */

/** Limits and defaults of a shell. Every field is optional; see `defaultShellLimits`. */
export interface SandboxShellOptions {
  /** Wall-clock limit of one `run`, in milliseconds. */
  timeoutMs?: number;
  /** Most commands one `run` may execute (each command in a loop counts). */
  maxCommands?: number;
  /** Most iterations of one `while`/`for`/`until` loop. */
  maxLoopIterations?: number;
  /** Most UTF-8 bytes kept of stdout, and of stderr; the rest is cut with a note. */
  maxOutputBytes?: number;
  /** Environment variables of every run (`HOME` is `/` unless set here). */
  env?: Record<string, string>;
  /**
   * Where scripts run. By default, in a Web Worker where the page has `Worker` (so a script never
   * blocks the page, and cancelling a run ends it at once), and in a `worker_threads` worker in
   * Node (the same file, with the same guarantees for the process's event loop); else in the
   * calling thread. `false` always runs in the calling thread; a function starts the worker itself
   * (it must load this package's `shell-worker.js` as a module worker).
   */
  worker?: false | (() => Worker);
  /** Origins that programs (`node`, `python3`) may reach with `fetch`; none by default. */
  network?: CodeNetworkOptions;
  /**
   * Runs `python3` programs on Pyodide (an optional peer, loaded on the first one). In the browser
   * give `indexURL`, where the app serves Pyodide's files; `true` uses the defaults (Node).
   * Without it `python3` says the shell has no Python.
   */
  python?: PythonRuntimeOptions | true;
}

/** What programs of a run may do, as the page passes it to where scripts run (structured-cloneable). */
export interface ProgramOptions {
  network?: CodeNetworkOptions;
  python?: PythonRuntimeOptions;
}

/** What `run` takes. */
export interface SandboxShellRunOptions {
  /** A bash script: one command, a pipeline, several lines. */
  command: string;
  /** Directory the command starts in, resolved from `/`. Default `/`. */
  cwd?: string;
  /** Environment variables for this run, on top of the shell's. */
  env?: Record<string, string>;
  /** Cancels the run: in a worker it ends at once, with none of its changes made. */
  signal?: AbortSignal;
  /** Receives what programs of the run (`node`, `python3`) write, as they write it. */
  onOutput?: (chunk: { stream: 'stdout' | 'stderr'; text: string }) => void;
}

/** What `run` returns. It never throws: failures are a non-zero `exitCode` with a message on `stderr`. */
export interface SandboxShellResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Whether stdout or stderr was cut at `maxOutputBytes`. */
  truncated: boolean;
}

/** A simulated shell over a sandbox. */
export interface SandboxShell {
  run(options: SandboxShellRunOptions): Promise<SandboxShellResult>;
}

/** The limits of one run, all set (`createSandboxShell` fills in the defaults). */
export interface ShellRunLimits {
  timeoutMs: number;
  maxCommands: number;
  maxLoopIterations: number;
  maxOutputBytes: number;
}

/** One run's output, before the output caps. */
export interface ShellRunOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}
