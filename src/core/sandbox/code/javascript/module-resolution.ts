/**
 * Which module a program's `import` or `require` names: a built-in module the runtime provides
 * (`fs`, `node:path`, ...), or a file in the sandbox. Nothing else loads: no `node_modules` outside
 * the sandbox, no URLs. The refusals say why in a sentence a model can act on.
 */
import type { Sandbox } from '../../sandbox-types';
import { parentOf, resolveShellPath } from '../../shell/shell-paths';

/** A module a specifier names, with how its source is run. */
export type ModuleResolution = { kind: 'builtin'; name: string } | { kind: 'file'; path: string; format: ModuleFormat };

/** How a file runs: an ES module, a CommonJS script, or JSON data. */
export type ModuleFormat = 'module' | 'commonjs' | 'json';

/** The built-in modules a program may load (with or without `node:`). */
export const builtinModules: readonly string[] = ['assert', 'buffer', 'crypto', 'events', 'fs', 'fs/promises', 'module', 'os', 'path', 'process', 'readline', 'timers', 'timers/promises', 'url', 'util'];

const refusedModules: Readonly<Record<string, string>> = {
  child_process: 'programs in the sandbox cannot start processes',
  cluster: 'programs in the sandbox cannot start processes',
  worker_threads: 'programs in the sandbox cannot start threads',
  http: 'code in the sandbox has no network access',
  https: 'code in the sandbox has no network access',
  http2: 'code in the sandbox has no network access',
  net: 'code in the sandbox has no network access',
  tls: 'code in the sandbox has no network access',
  dgram: 'code in the sandbox has no network access',
  dns: 'code in the sandbox has no network access',
  vm: 'the sandbox has no second JavaScript context',
};

const extensions = ['.js', '.mjs', '.cjs', '.ts', '.mts', '.cts', '.json'];

/** An error with Node's `code` for a module that cannot be found. */
function notFound(specifier: string, from: string, reason: string): Error {
  return Object.assign(new Error(`Cannot find module '${specifier}' imported from ${from}: ${reason}`), { code: 'MODULE_NOT_FOUND' });
}

/** Whether `source` uses ES module syntax (an `import` or `export` statement at the start of a line). */
export function hasModuleSyntax(source: string): boolean {
  return /^\s*(import\s*[\w{*'"]|import\s*\(\s*\)|export\s+(default|const|let|var|function|class|async|abstract|interface|type|enum|declare|namespace|\{|\*))/m.test(source);
}

/**
 * How `path` runs: `.mjs`/`.mts` as ES modules, `.cjs`/`.cts` as CommonJS, `.json` as data, and
 * `.js`/`.ts` by what their source uses (Node's syntax detection).
 *
 * @example
 * ```ts
 * formatOf('/a.mjs', ''); // 'module'
 * ```
 */
export function formatOf(path: string, source: string): ModuleFormat {
  if (/\.m[jt]s$/.test(path)) return 'module';
  if (/\.c[jt]s$/.test(path)) return 'commonjs';
  if (path.endsWith('.json')) return 'json';
  return hasModuleSyntax(source) ? 'module' : 'commonjs';
}

function fileAt(sandbox: Sandbox, path: string): string | undefined {
  if (sandbox.exists(path) && sandbox.stat(path).kind === 'file') return path;
  for (const extension of extensions) if (sandbox.exists(path + extension) && sandbox.stat(path + extension).kind === 'file') return path + extension;
  // TypeScript sources imported by their output's name (`./util.js` for `util.ts`).
  const typescript = path.replace(/\.(m|c)?js$/, '.$1ts');
  if (typescript !== path && sandbox.exists(typescript)) return typescript;
  if (sandbox.exists(path) && sandbox.stat(path).kind === 'directory') {
    for (const extension of extensions) if (sandbox.exists(`${path}/index${extension}`)) return `${path}/index${extension}`;
  }
  return undefined;
}

/**
 * Resolves `specifier` as imported from the file `from` (or, for the program's own entry, the
 * directory it starts in, with a trailing `/`).
 *
 * @example
 * ```ts
 * resolveModule(sandbox, './util', '/src/main.js'); // { kind: 'file', path: '/src/util.ts', format: 'module' }
 * resolveModule(sandbox, 'node:fs', '/src/main.js'); // { kind: 'builtin', name: 'fs' }
 * ```
 */
export function resolveModule(sandbox: Sandbox, specifier: string, from: string): ModuleResolution {
  const bare = specifier.startsWith('node:') ? specifier.slice(5) : specifier;
  if (builtinModules.includes(bare)) return { kind: 'builtin', name: bare };
  const refused = refusedModules[bare];
  if (refused !== undefined) throw Object.assign(new Error(`Cannot use '${specifier}': ${refused}.`), { code: 'ERR_ACCESS_DENIED' });
  if (/^[a-z][a-z\d+.-]*:/i.test(specifier)) {
    throw Object.assign(new Error(`Cannot import '${specifier}': code in the sandbox has no network access and loads only the sandbox's files.`), { code: 'ERR_ACCESS_DENIED' });
  }
  if (!specifier.startsWith('.') && !specifier.startsWith('/')) {
    throw notFound(specifier, from, `there is no package manager in the sandbox; only its own files and the built-in modules ${builtinModules.join(', ')} load`);
  }
  const directory = from.endsWith('/') ? from : parentOf(from);
  const path = fileAt(sandbox, resolveShellPath(directory, specifier));
  if (path === undefined) throw notFound(specifier, from, 'no such file in the sandbox');
  return { kind: 'file', path, format: formatOf(path, path.endsWith('.json') ? '' : sandbox.readFile(path)) };
}
