import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root (its README, its dist, its node_modules). */
export const repositoryRoot = resolve(import.meta.dirname, '../../..');
const templateDirectory = resolve(repositoryRoot, 'test/fixtures/vite-react-ts-template');
const react18Modules = resolve(repositoryRoot, 'test/fixtures/react-18/node_modules');

/** The directory of a package installed in the repository (its real path, for a symlink). */
function packageDirectory(name: string): string {
  const directory = join(repositoryRoot, 'node_modules', name);
  if (!existsSync(join(directory, 'package.json'))) throw new Error(`${name} is not installed in ${repositoryRoot}/node_modules`);
  return realpathSync(directory);
}

/**
 * The first ```tsx block of the README's "## Quick start in a host app", verbatim: what a new
 * user pastes into the template's `src/App.tsx`.
 */
export function readmeQuickStart(): string {
  const readme = readFileSync(resolve(repositoryRoot, 'README.md'), 'utf8');
  const section = /^## Quick start in a host app\n([\s\S]*?)(?=^## )/m.exec(readme)?.[1];
  const code = section && /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!code) throw new Error('README.md: no ```tsx block under "## Quick start in a host app"');
  return code;
}

/** `npm run build` when dist is missing (in `npm test` the e2e tests run after the build). */
export async function ensureBuilt(): Promise<void> {
  if (existsSync(resolve(repositoryRoot, 'dist/components.js')) && existsSync(resolve(repositoryRoot, 'dist/styles.css'))) return;
  await run('npm', ['run', 'build'], { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 });
}

export interface PackedKit {
  /** The extracted tarball (`package/`), as npm would install it. */
  directory: string;
  /** The packed package.json's `dependencies`: what an install brings along. */
  dependencies: string[];
}

/** `npm pack` of the repository into `into`, extracted. */
export async function packKit(into: string): Promise<PackedKit> {
  const { stdout } = await run('npm', ['pack', '--pack-destination', into, '--json'], { cwd: repositoryRoot, maxBuffer: 64 * 1024 * 1024 });
  const [packed] = JSON.parse(stdout) as [{ filename: string }];
  await run('tar', ['-xzf', join(into, packed.filename), '-C', into]);
  const directory = join(into, 'package');
  const manifest = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
  return { directory, dependencies: Object.keys(manifest.dependencies ?? {}) };
}

export type ReactLine = 'react-19' | 'react-18';

export interface HostAppOptions {
  kit: PackedKit;
  /** `src/App.tsx`. */
  app: string;
  react: ReactLine;
  /** Also link the template's type packages and TypeScript, for `tsc -b`. */
  typeCheck?: boolean;
}

/**
 * A new app from the vendored Vite React-TS template, with the packed kit "installed": the
 * tarball in node_modules/react-agent-kit, and symlinks for only what an install would bring
 * (React, the kit's declared dependencies) and the template's own tools (Vite, its React plugin).
 * Returns the app's directory; remove it with `rmSync(dir, { recursive: true })`.
 */
export function createHostApp(parent: string, { kit, app, react, typeCheck = false }: HostAppOptions): string {
  const root = mkdtempSync(join(parent, `app-${react}-`));
  cpSync(templateDirectory, root, { recursive: true, filter: (source) => !source.endsWith('README.md') || dirname(source) !== templateDirectory });
  writeFileSync(join(root, 'src/App.tsx'), app);
  const modules = join(root, 'node_modules');
  mkdirSync(modules);
  cpSync(kit.directory, join(modules, 'react-agent-kit'), { recursive: true });

  const link = (name: string, target: string) => {
    if (existsSync(join(modules, name))) return;
    mkdirSync(dirname(join(modules, name)), { recursive: true });
    symlinkSync(target, join(modules, name), 'dir');
  };
  if (react === 'react-18') {
    // react-dom 18 requires scheduler and loose-envify (which requires js-tokens) at run time.
    for (const name of readdirSync(react18Modules).filter((entry) => !entry.startsWith('.'))) link(name, join(react18Modules, name));
  } else {
    link('react', packageDirectory('react'));
    link('react-dom', packageDirectory('react-dom'));
  }
  link('vite', packageDirectory('vite'));
  link('@vitejs/plugin-react', packageDirectory('@vitejs/plugin-react'));
  for (const name of kit.dependencies) link(name, packageDirectory(name));
  if (typeCheck) {
    for (const name of ['@types/react', '@types/react-dom', '@types/node', 'typescript']) link(name, packageDirectory(name));
  }
  return root;
}

/** A temporary directory for one test file's apps and tarball. */
export function temporaryDirectory(): { path: string; remove: () => void } {
  const path = mkdtempSync(join(tmpdir(), 'rak-host-app-'));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** `tsc -b` in the app, as the template's `npm run build` does first; resolves to its output. */
export async function typeCheckApp(root: string): Promise<{ ok: boolean; output: string }> {
  const tsc = join(root, 'node_modules/typescript/bin/tsc');
  try {
    const { stdout, stderr } = await run(process.execPath, [tsc, '-b'], { cwd: root });
    return { ok: true, output: stdout + stderr };
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    return { ok: false, output: stdout + stderr };
  }
}
