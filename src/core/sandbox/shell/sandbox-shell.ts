/**
 * `createSandboxShell`: a simulated bash (just-bash) whose filesystem is the sandbox. just-bash is
 * large (about 364 kB gzipped), so it is imported on the first `run`, never before: an app that
 * has a sandbox but never runs a command does not download it. This module holds only what must
 * be there up front; the rest is `shell-runtime`, loaded with just-bash, and, where scripts run
 * in a Web Worker, `shell-worker-client` (the worker loads just-bash itself).
 *
 * Limits are the shell's own, not the caller's goodwill: a wall-clock limit that just-bash checks
 * while it runs (an AbortSignal alone does not stop `while true; do :; done`), caps on commands
 * and loop iterations (just-bash's hardened profile), and a byte cap on each output stream.
 */
import type { Sandbox } from '../sandbox-types';
import { toShellResult } from './shell-output';
import type { SandboxShell, SandboxShellOptions, ShellRunLimits, ProgramOptions } from './shell-types';

export type { SandboxShell, SandboxShellOptions, SandboxShellResult, SandboxShellRunOptions } from './shell-types';

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

/** Loads a module once; a failed load (say, offline) is forgotten so the next run tries again. */
function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}

const loadRuntime = lazily(() => import('./shell-runtime'));

/** What the shell says when just-bash, an optional peer dependency, is not installed. */
export const missingShellEngineMessage = 'The bash tool needs the just-bash package, an optional peer dependency of react-agent-kit: npm install just-bash';

// Node says "Cannot find package 'just-bash'", browsers "Failed to resolve module specifier".
const isMissingEngine = (error: unknown): boolean => error instanceof Error && /just-bash/.test(error.message) && /cannot find|resolve|not found/i.test(error.message);
let toldMissingEngine = false;
const loadWorkerClient = lazily(() => import('./shell-worker-client'));

/**
 * Creates a simulated bash over `sandbox`: files the commands write land in the sandbox (its
 * subscribers see them), paths are confined by its rules (`/` is the sandbox root, and `..` stops
 * there), and there is no network. Each `run` is isolated (variables and `cd` do not carry over);
 * only files persist. just-bash is loaded on the first `run`.
 *
 * Where the page has `Worker`, scripts run in a Web Worker on a copy of the files, and their
 * changes are made to the sandbox when the script ends, all at once; a cancelled run ends at once
 * and changes nothing. In Node the built package does the same in a `worker_threads` worker.
 * Elsewhere (server rendering without Node, the kit's TypeScript sources), or with `worker: false`,
 * they run in the calling thread and change the sandbox as they go. If the worker cannot be loaded
 * (the app's bundler did not emit it), the shell says so once on the console and runs scripts in
 * the page.
 *
 * @example
 * ```ts
 * const shell = createSandboxShell(sandbox, { timeoutMs: 5_000 });
 * const { exitCode, stdout } = await shell.run({ command: 'grep -rn TODO src | head -20' });
 * ```
 */
export function createSandboxShell(sandbox: Sandbox, options: SandboxShellOptions = {}): SandboxShell {
  const { env, worker, network, python, ...overrides } = options;
  const programs: ProgramOptions | undefined =
    network === undefined && python === undefined ? undefined : { ...(network === undefined ? {} : { network }), ...(python === undefined ? {} : { python: python === true ? {} : python }) };
  const limits: ShellRunLimits = { ...defaultShellLimits, ...overrides };
  let inPage = worker === false;
  let runner: Promise<import('./shell-worker-client').ShellWorkerRunner | undefined> | undefined;

  return {
    async run(runOptions) {
      if (!inPage) {
        try {
          runner ??= loadWorkerClient().then(({ createShellWorkerRunner, nodeShellWorkerStarter }) => {
            // A Web Worker where the page has them; else Node's worker thread, where the built package runs.
            const start = typeof worker === 'function' ? worker : typeof Worker === 'function' ? undefined : nodeShellWorkerStarter();
            if (start === undefined && typeof Worker !== 'function') return undefined;
            return createShellWorkerRunner(sandbox, limits, env, start, programs);
          });
          const current = await runner;
          // No worker on this platform (server rendering, the kit's sources in Node): the calling thread, as documented.
          if (current === undefined) inPage = true;
          else {
            const result = await current.run(runOptions);
            if (result !== undefined) return result;
          }
        } catch {
          runner = undefined; // the client's chunk did not load (offline?): try the page's runtime
        }
        // Another run may have found this out first, and said so.
        if (!inPage) console.warn('react-agent-kit: the shell worker could not be loaded; bash scripts run in the page, which they block while they run.');
        inPage = true;
      }
      let output;
      try {
        const { runScript } = await loadRuntime();
        output = await runScript(sandbox, limits, env, programs === undefined ? runOptions : { ...runOptions, programs });
      } catch (error) {
        if (isMissingEngine(error)) {
          // Said once to the developer; each call's result says it to the model.
          if (!toldMissingEngine) console.error(`react-agent-kit: ${missingShellEngineMessage}`);
          toldMissingEngine = true;
          output = { exitCode: 127, stdout: '', stderr: `bash: the shell is not installed in this app. ${missingShellEngineMessage}\n` };
        } else {
          output = { exitCode: 1, stdout: '', stderr: `bash: the shell could not be loaded: ${error instanceof Error ? error.message : String(error)}\n` };
        }
      }
      return toShellResult(output, limits.maxOutputBytes);
    },
  };
}
