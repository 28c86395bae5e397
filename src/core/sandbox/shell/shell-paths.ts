/**
 * Path arithmetic for the shell. The shell joins its working directory with what a command names
 * (`cd ..`, `cat ../a.txt`); the result is then checked by the sandbox's own path rules on every
 * operation. As in POSIX, `..` at the root stays at the root (`/..` is `/`): the sandbox root is
 * the shell's `/`, so nothing above it can be named. (Keeping the `..` for the sandbox to refuse
 * is not an option: just-bash walks up with `resolvePath(dir, '..')` until the path stops
 * changing, and `rg` would climb forever.)
 */

/**
 * Normalizes a shell path lexically, as POSIX does: repeated slashes and `.` go, `..` removes the
 * previous name, and `..` at the root stays at the root. Relative input is taken from the root.
 *
 * @example
 * ```ts
 * normalizeShellPath('/src//./ui/../a.ts'); // '/src/a.ts'
 * normalizeShellPath('/../../etc/passwd'); // '/etc/passwd' (the sandbox's own /etc/passwd, if any)
 * ```
 */
export function normalizeShellPath(path: string): string {
  const names: string[] = [];
  for (const name of path.split('/')) {
    if (name === '' || name === '.') continue;
    if (name === '..') names.pop();
    else names.push(name);
  }
  return '/' + names.join('/');
}

/**
 * Resolves `path` against the directory `base`; an absolute `path` ignores `base`.
 *
 * @example
 * ```ts
 * resolveShellPath('/src', '../README.md'); // '/README.md'
 * resolveShellPath('/', '..'); // '/'
 * ```
 */
export function resolveShellPath(base: string, path: string): string {
  if (path.startsWith('/')) return normalizeShellPath(path);
  return normalizeShellPath(`${base}/${path}`);
}

/**
 * The directory part of a normalized path (`/` for a name at the root).
 *
 * @example
 * ```ts
 * parentOf('/src/a.ts'); // '/src'
 * ```
 */
export function parentOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash <= 0 ? '/' : path.slice(0, slash);
}

/**
 * Joins a directory and a name.
 *
 * @example
 * ```ts
 * childOf('/', 'a.ts'); // '/a.ts'
 * ```
 */
export function childOf(directory: string, name: string): string {
  return directory === '/' ? `/${name}` : `${directory}/${name}`;
}
