import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inParallel } from './setup/in-parallel';

/**
 * The published types hold in every TypeScript setup: the packed package, installed into a consumer
 * project, compiled with `skipLibCheck: false` under module resolution bundler, node16 and nodenext
 * (ESM), with TypeScript 5.4, 5.9, the repository's own and 7 (the native compiler). The probe
 * (test/types-matrix/probe.tsx) asserts inference: a destructured tool input is typed from the
 * JSON schema and `@ts-expect-error` on wrong uses must hold, so types that fall back to `any` fail.
 * Needs `npm run build` first (npm test builds before it runs the tests).
 */
const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const versions = join(root, 'test/fixtures/typescript-versions/node_modules');

const compilers = [
  { version: '5.4', tsc: join(versions, 'typescript-5.4/bin/tsc') },
  { version: '5.9', tsc: join(versions, 'typescript-5.9/bin/tsc') },
  { version: '6.0', tsc: join(root, 'node_modules/typescript/bin/tsc') },
  { version: '7', tsc: join(versions, 'typescript-7/bin/tsc') },
];
/**
 * The backend half's types include the AI SDK's (`ai` 7), which need TypeScript 5.7 or later
 * (`Uint8Array<ArrayBuffer>`): its probe runs from 5.9 on, in the Node setups.
 */
const serverCompilers = compilers.filter((compiler) => compiler.version !== '5.4');
const serverSetups = ['node16', 'nodenext'];

const setups = {
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
} as const;

let consumer = '';

beforeAll(async () => {
  consumer = mkdtempSync(join(tmpdir(), 'rak-types-'));
  const { stdout } = await run('npm', ['pack', '--pack-destination', consumer, '--json', '--ignore-scripts'], { cwd: root, maxBuffer: 64 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  await run('tar', ['-xzf', join(consumer, packed.filename), '-C', consumer]);
  // The consumer's node_modules: the packed kit, and the repository's packages for its peers and types.
  const modules = join(consumer, 'node_modules');
  mkdirSync(modules);
  for (const name of readdirSync(join(root, 'node_modules'))) {
    if (name === '.bin' || name === 'react-agent-kit' || name.startsWith('.')) continue;
    symlinkSync(join(root, 'node_modules', name), join(modules, name));
  }
  symlinkSync(join(consumer, 'package'), join(modules, 'react-agent-kit'));
  for (const [name, options] of Object.entries(setups)) {
    const project = join(consumer, name);
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: `probe-${name}`, private: true, type: 'module' }));
    const compilerOptions = { ...options, target: 'es2022', strict: true, skipLibCheck: false, noEmit: true, noUnusedLocals: false };
    // The browser app: DOM, JSX, no Node types.
    copyFileSync(join(root, 'test/types-matrix/probe.tsx'), join(project, 'probe.tsx'));
    writeFileSync(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: { ...compilerOptions, lib: ['es2023', 'dom', 'dom.iterable'], jsx: 'react-jsx', types: [] },
      files: ['probe.tsx'],
    }));
    // The backend: Node's types and the default libraries (as `tsc --init` leaves them; the AI SDK's
    // own types name fetch's HeadersInit and RequestCredentials, which only the DOM library declares).
    copyFileSync(join(root, 'test/types-matrix/probe-server.ts'), join(project, 'probe-server.ts'));
    writeFileSync(join(project, 'tsconfig.server.json'), JSON.stringify({
      compilerOptions: { ...compilerOptions, types: ['node'] },
      files: ['probe-server.ts'],
    }));
  }
}, 300_000);

afterAll(() => {
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

describe('CommonJS', () => {
  it('require() of any entry says the package is ES modules only and how to load it; import() works', async () => {
    const manifest = JSON.parse(readFileSync(join(consumer, 'package/package.json'), 'utf8')) as { exports: Record<string, unknown> };
    const entries = Object.keys(manifest.exports).filter((subpath) => !subpath.endsWith('.css') && !subpath.endsWith('.json')).map((subpath) => `react-agent-kit${subpath.slice(1)}`);
    const script = join(consumer, 'require-probe.cjs');
    writeFileSync(script, `
const results = {};
for (const entry of ${JSON.stringify(entries)}) {
  try { require(entry); results[entry] = 'loaded'; } catch (error) { results[entry] = error.message; }
}
import('react-agent-kit').then((kit) => console.log(JSON.stringify({ results, imported: typeof kit.createAgent })));
`);
    const { stdout } = await run(process.execPath, [script], { cwd: consumer });
    const { results, imported } = JSON.parse(stdout) as { results: Record<string, string>; imported: string };
    expect(Object.keys(results)).toHaveLength(12);
    for (const message of Object.values(results)) {
      expect(message).toMatch(/^react-agent-kit is an ES module package and cannot be loaded with require\(\)\. Use import .* or await import\('react-agent-kit'\) from CommonJS\.$/);
    }
    expect(imported).toBe('function');
  });
});

describe('the published types in every TypeScript setup (skipLibCheck false)', () => {
  it('compile the probes, with their inference, under bundler, node16 and nodenext with TypeScript 5.4, 5.9, 6.0 and 7', async () => {
    const builds = [
      ...compilers.flatMap(({ version, tsc }) => Object.keys(setups).map((setup) => ({ version, tsc, setup, project: 'tsconfig.json' }))),
      ...serverCompilers.flatMap(({ version, tsc }) => serverSetups.map((setup) => ({ version, tsc, setup, project: 'tsconfig.server.json' }))),
    ];
    const results = await inParallel(builds, 2, async ({ version, tsc, setup, project }) => {
      const label = `${setup} ${project}`;
      try {
        await run(process.execPath, [tsc, '-p', join(consumer, setup, project), '--pretty', 'false'], { cwd: join(consumer, setup), maxBuffer: 16 * 1024 * 1024 });
        return { setup: label, version, errors: '' };
      } catch (error) {
        const { stdout, message } = error as { stdout?: string; message: string };
        return { setup: label, version, errors: (stdout || message).trim().split('\n').slice(0, 8).join('\n') };
      }
    });
    expect(results.filter((result) => result.errors !== '')).toEqual([]);
    expect(results).toHaveLength(18);
  }, 600_000);
});
