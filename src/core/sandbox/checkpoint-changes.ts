/**
 * The exact difference between two trees as records: what a copy of one tree needs to become the
 * other, down to the `modified` times. Checkpoints are saved this way (relative to the current
 * tree), so restoring an imported checkpoint must give back exactly what `toRecords()` gave.
 *
 * Why not `recordChanges` (records.ts)? It is built on `compareTrees`, which ignores a rewrite with
 * identical content and an empty directory re-created at another time, because people do not
 * want to see those as changes. A checkpoint must keep them. The walk is the same: a subtree whose
 * node is shared by both trees is skipped unread, so the cost follows the change.
 */
import type { FileRecord } from '../persistence/file-record';
import type { StorageChanges } from '../persistence/sandbox-storage';
import type { DirectoryNode, FileNode, TreeNode } from './tree';

/**
 * The records to write (files and empty directories of `to`, binary content copied) and the paths
 * to delete (files and empty directories of `from`) that turn `from` into `to`. The two lists never
 * share a path. Applied to a tree, deletes go first and take directories that held only the deleted
 * entry with them (such a directory is implied by its entries, as in storage); then the writes
 * replace whatever file or empty directory is at their path. Order within each list is unspecified.
 *
 * @example
 * ```ts
 * exactRecordChanges(currentRoot, checkpointRoot); // { written: [{ path: '/a.txt', kind: 'text', text: 'old', modified: 1 }], deleted: ['/new.txt'] }
 * ```
 */
export function exactRecordChanges(from: DirectoryNode, to: DirectoryNode): StorageChanges {
  const changes = { written: [] as FileRecord[], deleted: [] as string[] };
  compare(from, to, '/', changes);
  return changes;
}

interface Collected {
  written: FileRecord[];
  deleted: string[];
}

/** A file or an empty directory other than the root: what storage keeps one record for. */
function isLeaf(node: TreeNode, path: string): boolean {
  return node.kind === 'file' || (node.children.size === 0 && path !== '/');
}

function compare(from: TreeNode | undefined, to: TreeNode | undefined, path: string, changes: Collected): void {
  if (from === to) return;
  if (from === undefined) return eachLeaf(to!, path, (leafPath, leaf) => changes.written.push(recordOf(leaf, leafPath)));
  if (to === undefined) return eachLeaf(from, path, (leafPath) => changes.deleted.push(leafPath));
  const fromLeaf = isLeaf(from, path);
  const toLeaf = isLeaf(to, path);
  if (fromLeaf && toLeaf) {
    // The write replaces the old entry, whatever its kind, so the path is not also deleted.
    if (!sameLeaf(from, to)) changes.written.push(recordOf(to, path));
    return;
  }
  if (fromLeaf) {
    changes.deleted.push(path);
    return eachLeaf(to, path, (leafPath, leaf) => changes.written.push(recordOf(leaf, leafPath)));
  }
  if (toLeaf) {
    eachLeaf(from, path, (leafPath) => changes.deleted.push(leafPath));
    changes.written.push(recordOf(to, path));
    return;
  }
  // Both are directories with entries. No sorting: one pass over each map is all the cost there is.
  const fromDirectory = from as DirectoryNode;
  const toDirectory = to as DirectoryNode;
  const base = path === '/' ? '/' : path + '/';
  for (const [name, child] of toDirectory.children) compare(fromDirectory.children.get(name), child, base + name, changes);
  for (const [name, child] of fromDirectory.children) {
    if (!toDirectory.children.has(name)) eachLeaf(child, base + name, (leafPath) => changes.deleted.push(leafPath));
  }
}

function eachLeaf(node: TreeNode, path: string, visit: (path: string, leaf: TreeNode) => void): void {
  if (isLeaf(node, path)) return visit(path, node);
  const base = path === '/' ? '/' : path + '/';
  for (const [name, child] of (node as DirectoryNode).children) eachLeaf(child, base + name, visit);
}

function sameLeaf(left: TreeNode, right: TreeNode): boolean {
  if (left.modified !== right.modified || left.kind !== right.kind) return false;
  return left.kind === 'directory' || sameContent(left.content, (right as FileNode).content);
}

function sameContent(left: string | Uint8Array, right: string | Uint8Array): boolean {
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}

function recordOf(node: TreeNode, path: string): FileRecord {
  if (node.kind === 'directory') return { path, kind: 'directory', modified: node.modified };
  return typeof node.content === 'string'
    ? { path, kind: 'text', text: node.content, modified: node.modified }
    : { path, kind: 'binary', bytes: node.content.slice(), modified: node.modified };
}
