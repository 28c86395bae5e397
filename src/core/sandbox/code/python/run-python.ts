/**
 * Runs Python programs on a sandbox's files, in Pyodide, in a worker (a Web Worker in the
 * browser, `worker_threads` in Node). The `pyodide` package is an optional peer, loaded by the
 * worker on the first run only; one warm worker per configuration is kept between runs.
 */
import type { CodeNetworkOptions, CodeRunLimits, CodeRunRequest, CodeRunResult } from '../code-types';
import type { Sandbox } from '../../sandbox-types';
import { createPythonRunner, type PythonProgram, type PythonRunner } from './python-runner';
import { directoryOf, resolvePath } from './python-paths';
import { startPythonWorker } from './python-worker-start';

/** How Python runs: where Pyodide's files come from, and what a program may do beyond the sandbox. */
export interface PythonRuntimeOptions {
  /**
   * Where Pyodide's files (`pyodide.asm.wasm`, `python_stdlib.zip`, `pyodide-lock.json`, ...) are
   * served from, on the app's own origin (never a CDN), ending with `/`. Needed in the browser; in
   * Node the installed package is used.
   */
  indexURL?: string;
  /** Allow `import micropip` (off by default). Packages then load from `indexURL`. */
  allowMicropip?: boolean;
  /** No network by default. `allowedOrigins` is not supported yet: every origin is refused. */
  network?: CodeNetworkOptions;
}

// One worker per sandbox (and configuration), never shared between sandboxes: a program can
// change the interpreter it runs in (a patched standard library module, a global), so two
// sessions' programs must not meet in one. Each worker ends after a quiet minute.
const runners = new WeakMap<Sandbox, Map<string, PythonRunner>>();
const live = new Set<PythonRunner>();

function runnerFor(sandbox: Sandbox, options: PythonRuntimeOptions | undefined): PythonRunner {
  const key = JSON.stringify([options?.indexURL ?? null, options?.allowMicropip === true]);
  let forSandbox = runners.get(sandbox);
  if (forSandbox === undefined) {
    forSandbox = new Map();
    runners.set(sandbox, forSandbox);
  }
  let runner = forSandbox.get(key);
  if (runner === undefined) {
    const created = createPythonRunner({
      start: startPythonWorker,
      ...(options?.indexURL === undefined ? {} : { indexURL: options.indexURL }),
      allowMicropip: options?.allowMicropip === true,
      onStart: () => live.add(created),
      onEnd: () => live.delete(created),
    });
    runner = created;
    forSandbox.set(key, runner);
  }
  return runner;
}

/**
 * Ends the warm Python workers now (they also end after a quiet minute). Tests and servers that
 * shut down call it.
 *
 * @example
 * ```ts
 * afterAll(() => endPythonWorkers());
 * ```
 */
export function endPythonWorkers(): void {
  for (const runner of [...live]) runner.end();
}

/**
 * Milliseconds the warm worker of `sandbox` took to load Pyodide (undefined when none is loaded).
 *
 * @example
 * ```ts
 * await runPython(sandbox, { language: 'python', code: 'print(1)' });
 * pythonLoadMs(sandbox); // about 2000 in Node
 * ```
 */
export function pythonLoadMs(sandbox: Sandbox, options?: PythonRuntimeOptions): number | undefined {
  return runnerFor(sandbox, options).loadMs;
}

/**
 * Runs a Python program (`code`, as `python3 -c`, or the sandbox file `path`, as `python3 path`)
 * with the sandbox's files as its filesystem. Output streams through `request.onOutput`; the
 * files it changed are written back to the sandbox when it ends by itself (all or nothing); a run
 * stopped by a limit or the signal changes nothing. It never throws for the program's failures.
 *
 * @example
 * ```ts
 * const sandbox = createSandbox({ files: { '/data.csv': 'a,b\n1,2\n' } });
 * const result = await runPython(sandbox, { language: 'python', code: 'print(open("data.csv").read().split()[1])' });
 * result.stdout; // '1,2\n'
 * ```
 */
export async function runPython(sandbox: Sandbox, request: CodeRunRequest, limits?: CodeRunLimits, options?: PythonRuntimeOptions): Promise<CodeRunResult> {
  if (request.language !== 'python') return { exitCode: 2, stdout: '', stderr: `python3: runPython runs Python, not ${request.language}\n` };
  const cwd = resolvePath('/', request.cwd ?? '/');
  const args = request.args ?? [];
  let program: PythonProgram;
  if (request.path !== undefined) {
    const resolved = resolvePath(cwd, request.path);
    let code: string;
    try {
      code = sandbox.readFile(resolved);
    } catch {
      return { exitCode: 2, stdout: '', stderr: `python3: can't open file '${resolved}': [Errno 2] No such file or directory\n` };
    }
    program = { code, filename: request.path, argv: [request.path, ...args], pathEntry: directoryOf(resolved), cwd, env: { HOME: '/', ...request.env }, stdin: request.stdin ?? '' };
  } else {
    program = { code: request.code ?? '', filename: '<string>', argv: ['-c', ...args], pathEntry: '', cwd, env: { HOME: '/', ...request.env }, stdin: request.stdin ?? '' };
  }
  return runnerFor(sandbox, options).run(sandbox, program, limits, request.signal, request.onOutput);
}
