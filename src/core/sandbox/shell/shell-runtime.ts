/**
 * The part of the shell that is loaded on the first run, together with just-bash: one run of a
 * script against the sandbox, with the limits applied and failures turned into results.
 * `createSandboxShell` imports this module dynamically, so neither it nor just-bash (about
 * 364 kB gzipped) is in an app's up-front bundle.
 */
import { Bash } from 'just-bash';
import type { Sandbox } from '../sandbox-types';
import { createSandboxFileSystem } from './sandbox-file-system';
import { resolveShellPath } from './shell-paths';
import { unsupportedCommands } from './unsupported-commands';

/** The limits of one run (all set; `createSandboxShell` fills in the defaults). */
export interface ShellRunLimits {
  timeoutMs: number;
  maxCommands: number;
  maxLoopIterations: number;
}

/** One run's input, as `SandboxShell.run` takes it. */
export interface ShellRunInput {
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
}

/** One run's output, before the output caps. */
export interface ShellRunOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/** Exit code of a run that was cancelled by the caller's signal (128 + SIGINT, as in bash). */
const cancelledExitCode = 130;
/** Exit code of a run stopped by the time limit (as `timeout` reports). */
const timedOutExitCode = 124;
// just-bash stops itself at `timeoutMs`; this backstop only answers if it is stuck in an await.
const backstopMs = 1_000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function failure(message: string, exitCode = 1): ShellRunOutput {
  return { exitCode, stdout: '', stderr: `${message}\n` };
}

// A function, not an inline check: the signal changes across awaits, which narrowing cannot see.
function isAborted(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true;
}

/** just-bash tells the host how to raise a limit; the model cannot, so it reads which limit it hit. */
function explainLimits(stderr: string): string {
  return stderr
    .replace(/, increase executionLimits\.\w+/g, ' (a limit of this shell per call)')
    .replace(/execution exceeded execution deadline \((\d+)ms\)/g, 'stopped: the script ran longer than the time limit of $1 ms per call');
}

/**
 * Runs one script on a fresh just-bash over `sandbox`. Never throws: a refusal, a limit or a
 * cancellation is a result with a non-zero exit code and a message on stderr.
 *
 * @example
 * ```ts
 * const { exitCode, stdout } = await runScript(sandbox, { timeoutMs: 10_000, maxCommands: 10_000, maxLoopIterations: 10_000 }, {}, { command: 'ls' });
 * ```
 */
export async function runScript(sandbox: Sandbox, limits: ShellRunLimits, env: Record<string, string> | undefined, input: ShellRunInput): Promise<ShellRunOutput> {
  const { command, cwd = '/', signal } = input;
  if (isAborted(signal)) return failure('bash: cancelled before it started', cancelledExitCode);
  const directory = resolveShellPath('/', cwd);
  try {
    if (sandbox.stat(directory).kind !== 'directory') return failure(`bash: cd: ${cwd}: Not a directory`);
  } catch (error) {
    return failure(`bash: cd: ${cwd}: ${messageOf(error)}`);
  }

  const fs = createSandboxFileSystem(sandbox);
  const bash = new Bash({
    fs,
    cwd: directory,
    env: { HOME: '/', ...env },
    executionLimitProfile: 'hardened',
    executionLimits: { maxExecutionTimeMs: limits.timeoutMs, maxCommandCount: limits.maxCommands, maxLoopIterations: limits.maxLoopIterations },
    customCommands: unsupportedCommands(),
    // just-bash's defense box patches host globals (Function, ...) while a script runs, in Node
    // only; sandbox subscribers run inside that window and would trip over it. Confinement here
    // comes from the filesystem adapter, and no JavaScript or Python runs in the shell.
    defenseInDepth: false,
  });

  const controller = new AbortController();
  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  let backstop: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<ShellRunOutput>((resolve) => {
    backstop = setTimeout(() => {
      controller.abort();
      resolve(failure(`bash: stopped: the command ran longer than the time limit of ${limits.timeoutMs} ms`, timedOutExitCode));
    }, limits.timeoutMs + backstopMs);
  });

  let result: ShellRunOutput;
  try {
    const finished = bash
      .exec(command, { signal: controller.signal, ...(input.env === undefined ? {} : { env: input.env }) })
      .then(({ exitCode, stdout, stderr }) => ({ exitCode, stdout, stderr: explainLimits(stderr) }));
    result = await Promise.race([finished, stuck]);
  } catch (error) {
    // exec throws for some failures, for example a write the sandbox refuses in a redirect.
    result = failure(`bash: ${messageOf(error)}`);
  } finally {
    clearTimeout(backstop);
    signal?.removeEventListener('abort', cancel);
  }
  try {
    fs.flush();
  } catch (error) {
    result = { ...result, exitCode: result.exitCode === 0 ? 1 : result.exitCode, stderr: `${result.stderr}bash: ${messageOf(error)}\n` };
  }
  if (isAborted(signal)) result = { ...result, exitCode: cancelledExitCode, stderr: result.stderr === '' ? 'bash: cancelled\n' : result.stderr };
  return result;
}
