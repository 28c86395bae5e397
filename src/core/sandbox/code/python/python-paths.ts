/** Sandbox paths for the Python runtime, without `node:path` (the core also runs in the browser). */

/**
 * Resolves `path` against `cwd` into a canonical absolute path (`.` and `..` applied, never above `/`).
 *
 * @example
 * ```ts
 * resolvePath('/src', '../data/a.csv'); // '/data/a.csv'
 * ```
 */
export function resolvePath(cwd: string, path: string): string {
  const parts: string[] = [];
  for (const part of `${path.startsWith('/') ? '' : cwd}/${path}`.split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return `/${parts.join('/')}`;
}

/**
 * The directory of a canonical path (`/` for a file at the root).
 *
 * @example
 * ```ts
 * directoryOf('/src/main.py'); // '/src'
 * ```
 */
export function directoryOf(path: string): string {
  const cut = path.lastIndexOf('/');
  return cut <= 0 ? '/' : path.slice(0, cut);
}
