/**
 * How long `pgliteSessionStore` takes to answer (issue 29, "the embedded database never waits on
 * the newcomer"). Builds `src/server` with Vite, then runs each sample in a fresh Node process,
 * as a dev server starts: the store is made, then asked for a list (`firstAnswer`, what a page
 * asks first) and then to save a session (`saved`: the database really runs, tables migrated).
 * Both from the moment the store is made; `process` is from the process's start to the save.
 *
 * Ways of starting, interleaved round by round (medians of `--rounds`, default 5):
 * - `cold`: a fresh data directory (PGlite runs initdb, then the store migrates its tables);
 * - `warm`: an existing one (made and migrated before the first round);
 * - `template tarball`: a fresh directory restored from a dump of a migrated one (`dumpDataDir`,
 *   PGlite's `loadDataDir`), the "keep a ready data directory" way;
 * - `template copy`: a fresh directory copied from a migrated one (`fs.cp`), then opened.
 *
 * Run: `npm run bench:pglite` (optional: `-- --rounds 7`).
 */
import { fork } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const roundsIndex = process.argv.indexOf('--rounds');
const rounds = roundsIndex >= 0 ? Number(process.argv[roundsIndex + 1]) : 5;

// The built server sits inside the project (git-ignored test-results/), where it finds node_modules; the data directories in the system's temporary directory.
mkdirSync(join(projectRoot, 'test-results'), { recursive: true });
const buildDirectory = mkdtempSync(join(projectRoot, 'test-results', 'pglite-start-'));
const workDirectory = mkdtempSync(join(tmpdir(), 'rak-pglite-start-'));
try {
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    build: { ssr: resolve(projectRoot, 'src/server/index.ts'), outDir: buildDirectory, emptyOutDir: false, minify: false, rolldownOptions: { output: { entryFileNames: 'server.mjs' } } },
  });
  const child = join(buildDirectory, 'child.mjs');
  writeFileSync(child, childSource());
  const run = (mode, dataDir, template) =>
    new Promise((done, fail) => {
      const process_ = fork(child, [mode, dataDir, template ?? ''], { cwd: projectRoot, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      process_.once('message', done);
      process_.once('exit', (code) => code !== 0 && fail(new Error(`${mode}: the sample exited with ${code}`)));
    });

  // The ready data directory every warm and template sample starts from, and its dump.
  const ready = join(workDirectory, 'ready');
  const tarball = join(workDirectory, 'ready.tar.gz');
  await run('prepare', ready, tarball);

  const modes = ['cold', 'warm', 'template tarball', 'template copy'];
  const samples = Object.fromEntries(modes.map((mode) => [mode, []]));
  for (let round = 0; round < rounds; round++) {
    // Each round in another order, so no way of starting always follows the same one.
    const order = modes.map((_, index) => modes[(index + round) % modes.length]);
    for (const mode of order) {
      const dataDir = mode === 'warm' ? ready : join(workDirectory, `fresh-${round}-${mode.replace(' ', '-')}`);
      if (mode === 'template copy') cpSync(ready, dataDir, { recursive: true });
      samples[mode].push(await run(mode === 'template copy' ? 'warm' : mode, dataDir, tarball));
      if (mode !== 'warm') rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  console.log(`\npgliteSessionStore start, medians of ${rounds} interleaved rounds (ms; range in brackets)\n`);
  console.log('| start | first answer (list) | saved (database running) | process start to saved |');
  console.log('|---|---|---|---|');
  for (const mode of modes) {
    const cell = (key) => {
      const values = samples[mode].map((sample) => sample[key]);
      return `${Math.round(median(values))} (${Math.round(Math.min(...values))}-${Math.round(Math.max(...values))})`;
    };
    console.log(`| ${mode} | ${cell('firstAnswer')} | ${cell('saved')} | ${cell('process')} |`);
  }
} finally {
  rmSync(workDirectory, { recursive: true, force: true });
  rmSync(buildDirectory, { recursive: true, force: true });
}

function childSource() {
  return `
import { readFile, writeFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import { pgliteSessionStore } from './server.mjs';

const [mode, dataDir, tarball] = process.argv.slice(2);
const snapshot = { format: 'react-agent-kit/agent', version: 3, state: { status: 'idle', messages: [{ id: 'm1', role: 'user', parts: [{ type: 'text', id: 't1', text: 'Hello', status: 'done' }], status: 'done', createdAt: 1 }], toolCalls: [], error: null, usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 }, runId: null, step: 0, alwaysAllowed: [] } };
const started = performance.now();
let options = { dataDir };
if (mode === 'template tarball') {
  // The dump is read and restored by PGlite; the store then uses that instance.
  const { PGlite } = await import('@electric-sql/pglite');
  const loadDataDir = new Blob([await readFile(tarball)]);
  options = { pglite: await PGlite.create(dataDir, { loadDataDir }) };
}
const store = pgliteSessionStore(options);
await store.list('bench');
const firstAnswer = performance.now() - started;
await store.save('bench', { id: 'chat-' + Date.now(), snapshot }, null);
const saved = performance.now() - started;
const processMs = performance.now();
if (mode === 'prepare') {
  // The data directory's dump, once the tables are there: what a template restores.
  const { PGlite } = await import('@electric-sql/pglite');
  await store.close();
  const pglite = await PGlite.create(dataDir);
  await writeFile(tarball, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()));
  await pglite.close();
} else {
  await store.close();
  await options.pglite?.close();
}
process.send({ firstAnswer, saved, process: processMs }, () => process.exit(0));
`;
}
