/**
 * Python in the sandbox (issue 30): how long `runPython` takes to run a first program in a fresh
 * Node process (cold: the worker starts and Pyodide loads) and the next ones (warm: the worker is
 * kept), and how many bytes of Pyodide's files a browser loads. Builds the runtime with Vite, then
 * runs each round in a fresh process; medians of `--rounds` (default 5).
 *
 * Run: `node bench/python-start.mjs` (optional: `--rounds 7`).
 */
import { fork } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const roundsIndex = process.argv.indexOf('--rounds');
const rounds = roundsIndex >= 0 ? Number(process.argv[roundsIndex + 1]) : 5;

mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
const buildDirectory = mkdtempSync(join(projectRoot, 'test-results', 'python-start-'));
try {
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    build: { ssr: resolve(projectRoot, 'src/core/sandbox/code/python/index.ts'), outDir: buildDirectory, emptyOutDir: false, minify: false, rolldownOptions: { external: [/^pyodide/], output: { entryFileNames: 'python.mjs' } } },
  });
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    build: { ssr: resolve(projectRoot, 'src/core/sandbox/index.ts'), outDir: buildDirectory, emptyOutDir: false, minify: false, rolldownOptions: { output: { entryFileNames: 'sandbox.mjs' } } },
  });
  const child = join(buildDirectory, 'child.mjs');
  writeFileSync(child, childSource());
  const samples = [];
  for (let round = 0; round < rounds; round++) samples.push(await runChild(child));
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  const row = (label, key) => {
    const values = samples.map((sample) => sample[key]);
    return `| ${label} | ${Math.round(median(values))} (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))}) |`;
  };
  console.log(`Python start, medians of ${rounds} rounds (ms, range in brackets), Node ${process.version}:\n`);
  console.log('| run | ms |\n|---|---|');
  console.log(row('cold: first `print(1)` (worker start + Pyodide load + run)', 'cold'));
  console.log(row('of which Pyodide load in the worker', 'load'));
  console.log(row('warm: second `print(1)`', 'warm'));
  console.log(row('warm: 200 files of 5 KB synced, read and one written', 'files'));
  console.log(row('warm: the same sandbox again (only the change is synced)', 'again'));
  console.log(row('warm: json + re + collections + datetime imported and used', 'stdlib'));

  const directory = dirname(createRequire(join(projectRoot, 'package.json')).resolve('pyodide/pyodide.mjs'));
  const files = ['pyodide.mjs', 'pyodide.asm.mjs', 'pyodide.asm.wasm', 'python_stdlib.zip', 'pyodide-lock.json'];
  console.log('\nBytes a browser loads at the first run (from `indexURL`):\n\n| file | bytes | gzip |\n|---|---|---|');
  let total = 0;
  let totalGzip = 0;
  for (const file of files) {
    const bytes = statSync(join(directory, file)).size;
    const gzip = gzipSync(readFileSync(join(directory, file))).length;
    total += bytes;
    totalGzip += gzip;
    console.log(`| ${file} | ${bytes.toLocaleString('en')} | ${gzip.toLocaleString('en')} |`);
  }
  console.log(`| all | ${total.toLocaleString('en')} | ${totalGzip.toLocaleString('en')} |`);
} finally {
  rmSync(buildDirectory, { recursive: true, force: true });
}

function runChild(child) {
  return new Promise((resolvePromise, reject) => {
    const process_ = fork(child, { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    process_.on('message', resolvePromise);
    process_.on('error', reject);
    process_.on('exit', (code) => code === 0 || reject(new Error(`child exited with ${code}`)));
  });
}

function childSource() {
  return `
import { runPython, pythonLoadMs, endPythonWorkers } from './python.mjs';
import { createSandbox } from './sandbox.mjs';
const time = async (run) => { const start = performance.now(); const result = await run(); if (result.exitCode !== 0) throw new Error(result.stderr); return performance.now() - start; };
const sandbox = createSandbox();
const cold = await time(() => runPython(sandbox, { language: 'python', code: 'print(1)' }));
const load = pythonLoadMs(sandbox);
const warm = await time(() => runPython(sandbox, { language: 'python', code: 'print(1)' }));
const files = {};
for (let index = 0; index < 200; index++) files['/data/file-' + index + '.txt'] = 'x'.repeat(5000);
const big = sandbox;
for (const [path, content] of Object.entries(files)) big.writeFile(path, content);
const code = 'import os\\ntotal = sum(len(open("data/" + name).read()) for name in os.listdir("data"))\\nopen("total.txt", "w").write(str(total))';
const filesMs = await time(() => runPython(big, { language: 'python', code }));
big.writeFile('/data/file-0.txt', 'changed');
const again = await time(() => runPython(big, { language: 'python', code }));
const stdlib = await time(() => runPython(sandbox, { language: 'python', code: 'import json, re, collections, datetime\\nprint(json.dumps(collections.Counter(re.findall(r"\\\\w+", "a b a"))), datetime.date(2024, 1, 1))' }));
endPythonWorkers();
process.send({ cold, load, warm, files: filesMs, again, stdlib });
`;
}
