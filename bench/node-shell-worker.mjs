/**
 * The shell in Node (issue 30): the built package's worker thread against the calling thread
 * (`worker: false`). Per round, interleaved: a new shell's first `node` program (cold: the worker
 * starts and loads just-bash and QuickJS), its second (warm), and an endless program stopped 300 ms
 * in: when the run settles, and how often a 10 ms interval fired meanwhile (the
 * event loop's health). Prints medians of the rounds. Needs `npm run build`; run with
 * `node bench/node-shell-worker.mjs [rounds]`.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const dist = new URL('../dist/', import.meta.url);
if (!existsSync(fileURLToPath(new URL('shell-worker.js', dist)))) throw new Error('dist/ is missing: run `npm run build` first.');
const { createSandbox } = await import(new URL('sandbox.js', dist).href);
const { createSandboxShell } = await import(new URL('shell.js', dist).href);

const rounds = Number(process.argv[2] ?? 5);
const sandbox = createSandbox({ files: { '/hello.js': 'console.log(1);\n', '/spin.js': 'while (true) {}\n' } });
const variants = { 'worker thread': {}, 'calling thread': { worker: false } };
const samples = Object.fromEntries(Object.keys(variants).map((name) => [name, { cold: [], warm: [], stop: [], ticks: [] }]));

async function round(name) {
  const shell = createSandboxShell(sandbox, variants[name]);
  const sample = samples[name];
  let started = performance.now();
  await shell.run({ command: 'node hello.js' });
  sample.cold.push(performance.now() - started);
  started = performance.now();
  await shell.run({ command: 'node hello.js' });
  sample.warm.push(performance.now() - started);
  const controller = new AbortController();
  let ticks = 0;
  const interval = setInterval(() => ticks++, 10);
  setTimeout(() => controller.abort(), 300);
  started = performance.now();
  await shell.run({ command: 'node spin.js', signal: controller.signal });
  // In the calling thread the abort's timer cannot fire until the time limit (10 s) ends the program.
  sample.stop.push(performance.now() - started);
  sample.ticks.push(ticks);
  clearInterval(interval);
}

for (let index = 0; index < rounds; index++) for (const name of Object.keys(variants)) await round(name);

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(`medians of ${rounds} rounds, interleaved`);
console.log('| | cold ms | warm ms | endless program, Stop at 300 ms: settled at, ms | 10 ms ticks meanwhile |');
console.log('|---|---|---|---|---|');
for (const [name, sample] of Object.entries(samples)) {
  console.log(`| ${name} | ${median(sample.cold).toFixed(1)} | ${median(sample.warm).toFixed(1)} | ${median(sample.stop).toFixed(1)} | ${median(sample.ticks)} |`);
}
