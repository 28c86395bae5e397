/**
 * `runCode`: runs a program in the sandbox in the runtime of its language, loading the runtime on
 * first use (so importing this costs an app nothing until a program runs). The shell's `node`,
 * `tsx` and `python3` commands use the same runtimes; an app can call this to run a program without
 * the shell (in Node, in tests, or in its own worker: a JavaScript program in the page would hold
 * the page while it computes; Python always runs in a worker of its own).
 */
import type { Sandbox } from '../sandbox-types';
import type { CodeNetworkOptions, CodeRunLimits, CodeRunRequest, CodeRunResult } from './code-types';
import type { PythonRuntimeOptions } from './python/run-python';

/** Options of `runCode`: the origins programs may reach, and where Pyodide's files are. */
export interface RunCodeOptions {
  network?: CodeNetworkOptions;
  python?: PythonRuntimeOptions;
}

/**
 * Runs a program (`request.path` in the sandbox, or `request.code`) with the sandbox as its
 * filesystem: JavaScript and TypeScript on QuickJS, Python on Pyodide. `network.allowedOrigins`
 * lets a JavaScript program's `fetch` reach those origins (none by default). Never throws for the
 * program's own failures; rejects when the runtime's optional packages are missing.
 *
 * @example
 * ```ts
 * const { exitCode, stdout } = await runCode(sandbox, { language: 'typescript', path: 'src/main.ts', args: ['--fast'] });
 * await runCode(sandbox, { language: 'python', code: 'print(1 + 1)' }, {}, { python: { indexURL: '/pyodide/' } });
 * ```
 */
export async function runCode(sandbox: Sandbox, request: CodeRunRequest, limits?: CodeRunLimits, options: RunCodeOptions = {}): Promise<CodeRunResult> {
  if (request.language === 'python') {
    const { runPython } = await import('./python/run-python');
    return runPython(sandbox, request, limits, { ...options.python, ...(options.network === undefined ? {} : { network: options.network }) });
  }
  const { runJavaScript } = await import('./javascript/run-javascript');
  return runJavaScript(sandbox, request, limits, options.network);
}
