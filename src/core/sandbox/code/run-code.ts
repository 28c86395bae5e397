/**
 * `runCode`: runs a program in the sandbox in the runtime of its language, loading the runtime on
 * first use (so importing this costs an app nothing until a program runs). The shell's `node` and
 * `tsx` commands use it; so can an app that runs a program without the shell (in Node, or in its
 * own worker: in the page a program would hold the page while it computes).
 */
import type { Sandbox } from '../sandbox-types';
import type { CodeNetworkOptions, CodeRunLimits, CodeRunRequest, CodeRunResult } from './code-types';

/**
 * Runs a JavaScript or TypeScript program (`request.path` in the sandbox, or `request.code`) on
 * QuickJS with the sandbox as its filesystem; see `runJavaScript` in `./javascript/run-javascript`.
 * `network.allowedOrigins` lets its `fetch` reach those origins (none by default).
 * Never throws for the program's own failures; rejects when the runtime's optional packages are
 * missing, or for a language this function does not run.
 *
 * @example
 * ```ts
 * const { exitCode, stdout } = await runCode(sandbox, { language: 'typescript', path: 'src/main.ts', args: ['--fast'] });
 * ```
 */
export async function runCode(sandbox: Sandbox, request: CodeRunRequest, limits?: CodeRunLimits, network?: CodeNetworkOptions): Promise<CodeRunResult> {
  if (request.language === 'python') throw new Error('runCode runs JavaScript and TypeScript; Python runs through the shell given a Python runtime.');
  const { runJavaScript } = await import('./javascript/run-javascript');
  return runJavaScript(sandbox, request, limits, network);
}
