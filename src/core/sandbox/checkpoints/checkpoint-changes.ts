/**
 * The exact difference between two trees as records: what a copy of one tree needs to become the
 * other, down to the `modified` times. Persistence (`recordChangesSince`) keeps its stored copy up
 * to date with it, and checkpoints are saved with it (relative to the current tree), so restoring
 * an imported checkpoint gives back exactly what `toRecords()` gave.
 *
 * Why not `compareTrees` (changes.ts)? It ignores a rewrite with identical content and an empty
 * directory re-created at another time, because people do not want to see those as changes; a
 * stored copy must keep them. The walk is the same: a subtree whose node is shared by both trees
 * is skipped unread, so the cost follows the change.
 */
import type { FileRecord } from '../storage/file-record';
import type { StorageChanges } from '../storage/sandbox-storage';
import type { DirectoryNode, FileNode, TreeNode } from '../tree/tree';

/**
 * The records to write (files and empty directories of `to`, binary content copied) and the paths
 * to delete (files and empty directories of `from`) that turn `from` into `to`. The two lists never
 * share a path. Applied to a tree, deletes go first and take directories that held only the deleted
 * entry with them (such a directory is implied by its entries, as in storage); then the writes
 * replace whatever file or empty directory is at their path. Both lists are in `toRecords()` order.
 * Binary content is copied once per file version into `copies`: pass one map to several calls and
 * their records share the copy (an old version is often in many checkpoints' changes).
 *
 * @example
 * ```ts
 * exactRecordChanges(currentRoot, checkpointRoot); // { written: [{ path: '/a.txt', kind: 'text', text: 'old', modified: 1 }], deleted: ['/new.txt'] }
 * ```
 */
export function exactRecordChanges(from: DirectoryNode, to: DirectoryNode, copies = new Map<Uint8Array, Uint8Array>()): StorageChanges {
  const changes: Collected = { written: [], deleted: [], copies };
  compare(from, to, '/', changes);
  return { written: inPathOrder(changes.written, (record) => record.path), deleted: inPathOrder(changes.deleted, (path) => path) };
}

/**
 * Sorted like `toRecords()`, name by name (`/a/b` before `/a-b`), so the output is stable. Paths
 * never hold NUL, so NUL in place of `/` sorts a name before its longer siblings. O(m log m) of the change.
 */
function inPathOrder<T>(items: T[], pathOf: (item: T) => string): T[] {
  const keyed = items.map((item) => ({ item, key: pathOf(item).replaceAll('/', '\u0000') }));
  keyed.sort((left, right) => (left.key < right.key ? -1 : left.key > right.key ? 1 : 0));
  return keyed.map(({ item }) => item);
}

interface Collected {
  written: FileRecord[];
  deleted: string[];
  copies: Map<Uint8Array, Uint8Array>;
}

/** A file or an empty directory other than the root: what storage keeps one record for. */
function isLeaf(node: TreeNode, path: string): boolean {
  return node.kind === 'file' || (node.children.size === 0 && path !== '/');
}

function compare(from: TreeNode | undefined, to: TreeNode | undefined, path: string, changes: Collected): void {
  if (from === to) return;
  if (from === undefined) return eachLeaf(to!, path, (leafPath, leaf) => changes.written.push(recordOf(leaf, leafPath, changes.copies)));
  if (to === undefined) return eachLeaf(from, path, (leafPath) => changes.deleted.push(leafPath));
  const fromLeaf = isLeaf(from, path);
  const toLeaf = isLeaf(to, path);
  if (fromLeaf && toLeaf) {
    // The write replaces the old entry, whatever its kind, so the path is not also deleted.
    if (!sameLeaf(from, to)) changes.written.push(recordOf(to, path, changes.copies));
    return;
  }
  if (fromLeaf) {
    changes.deleted.push(path);
    return eachLeaf(to, path, (leafPath, leaf) => changes.written.push(recordOf(leaf, leafPath, changes.copies)));
  }
  if (toLeaf) {
    eachLeaf(from, path, (leafPath) => changes.deleted.push(leafPath));
    changes.written.push(recordOf(to, path, changes.copies));
    return;
  }
  // Both are directories with entries. Not sorted here: one pass over each map is all the cost there is.
  const fromDirectory = from as DirectoryNode;
  const toDirectory = to as DirectoryNode;
  const base = path === '/' ? '/' : path + '/';
  let shared = 0;
  for (const [name, child] of toDirectory.children) {
    const before = fromDirectory.children.get(name);
    if (before !== undefined) shared++;
    compare(before, child, base + name, changes);
  }
  // Every old name is still there: skip the second pass (it matters for directories of thousands).
  if (shared === fromDirectory.children.size) return;
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

function recordOf(node: TreeNode, path: string, copies: Map<Uint8Array, Uint8Array>): FileRecord {
  if (node.kind === 'directory') return { path, kind: 'directory', modified: node.modified };
  if (typeof node.content === 'string') return { path, kind: 'text', text: node.content, modified: node.modified };
  let bytes = copies.get(node.content);
  if (bytes === undefined) copies.set(node.content, (bytes = node.content.slice()));
  return { path, kind: 'binary', bytes, modified: node.modified };
}
