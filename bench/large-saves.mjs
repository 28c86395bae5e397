/**
 * Server memory under large session saves (issue 26, item 5): builds `src/server` with Vite, runs
 * `createAgentHandler({ sessions })` behind `toNodeHandler` in a child Node process that samples
 * its own RSS every 5 ms, and sends it one 25 MiB save, then 12 at once (12 users). The store
 * keeps nothing and serializes each snapshot the way the Postgres store does (`JSON.stringify`),
 * so the numbers are the request path's, not the store's. Prints the peak RSS above the idle
 * server's and the answers' statuses.
 *
 * Run: `node bench/large-saves.mjs` (optional: `--mib 25 --concurrent 12`).
 */
import { fork } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const argument = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
};
const mib = argument('mib', 25);
const concurrent = argument('concurrent', 12);

const workDirectory = mkdtempSync(join(tmpdir(), 'rak-large-saves-'));
try {
  await build({
    configFile: false,
    root: projectRoot,
    logLevel: 'warn',
    build: {
      ssr: resolve(projectRoot, 'src/server/index.ts'),
      outDir: workDirectory,
      emptyOutDir: false,
      minify: false,
      rolldownOptions: { output: { entryFileNames: 'server.mjs' } },
    },
  });
  writeFileSync(join(workDirectory, 'child.mjs'), childSource());
  const body = saveBody(mib * 1024 * 1024);
  console.log(`body: ${(body.byteLength / 1024 / 1024).toFixed(1)} MiB, ${concurrent} at once`);

  const child = fork(join(workDirectory, 'child.mjs'), [], { execArgv: ['--expose-gc'], cwd: projectRoot });
  const port = await new Promise((done) => child.once('message', (message) => done(message.port)));
  const ask = (command) =>
    new Promise((done) => {
      child.once('message', done);
      child.send(command);
    });

  for (const [label, count] of [['one save', 1], [`${concurrent} saves at once`, concurrent]]) {
    const { idle } = await ask('reset');
    const statuses = await Promise.all(Array.from({ length: count }, (_, index) => send(port, `user-${index}`, body)));
    const { peak } = await ask('peak');
    const counted = Object.entries(statuses.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
      .map(([status, times]) => `${times}×${status}`)
      .join(', ');
    console.log(`${label}: idle RSS ${toMib(idle)} MiB, peak ${toMib(peak)} MiB (+${toMib(peak - idle)} MiB); answers ${counted}`);
  }
  child.kill();
} finally {
  rmSync(workDirectory, { recursive: true, force: true });
}

function toMib(bytes) {
  return (bytes / 1024 / 1024).toFixed(0);
}

/** `{ snapshot, expectedRevision: null }` of about `bytes` bytes: many ordinary messages, as a long conversation has. */
function saveBody(bytes) {
  const messages = [];
  const text = 'The figures for the quarter show revenue up, costs level and the margin a point better; next, the regional split. '.repeat(4);
  for (let size = 0, index = 0; size < bytes; index++) {
    const message = { id: `m${index}`, role: index % 2 ? 'assistant' : 'user', parts: [{ type: 'text', id: `t${index}`, text, status: 'done' }], status: 'done', createdAt: index };
    size += JSON.stringify(message).length + 1;
    messages.push(message);
  }
  const state = { status: 'idle', messages, toolCalls: [], error: null, usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 }, runId: null, step: 0, alwaysAllowed: [] };
  return Buffer.from(JSON.stringify({ snapshot: { format: 'react-agent-kit/agent', version: 3, state }, expectedRevision: null }));
}

function send(port, user, body) {
  return new Promise((done) => {
    const outgoing = request({ port, host: '127.0.0.1', method: 'PUT', path: `/api/agent/sessions/chat`, headers: { 'content-type': 'application/json', 'content-length': body.byteLength, 'x-user': user } }, (response) => {
      if (process.env.SHOW) response.on('data', (d) => console.log(String(d).slice(0, 300)));
      response.resume();
      response.on('end', () => done(response.statusCode));
    });
    outgoing.on('error', (error) => done(error.code));
    outgoing.end(body);
  });
}

function childSource() {
  return `
import { createServer } from 'node:http';
import { createAgentHandler, toNodeHandler } from './server.mjs';

let peak = 0;
setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 5).unref();
/** Keeps nothing; serializes as the Postgres store does. */
const store = {
  async list() { return []; },
  async load() { return null; },
  async save(_user, write) { JSON.stringify(write.snapshot).length; return 1; },
  async rename() { return false; },
  async remove() {},
  async loadFiles() { return null; },
  async saveFiles() {},
  async replaceFiles() {},
  async clearFiles() {},
  async close() {},
};
const handler = createAgentHandler({ basePath: '/api/agent', authorize: (request) => ({ userId: request.headers.get('x-user') ?? 'anyone' }), sessions: { store } });
const server = createServer(toNodeHandler(handler)).listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (command) => {
  if (command === 'reset') {
    globalThis.gc(); globalThis.gc();
    const idle = process.memoryUsage.rss();
    peak = idle;
    process.send({ idle });
  } else if (command === 'peak') {
    peak = Math.max(peak, process.memoryUsage.rss());
    process.send({ peak });
  }
});
`;
}
