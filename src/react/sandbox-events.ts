import type { SandboxEntry, SandboxEvent } from '../core/index';

/** Whether `ancestor` is `path` or one of its parent directories (canonical paths). */
export function isSelfOrAncestor(ancestor: string, path: string): boolean {
  return ancestor === path || ancestor === '/' || path.startsWith(ancestor + '/');
}

/**
 * Whether an event can change what `stat(path)` or `readFile(path)` returns: a restore, or an
 * operation on the path itself or on a directory that contains it (a delete or move of a parent).
 *
 * @example
 * ```ts
 * touchesFile({ type: 'write', path: '/src/a.ts', version: 2 }, '/src/a.ts'); // true
 * touchesFile({ type: 'write', path: '/src/b.ts', version: 3 }, '/src/a.ts'); // false
 * ```
 */
export function touchesFile(event: SandboxEvent, path: string): boolean {
  if (event.type === 'restore') return true;
  return isSelfOrAncestor(event.path, path) || (event.from !== undefined && isSelfOrAncestor(event.from, path));
}

/**
 * Whether an event can change the listing of `directory`: a restore, a change inside it (at any
 * depth: a child directory's size and time change too), or a change of the directory itself or
 * of a parent (it may appear or disappear).
 *
 * @example
 * ```ts
 * touchesDirectory({ type: 'write', path: '/src/a.ts', version: 2 }, '/src'); // true
 * touchesDirectory({ type: 'write', path: '/docs/a.md', version: 3 }, '/src'); // false
 * ```
 */
export function touchesDirectory(event: SandboxEvent, directory: string): boolean {
  if (touchesFile(event, directory)) return true;
  return isSelfOrAncestor(directory, event.path) || (event.from !== undefined && isSelfOrAncestor(directory, event.from));
}

/** Two entries that show the same thing. */
export function sameEntry(a: SandboxEntry, b: SandboxEntry): boolean {
  return a.path === b.path && a.kind === b.kind && a.size === b.size && a.modified === b.modified && a.binary === b.binary && a.name === b.name;
}

/** The `code` of a `SandboxError` (the class is core runtime code outside core's index; read by name). */
export function sandboxErrorCode(error: unknown): string | undefined {
  return error instanceof Error && error.name === 'SandboxError' ? (error as Error & { code?: string }).code : undefined;
}
