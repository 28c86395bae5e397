/**
 * What changed between two versions of the tree. Because unchanged subtrees are shared, a subtree
 * whose node is identical on both sides is skipped without being read: the cost follows the size
 * of the change, not the size of the tree.
 */
import { sortedNames, walkFiles, type TreeNode } from './tree';

/** Files added, modified and deleted between two versions (canonical paths, sorted). */
export interface SandboxChanges {
  added: string[];
  modified: string[];
  deleted: string[];
}

/**
 * Compares two trees (or subtrees at the same `prefix`).
 *
 * @example
 * ```ts
 * compareTrees(checkpointRoot, currentRoot); // { added: ['/b.ts'], modified: [], deleted: [] }
 * ```
 */
export function compareTrees(before: TreeNode | undefined, after: TreeNode | undefined, prefix = '/'): SandboxChanges {
  const changes: SandboxChanges = { added: [], modified: [], deleted: [] };
  compare(before, after, prefix, changes);
  return changes;
}

// Files only, as people want to see changes; persistence, which also stores empty directories
// and modified times, uses the exact comparison of checkpoint-changes.ts.
function compare(before: TreeNode | undefined, after: TreeNode | undefined, path: string, changes: SandboxChanges): void {
  if (before === after) return;
  if (before === undefined) {
    if (after !== undefined) walkFiles(after, path, (entryPath) => changes.added.push(entryPath));
    return;
  }
  if (after === undefined) {
    walkFiles(before, path, (entryPath) => changes.deleted.push(entryPath));
    return;
  }
  if (before.kind === 'file' && after.kind === 'file') {
    // A rewrite with identical content is not a change worth showing.
    if (!sameContent(before.content, after.content)) changes.modified.push(path);
    return;
  }
  if (before.kind !== after.kind) {
    compare(before, undefined, path, changes);
    compare(undefined, after, path, changes);
    return;
  }
  if (before.kind !== 'directory' || after.kind !== 'directory') return;
  const base = path === '/' ? '/' : path + '/';
  const names = new Set([...sortedNames(before), ...sortedNames(after)]);
  for (const name of [...names].sort()) compare(before.children.get(name), after.children.get(name), base + name, changes);
}

function sameContent(left: string | Uint8Array, right: string | Uint8Array): boolean {
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
