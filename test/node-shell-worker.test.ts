/**
 * Issue 30: in Node the built package runs scripts (and the `node`, `tsx` and `python3` programs in
 * them) in a `worker_threads` worker, as the browser does in a Web Worker: a program computing
 * without end never holds the process's event loop, Stop ends it at once with none of its changes
 * made, the results are the calling thread's, and an idle worker does not keep the process alive.
 * Runs against `dist/` (the worker's file exists only in the build; `npm test` builds first).
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import type * as SandboxEntry from '../src/core/sandbox/index';
import type * as ShellEntry from '../src/core/sandbox/shell/index';

const root = resolve(import.meta.dirname, '..');
const distURL = (entry: string) => pathToFileURL(join(root, 'dist', entry)).href;

let sandboxEntry: typeof SandboxEntry;
let shellEntry: typeof ShellEntry;
beforeAll(async () => {
  if (!existsSync(join(root, 'dist/shell-worker.js'))) throw new Error('dist/ is missing: run `npm run build` first (npm test does).');
  sandboxEntry = (await import(/* @vite-ignore */ distURL('sandbox.js'))) as typeof SandboxEntry;
  shellEntry = (await import(/* @vite-ignore */ distURL('shell.js'))) as typeof ShellEntry;
});

/** Resolves after `ms` of Node's timers: it can only fire while nothing holds the event loop. */
const tick = (ms: number) => new Promise<'tick'>((resolve) => setTimeout(() => resolve('tick'), ms));

describe('the shell in Node, from the built package', () => {
  it('runs an endless program in a worker thread: the event loop goes on, and Stop ends it at once with none of its changes made', async () => {
    const sandbox = sandboxEntry.createSandbox({ files: { '/spin.js': "require('fs').writeFileSync('/partial.txt', 'half');\nwhile (true) {}\n" } });
    const shell = shellEntry.createSandboxShell(sandbox);
    const controller = new AbortController();
    let settled = false;
    const run = shell.run({ command: 'node spin.js', signal: controller.signal }).finally(() => {
      settled = true;
    });
    // Ten timers of 20 ms fire one after another while the program spins (its time limit is 10 s).
    for (let index = 0; index < 10; index++) expect(await Promise.race([run.then(() => 'settled' as const), tick(20)])).toBe('tick');
    expect(settled).toBe(false);
    controller.abort();
    // Ended at once: before a 2 s timer (the time limit, 10 s, is not what ends it).
    const result = await Promise.race([run, tick(2_000)]);
    expect(result).toEqual({ exitCode: 130, stdout: '', stderr: 'bash: cancelled\n', truncated: false });
    expect(sandbox.exists('/partial.txt')).toBe(false);
  }, 30_000);

  it('gives the results of the calling thread: output through a pipe, files written, exit codes, TypeScript, the time limit', async () => {
    const files = {
      '/main.ts': "import { writeFileSync } from 'node:fs';\nconst total: number = [1, 2, 3].reduce((a, b) => a + b, 0);\nwriteFileSync('/total.txt', String(total));\nconsole.log('total', total);\nconsole.error('done');\nprocess.exitCode = 3;\n",
      '/spin.js': 'while (true) {}\n',
    };
    const commands = ['node main.ts | tr a-z A-Z; cat total.txt', 'npx tsx main.ts > out.txt 2>&1; echo $?; cat out.txt', 'node -e "throw new TypeError(\'bad\')"'];
    const outcomes = [];
    for (const worker of [undefined, false] as const) {
      const sandbox = sandboxEntry.createSandbox({ files });
      const shell = shellEntry.createSandboxShell(sandbox, worker === false ? { worker: false } : {});
      const results = [];
      for (const command of commands) results.push(await shell.run({ command }));
      const spin = await shellEntry.createSandboxShell(sandbox, { ...(worker === false ? { worker: false } : {}), timeoutMs: 300 }).run({ command: 'node spin.js' });
      outcomes.push({ results, spin: spin.exitCode, total: sandbox.readFile('/total.txt'), out: sandbox.readFile('/out.txt') });
    }
    expect(outcomes[0]!.results[0]).toMatchObject({ exitCode: 0, stdout: 'TOTAL 6\n6' });
    expect(outcomes[0]!.results[1]).toMatchObject({ stdout: '3\ntotal 6\ndone\n' });
    expect(outcomes[0]!.results[2]!.stderr).toMatch(/TypeError: bad/);
    expect(outcomes[0]!.spin).toBe(124);
    expect(outcomes[0]).toEqual(outcomes[1]);
  }, 30_000);

  it('lets a Node script end once its work is done: an idle worker does not keep the process alive, a running one does', async () => {
    mkdirSync(join(root, 'test-results'), { recursive: true });
    const directory = mkdtempSync(join(root, 'test-results', 'node-shell-'));
    try {
      const script = join(directory, 'main.mjs');
      writeFileSync(
        script,
        [
          `import { createSandbox } from ${JSON.stringify(distURL('sandbox.js'))};`,
          `import { createSandboxShell } from ${JSON.stringify(distURL('shell.js'))};`,
          `const sandbox = createSandbox({ files: { '/wait.js': 'setTimeout(() => console.log("waited"), 300);' } });`,
          // Nothing but the worker's run keeps the process up while it waits.
          `const result = await createSandboxShell(sandbox).run({ command: 'node wait.js' });`,
          `console.log(JSON.stringify(result));`,
        ].join('\n'),
      );
      // Well before the worker's idle minute, after which it would end anyway.
      const { stdout } = await promisify(execFile)(process.execPath, [script], { cwd: root, timeout: 30_000 });
      expect(JSON.parse(stdout.trim())).toEqual({ exitCode: 0, stdout: 'waited\n', stderr: '', truncated: false });
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  }, 60_000);
});
