/**
 * The sandbox as plain data: what persistence (IndexedDB) and export/import store. Versioned so a
 * later format can still read old saves; binary content is base64 so the whole thing is JSON.
 */
import { SandboxError } from './sandbox-errors';
import { fromBase64, toBase64 } from './text-encoding';
import { type DirectoryNode, type TreeNode } from './tree';

/** One file or (empty) directory of a snapshot. Paths are canonical (`/src/a.ts`). */
export type SnapshotEntry =
  | { kind: 'file'; path: string; encoding: 'utf8' | 'base64'; content: string; modified: number }
  | { kind: 'directory'; path: string; modified: number };

/**
 * A whole sandbox tree. Directories appear only when empty (the others are implied by their files).
 *
 * @example
 * ```ts
 * const saved = JSON.stringify(sandbox.toSnapshot());
 * const copy = createSandbox({ snapshot: JSON.parse(saved) });
 * ```
 */
export interface SandboxSnapshot {
  version: 1;
  entries: SnapshotEntry[];
}

/**
 * Serializes a tree.
 *
 * @example
 * ```ts
 * treeToSnapshot(root); // { version: 1, entries: [{ kind: 'file', path: '/a.txt', ... }] }
 * ```
 */
export function treeToSnapshot(root: DirectoryNode): SandboxSnapshot {
  const entries: SnapshotEntry[] = [];
  collect(root, '/', entries);
  return { version: 1, entries };
}

function collect(node: TreeNode, path: string, entries: SnapshotEntry[]): void {
  if (node.kind === 'file') {
    const binary = node.content instanceof Uint8Array;
    const content = typeof node.content === 'string' ? node.content : toBase64(node.content);
    entries.push({ kind: 'file', path, encoding: binary ? 'base64' : 'utf8', content, modified: node.modified });
    return;
  }
  if (node.children.size === 0 && path !== '/') {
    entries.push({ kind: 'directory', path, modified: node.modified });
    return;
  }
  const base = path === '/' ? '/' : path + '/';
  for (const [name, child] of node.children) collect(child, base + name, entries);
}

/** A snapshot entry checked and decoded, ready to be written. */
export type DecodedEntry =
  | { kind: 'file'; path: string; content: string | Uint8Array; modified: number }
  | { kind: 'directory'; path: string; modified: number };

/**
 * Checks a snapshot's shape (it may come from storage or a user's file) and decodes base64.
 * Paths are not checked here: loading writes them through the normal path rules and limits.
 *
 * @example
 * ```ts
 * readSnapshot({ version: 1, entries: [] }); // []
 * readSnapshot({ version: 2 }); // throws SandboxError { code: 'invalid-snapshot' }
 * ```
 */
export function readSnapshot(snapshot: unknown): DecodedEntry[] {
  if (!isRecord(snapshot) || snapshot.version !== 1 || !Array.isArray(snapshot.entries)) {
    throw invalid('expected { version: 1, entries: [...] }');
  }
  return snapshot.entries.map((entry: unknown, index: number): DecodedEntry => {
    if (!isRecord(entry) || typeof entry.path !== 'string') throw invalid(`entry ${index} has no path`);
    const modified = typeof entry.modified === 'number' && Number.isFinite(entry.modified) ? entry.modified : 0;
    if (entry.kind === 'directory') return { kind: 'directory', path: entry.path, modified };
    if (entry.kind !== 'file' || typeof entry.content !== 'string') throw invalid(`entry ${index} is neither a file nor a directory`);
    if (entry.encoding === 'utf8') return { kind: 'file', path: entry.path, content: entry.content, modified };
    if (entry.encoding !== 'base64') throw invalid(`entry ${index} has an unknown encoding`);
    try {
      return { kind: 'file', path: entry.path, content: fromBase64(entry.content), modified };
    } catch {
      throw invalid(`entry ${index} is not valid base64`);
    }
  });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function invalid(reason: string): SandboxError {
  return new SandboxError('invalid-snapshot', `The snapshot cannot be loaded: ${reason}.`);
}
