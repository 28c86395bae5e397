/**
 * A sandbox file's source as the runtime runs it: TypeScript with its types stripped (sucrase,
 * loaded before the run when the program may need it), JSON as a module, and an ES module that
 * a `require` loads turned into CommonJS. Stripping keeps every line where it was, so an error's
 * line number is the file's.
 */
import type { Sandbox } from '../../sandbox-types';
import { formatOf, hasModuleSyntax } from './module-resolution';

/** Strips TypeScript (and turns ES module syntax into CommonJS when asked), or throws a syntax error. */
export type SourceTransform = (source: string, options: { path: string; typescript: boolean; toCommonJs: boolean }) => string;

/**
 * Loads sucrase and makes the transform; `undefined` when sucrase is not installed.
 *
 * @example
 * ```ts
 * const transform = await loadSourceTransform();
 * ```
 */
export async function loadSourceTransform(): Promise<SourceTransform | undefined> {
  let sucrase: typeof import('sucrase');
  try {
    sucrase = await import('sucrase');
  } catch {
    return undefined;
  }
  return (source, { path, typescript, toCommonJs }) => {
    const transforms: ('typescript' | 'imports')[] = [];
    if (typescript) transforms.push('typescript');
    if (toCommonJs) transforms.push('imports');
    return sucrase.transform(source, { transforms, filePath: path, disableESTransforms: true, preserveDynamicImport: true, keepUnusedImports: !typescript }).code;
  };
}

const typescriptFile = /\.[mc]?tsx?$/;

/** The message when a file needs the transform and sucrase is not installed. */
const missingTransform = (path: string, why: string) =>
  `Cannot run ${path}: ${why} needs the optional package sucrase (npm install sucrase) in the app that runs the sandbox.`;

/**
 * Whether a run of `entry` may need the transform: it is TypeScript, or the sandbox has TypeScript
 * files it could import.
 *
 * @example
 * ```ts
 * if (needsSourceTransform(sandbox, '/main.ts')) transform = await loadSourceTransform();
 * ```
 */
export function needsSourceTransform(sandbox: Sandbox, entry: string | undefined): boolean {
  if (entry !== undefined && typescriptFile.test(entry)) return true;
  return sandbox.glob('**/*.{ts,mts,cts}').length > 0;
}

/**
 * The source of `path` to run as `format` (`module` for `import`, `commonjs` for `require`).
 *
 * @example
 * ```ts
 * const code = moduleSource(sandbox, '/util.ts', 'module', transform);
 * ```
 */
export function moduleSource(sandbox: Sandbox, path: string, format: 'module' | 'commonjs', transform: SourceTransform | undefined): string {
  const source = sandbox.readFile(path);
  if (path.endsWith('.json')) {
    JSON.parse(source);
    return format === 'module' ? `export default ${source};` : `module.exports = ${source};`;
  }
  const typescript = typescriptFile.test(path);
  const toCommonJs = format === 'commonjs' && formatOf(path, source) === 'module' && hasModuleSyntax(source);
  if (!typescript && !toCommonJs) return source;
  if (transform === undefined) throw new Error(missingTransform(path, typescript ? 'TypeScript' : 'require() of an ES module'));
  return transform(source, { path, typescript, toCommonJs });
}
