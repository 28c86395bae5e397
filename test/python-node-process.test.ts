/**
 * Issue 30: Python in a plain Node process, as an agent behind a server runs it: started through
 * tsx (esbuild with keepNames, which wraps functions in `__name` calls, so the worker's source must
 * carry the helper), and the process ends by itself after the run (an idle worker does not keep
 * Node alive), without `endPythonWorkers`.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');

it('runs Python from a TypeScript program started with tsx, and the process then ends by itself', async () => {
  mkdirSync(join(root, 'test-results'), { recursive: true });
  const directory = mkdtempSync(join(root, 'test-results', 'python-node-'));
  try {
    const script = join(directory, 'main.ts');
    writeFileSync(
      script,
      [
        `import { createSandbox } from '${root}/src/core/sandbox/create-sandbox';`,
        `import { runPython } from '${root}/src/core/sandbox/code/python/run-python';`,
        `const sandbox = createSandbox({ files: { '/in.txt': 'node' } });`,
        `const result = await runPython(sandbox, { language: 'python', code: 'print("hello", open("in.txt").read())' });`,
        `console.log(JSON.stringify(result));`,
      ].join('\n'),
    );
    const { stdout } = await promisify(execFile)(process.execPath, [join(root, 'node_modules/tsx/dist/cli.mjs'), script], { cwd: root, timeout: 50_000 });
    expect(JSON.parse(stdout.trim())).toEqual({ exitCode: 0, stdout: 'hello node\n', stderr: '' });
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}, 60_000);
