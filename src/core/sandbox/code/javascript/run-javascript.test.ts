import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../create-sandbox';
import { runJavaScript } from './run-javascript';

function sandboxWith(files: Record<string, string>) {
  const sandbox = createSandbox();
  for (const [path, content] of Object.entries(files)) sandbox.writeFile(path, content);
  return sandbox;
}

describe('runJavaScript', () => {
  it('runs a CommonJS file with the sandbox as its filesystem, and its changes land in the sandbox', async () => {
    const sandbox = sandboxWith({
      '/data/input.txt': 'alpha\nbeta\n',
      '/main.js': [
        "const fs = require('fs');",
        "const path = require('node:path');",
        "const lines = fs.readFileSync(path.join(__dirname, 'data', 'input.txt'), 'utf8').trim().split('\\n');",
        "fs.mkdirSync('out', { recursive: true });",
        "fs.writeFileSync('out/count.json', JSON.stringify({ lines: lines.length }));",
        "console.log('read', lines, process.argv.slice(2));",
        "console.error('to stderr');",
      ].join('\n'),
    });
    const result = await runJavaScript(sandbox, { language: 'javascript', path: 'main.js', args: ['--fast'] });
    expect(result).toEqual({ exitCode: 0, stdout: "read [ 'alpha', 'beta' ] [ '--fast' ]\n", stderr: 'to stderr\n' });
    expect(sandbox.readFile('/out/count.json')).toBe('{"lines":2}');
  });

  it('runs ES modules that import each other, TypeScript with its types stripped, and top-level await', async () => {
    const sandbox = sandboxWith({
      '/src/util.ts': 'export function double(value: number): number { return value * 2; }\nexport interface Shape { size: number }',
      '/src/main.mjs': "import { double } from './util.ts';\nimport { readFileSync } from 'node:fs';\nconst wait = await new Promise((resolve) => setTimeout(() => resolve('later'), 5));\nconsole.log(double(21), wait, readFileSync('/src/util.ts', 'utf8').length > 0);",
    });
    const result = await runJavaScript(sandbox, { language: 'javascript', path: '/src/main.mjs' });
    expect(result).toEqual({ exitCode: 0, stdout: '42 later true\n', stderr: '' });
  });

  it('reports an uncaught error like node, with exit code 1, and process.exit codes', async () => {
    const sandbox = sandboxWith({ '/fail.js': "console.log('before');\n  throw new TypeError('bad input');\n" });
    const failed = await runJavaScript(sandbox, { language: 'javascript', path: '/fail.js' });
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout).toBe('before\n');
    expect(failed.stderr).toContain("/fail.js:2\n  throw new TypeError('bad input');\n  ^\n\nTypeError: bad input\n");
    const exited = await runJavaScript(sandbox, { language: 'javascript', code: "process.on('exit', (code) => console.log('exit', code)); console.log('a'); process.exit(3); console.log('never')" });
    expect(exited).toEqual({ exitCode: 3, stdout: 'a\nexit 3\n', stderr: '' });
  });

  it('refuses modules from outside the sandbox and the network, in a sentence', async () => {
    const sandbox = sandboxWith({});
    const result = await runJavaScript(sandbox, {
      language: 'javascript',
      code: "for (const load of [() => require('lodash'), () => require('http'), () => fetch('http://127.0.0.1/')]) { try { load(); } catch (error) { console.log(error.message); } }",
    });
    expect(result.stdout).toBe(
      [
        "Cannot find module 'lodash' imported from /[eval].js: there is no package manager in the sandbox; only its own files and the built-in modules assert, buffer, crypto, events, fs, fs/promises, module, os, path, process, readline, timers, timers/promises, url, util load",
        "Cannot use 'http': code in the sandbox has no network access.",
        'fetch is not available: code in the sandbox has no network access.',
        '',
      ].join('\n'),
    );
  });

  it('stops an endless loop at the time limit, a memory bomb at the memory limit, and a flood at the output limit', async () => {
    const sandbox = sandboxWith({});
    const loop = await runJavaScript(sandbox, { language: 'javascript', code: 'while (true) {}' }, { timeoutMs: 200 });
    expect(loop).toMatchObject({ exitCode: 124, stopped: 'timeout' });
    expect(loop.stderr).toContain('the time limit of 200 ms');
    const bomb = await runJavaScript(sandbox, { language: 'javascript', code: 'const kept = []; for (let i = 0; ; i++) kept.push({ i, text: `value ${i}` });' }, { memoryBytes: 16 * 1024 * 1024 });
    expect(bomb).toMatchObject({ exitCode: 137, stopped: 'memory' });
    const flood = await runJavaScript(sandbox, { language: 'javascript', code: "for (;;) console.log('spam spam spam');" }, { maxOutputBytes: 1000 });
    expect(flood).toMatchObject({ exitCode: 141, stopped: 'output' });
    expect(flood.stdout.length).toBe(1000);
    // The engine is usable after each of them.
    expect(await runJavaScript(sandbox, { language: 'javascript', code: 'console.log(1 + 1)' })).toEqual({ exitCode: 0, stdout: '2\n', stderr: '' });
  });

  it('stops at once when the signal fires while the program waits', async () => {
    const controller = new AbortController();
    const running = runJavaScript(createSandbox(), { language: 'javascript', code: "console.log('start'); setInterval(() => {}, 1000);", signal: controller.signal, onOutput: () => controller.abort() });
    expect(await running).toMatchObject({ exitCode: 130, stopped: 'cancelled', stdout: 'start\n' });
  });
});
