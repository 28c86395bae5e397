/**
 * The part of the shell that is loaded on the first run, together with just-bash: one run of a
 * script against the sandbox, with the limits applied and failures turned into results.
 * `createSandboxShell` imports this module dynamically, so neither it nor just-bash (about
 * 364 kB gzipped) is in an app's up-front bundle.
 */
import { Bash } from 'just-bash';
import type { Sandbox } from '../sandbox-types';
import { codeCommands, pythonRunner } from './code-commands';
import { commandFixes } from './command-fixes';
import { settleEngineErrors } from './engine-errors';
import { withProcessSubstitutionFiles } from './process-substitution-files';
import { createSandboxFileSystem } from './sandbox-file-system';
import { checkScript } from './script-checks';
import { cancelledExitCode, shellFailure, timedOut } from './shell-failures';
import { createShellRefusals, refusedOutput } from './shell-refusals';
import { resolveShellPath } from './shell-paths';
import type { ShellRunLimits, ShellRunOutput, ProgramOptions } from './shell-types';
import { unsupportedCommands } from './unsupported-commands';

/** One run's input, as `SandboxShell.run` takes it. */
export interface ShellRunInput {
  command: string;
  cwd?: string;
  env?: Record<string, string>;
  signal?: AbortSignal;
  /** What programs may do: reach origins, run Python. */
  programs?: ProgramOptions;
  /** Receives what programs write, as they write it. */
  onOutput?: (chunk: { stream: 'stdout' | 'stderr'; text: string }) => void;
}

// just-bash stops itself at `timeoutMs`; this backstop only answers if it is stuck in an await.
const backstopMs = 1_000;

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
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
export async function runScript(sandbox: Sandbox, limits: Omit<ShellRunLimits, 'maxOutputBytes'>, env: Record<string, string> | undefined, input: ShellRunInput): Promise<ShellRunOutput> {
  const { command, cwd = '/', signal } = input;
  if (isAborted(signal)) return shellFailure('bash: cancelled before it started', cancelledExitCode);
  const directory = resolveShellPath('/', cwd);
  try {
    if (sandbox.stat(directory).kind !== 'directory') return shellFailure(`bash: cd: ${cwd}: Not a directory`);
  } catch (error) {
    return shellFailure(`bash: cd: ${cwd}: ${messageOf(error)}`);
  }

  // Constructs just-bash would evaluate differently from bash are refused, or rewritten, before anything runs.
  const checked = checkScript(command);
  if (checked.refused !== undefined) return refusedOutput(checked.refused);

  const controller = new AbortController();
  const refusals = createShellRefusals(() => controller.abort());
  const fs = createSandboxFileSystem(sandbox);
  const deadline = Date.now() + limits.timeoutMs;
  // A program's time is what is left of the script's: when it runs out, the script ends there too.
  let timeUp = false;
  const onTimeUp = () => {
    timeUp = true;
    controller.abort();
  };
  const programs = codeCommands({ sandbox, fs, refusals, signal: controller.signal, onTimeUp, limits: () => ({ timeoutMs: Math.max(1, deadline - Date.now()) }), ...(input.onOutput === undefined ? {} : { onOutput: input.onOutput }), ...(input.programs?.network === undefined ? {} : { network: input.programs.network }) }, input.programs?.python === undefined ? undefined : pythonRunner(input.programs.python));
  const supported = new Set(programs.map((command) => command.name));
  const bash = new Bash({
    fs: withProcessSubstitutionFiles(fs),
    cwd: directory,
    env: { HOME: '/', ...env },
    executionLimitProfile: 'hardened',
    executionLimits: { maxExecutionTimeMs: limits.timeoutMs, maxCommandCount: limits.maxCommands, maxLoopIterations: limits.maxLoopIterations },
    customCommands: [...unsupportedCommands(refusals).filter((command) => !supported.has(command.name)), ...commandFixes(refusals), ...programs],
    // just-bash's defense box patches host globals (Function, ...) while a script runs, in Node
    // only; sandbox subscribers run inside that window and would trip over it. Confinement here
    // comes from the filesystem adapter; programs (`node`, `python3`) run in their own engines.
    defenseInDepth: false,
  });

  const cancel = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', cancel, { once: true });
  let backstop: ReturnType<typeof setTimeout> | undefined;
  const stuck = new Promise<ShellRunOutput>((resolve) => {
    backstop = setTimeout(() => {
      controller.abort();
      resolve(timedOut(limits.timeoutMs));
    }, limits.timeoutMs + backstopMs);
  });

  let result: ShellRunOutput;
  try {
    const finished = bash
      .exec(checked.script, { signal: controller.signal, ...(input.env === undefined ? {} : { env: input.env }) })
      .then(({ exitCode, stdout, stderr }) => settleEngineErrors({ exitCode, stdout, stderr: explainLimits(stderr) }));
    result = await Promise.race([finished, stuck]);
  } catch (error) {
    // exec throws for some failures, for example a write the sandbox refuses in a redirect.
    result = shellFailure(`bash: ${messageOf(error)}`);
  } finally {
    clearTimeout(backstop);
    signal?.removeEventListener('abort', cancel);
  }
  try {
    fs.flush();
  } catch (error) {
    result = { ...result, exitCode: result.exitCode === 0 ? 1 : result.exitCode, stderr: `${result.stderr}bash: ${messageOf(error)}\n` };
  }
  if (timeUp && !isAborted(signal)) result = { ...timedOut(limits.timeoutMs), stdout: result.stdout, stderr: `${result.stderr}${timedOut(limits.timeoutMs).stderr}` };
  if (refusals.reason !== undefined && !isAborted(signal)) result = refusedOutput(refusals.reason);
  if (isAborted(signal)) result = { ...result, exitCode: cancelledExitCode, stderr: result.stderr === '' ? 'bash: cancelled\n' : result.stderr };
  return result;
}
