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
    if (typescript) refuseNamespaces(source, path);
    const transforms: ('typescript' | 'imports')[] = [];
    if (typescript) transforms.push('typescript');
    if (toCommonJs) transforms.push('imports');
    return sucrase.transform(source, { transforms, filePath: path, disableESTransforms: true, preserveDynamicImport: true, keepUnusedImports: !typescript }).code;
  };
}

const typescriptFile = /\.[mc]?tsx?$/;

/**
 * Refuses a TypeScript namespace with code in it: stripping types cannot run one (sucrase drops it
 * without a word, and Node's own type stripping refuses it too), so the program hears why rather
 * than meeting a ReferenceError later.
 */
function refuseNamespaces(source: string, path: string): void {
  for (const match of source.matchAll(/^[ \t]*(?:export[ \t]+)?(?:namespace|module)[ \t]+[A-Za-z_$][\w$.]*[ \t]*\{/gm)) {
    // A namespace of types only strips like any other type.
    let depth = 0;
    let end = match.index + match[0].length - 1;
    for (; end < source.length; end++) {
      if (source[end] === '{') depth++;
      else if (source[end] === '}' && --depth === 0) break;
    }
    if (!/^\s*(?:export\s+)?(?:const|let|var|function|class|enum|async)\b/m.test(source.slice(match.index + match[0].length, end))) continue;
    const line = source.slice(0, match.index).split('\n').length;
    throw new SyntaxError(`${path}:${line}: TypeScript namespaces are not supported: types are stripped, not compiled (as with node --experimental-strip-types); use a module or an object instead.`);
  }
}

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
  // `.mjs` files too: a `require` of one turns it into CommonJS.
  return sandbox.glob('**/*.{ts,mts,cts,mjs}').length > 0;
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
  if (format === 'module' && formatOf(path, source) === 'commonjs') return commonJsAsModule(path, source);
  const typescript = typescriptFile.test(path);
  const toCommonJs = format === 'commonjs' && formatOf(path, source) === 'module' && hasModuleSyntax(source);
  if (!typescript && !toCommonJs) return format === 'module' ? withImportMeta(path, source) : source;
  if (transform === undefined) throw new Error(missingTransform(path, typescript ? 'TypeScript' : 'require() of an ES module'));
  const code = transform(source, { path, typescript, toCommonJs });
  return format === 'module' ? withImportMeta(path, code) : code;
}

/**
 * Gives a module Node's `import.meta.url`, `filename` and `dirname` (QuickJS leaves `import.meta`
 * empty), on its first line, so every line keeps its number.
 */
function withImportMeta(path: string, source: string): string {
  const url = `file://${encodeURI(path).replace(/[?#]/g, encodeURIComponent)}`;
  const directory = path.slice(0, path.lastIndexOf('/')) || '/';
  const meta = `Object.assign(import.meta, { url: ${JSON.stringify(url)}, filename: ${JSON.stringify(path)}, dirname: ${JSON.stringify(directory)} });`;
  // A hashbang must stay first: the line after it takes the assignment.
  const hashbang = /^#!.*\n/.exec(source)?.[0] ?? '';
  return `${hashbang}${meta}${source.slice(hashbang.length)}`;
}

/**
 * An ES module that stands for a CommonJS file an `import` names: its `module.exports` as the
 * default export, and as named exports the names Node's static analysis (cjs-module-lexer) would
 * find: `exports.name =`, `module.exports.name =`, and the keys of `module.exports = { a, b: c }`.
 */
function commonJsAsModule(path: string, source: string): string {
  const names = new Set<string>();
  for (const match of source.matchAll(/(?:^|[^.\w$])(?:module\.)?exports\.([A-Za-z_$][\w$]*)\s*=/g)) names.add(match[1]!);
  for (const match of source.matchAll(/Object\.defineProperty\(\s*(?:module\.)?exports\s*,\s*['"]([A-Za-z_$][\w$]*)['"]/g)) names.add(match[1]!);
  const literal = /module\.exports\s*=\s*\{([^}]*)\}/.exec(source);
  if (literal !== null) {
    for (const entry of literal[1]!.split(',')) {
      const match = /^\s*([A-Za-z_$][\w$]*)\s*(?::\s*[A-Za-z_$][\w$]*\s*)?$/.exec(entry);
      // The lexer stops at the first entry whose value is not a plain name.
      if (match === null) break;
      names.add(match[1]!);
    }
  }
  names.delete('default');
  const access = `globalThis.__requireFromImport(${JSON.stringify(path)})`;
  const named = [...names].map((name) => `export const ${name} = __exports.${name};`).join('\n');
  return `const __exports = ${access};\nexport default __exports;\n${named}\n`;
}
