/**
 * `createSandboxShell`: a simulated bash (just-bash) whose filesystem is the sandbox. just-bash is
 * large (about 364 kB gzipped), so it is imported on the first `run`, never before: an app that
 * has a sandbox but never runs a command does not download it. This module holds only what must
 * be there up front; the rest is `shell-runtime`, loaded with just-bash.
 *
 * Limits are the shell's own, not the caller's goodwill: a wall-clock limit that just-bash checks
 * while it runs (an AbortSignal alone does not stop `while true; do :; done`), caps on commands
 * and loop iterations (just-bash's hardened profile), and a byte cap on each output stream.
 */
import type { Sandbox } from '../sandbox-types';
import { capOutput } from './shell-output';

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
}

/** What `run` takes. */
export interface SandboxShellRunOptions {
  /** A bash script: one command, a pipeline, several lines. */
  command: string;
  /** Directory the command starts in, resolved from `/`. Default `/`. */
  cwd?: string;
  /** Environment variables for this run, on top of the shell's. */
  env?: Record<string, string>;
  /** Cancels the run (it stops at the next statement that waits). */
  signal?: AbortSignal;
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

/**
 * The limits used when none are given: enough for scripting over a workspace (grep, sed, jq,
 * loops over files), small enough that a runaway command ends quickly and prints little.
 *
 * @example
 * ```ts
 * createSandboxShell(sandbox, { ...defaultShellLimits, timeoutMs: 30_000 });
 * ```
 */
export const defaultShellLimits = Object.freeze({
  timeoutMs: 10_000,
  maxCommands: 10_000,
  maxLoopIterations: 10_000,
  maxOutputBytes: 30_000,
});

type ShellRuntime = typeof import('./shell-runtime');
let loading: Promise<ShellRuntime> | undefined;

function loadRuntime(): Promise<ShellRuntime> {
  // Cached once loaded; a failed load (say, offline) is forgotten so the next run tries again.
  loading ??= import('./shell-runtime').catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

/**
 * Creates a simulated bash over `sandbox`: files the commands write land in the sandbox (its
 * subscribers see them), paths are confined by its rules (`/` is the sandbox root, and `..` stops
 * there), and there is no network. Each `run` is isolated (variables and `cd` do not carry over);
 * only files persist. just-bash is loaded on the first `run`.
 *
 * @example
 * ```ts
 * const shell = createSandboxShell(sandbox, { timeoutMs: 5_000 });
 * const { exitCode, stdout } = await shell.run({ command: 'grep -rn TODO src | head -20' });
 * ```
 */
export function createSandboxShell(sandbox: Sandbox, options: SandboxShellOptions = {}): SandboxShell {
  const limits = { ...defaultShellLimits, ...options };
  return {
    async run(runOptions) {
      let output: { exitCode: number; stdout: string; stderr: string };
      try {
        const { runScript } = await loadRuntime();
        output = await runScript(sandbox, limits, options.env, runOptions);
      } catch (error) {
        output = { exitCode: 1, stdout: '', stderr: `bash: the shell could not be loaded: ${error instanceof Error ? error.message : String(error)}\n` };
      }
      const stdout = capOutput(output.stdout, limits.maxOutputBytes);
      const stderr = capOutput(output.stderr, limits.maxOutputBytes);
      return { exitCode: output.exitCode, stdout: stdout.text, stderr: stderr.text, truncated: stdout.truncated || stderr.truncated };
    },
  };
}
