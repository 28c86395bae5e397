/**
 * The JavaScript runtime's start and speed in Node (`npm run bench -- code-runtimes`): a cold run
 * (QuickJS's WebAssembly compiled and instantiated, then a program), a warm run (a fresh runtime
 * and context on the loaded module), a TypeScript run (sucrase strips the types), and the same
 * CPU-bound program on QuickJS and on Node's own V8. The browser's figures are in bench/README.md.
 */
import { bench, describe } from 'vitest';
import { createSandbox } from '../src/core/sandbox/create-sandbox';
import { runJavaScript } from '../src/core/sandbox/code/javascript/run-javascript';
import { discardQuickJs } from '../src/core/sandbox/code/javascript/quickjs-loader';

const sandbox = createSandbox({ files: { 'main.ts': 'const greet = (name: string): string => `hi ${name}`;\nconsole.log(greet("ada"));\n' } });
const fibonacci = 'function fib(n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } console.log(fib(22));';

function fib(n: number): number {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

describe('JavaScript in the sandbox: start', () => {
  bench('cold: load QuickJS, then console.log(1)', async () => {
    discardQuickJs();
    await runJavaScript(sandbox, { language: 'javascript', code: 'console.log(1)' });
  });
  bench('warm: console.log(1)', async () => {
    await runJavaScript(sandbox, { language: 'javascript', code: 'console.log(1)' });
  });
  bench('warm: a TypeScript file', async () => {
    await runJavaScript(sandbox, { language: 'typescript', path: 'main.ts' });
  });
});

describe('JavaScript in the sandbox: speed, fib(22)', () => {
  bench('QuickJS (runJavaScript, warm)', async () => {
    await runJavaScript(sandbox, { language: 'javascript', code: fibonacci });
  });
  bench("Node's V8", () => {
    fib(22);
  });
});
