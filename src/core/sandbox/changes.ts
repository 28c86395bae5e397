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
export function compareTrees(before: TreeNode | undefined, after: TreeNode | undefined, prefix = '/', options: CompareOptions = {}): SandboxChanges {
  const changes: SandboxChanges = { added: [], modified: [], deleted: [] };
  compare(before, after, prefix, changes, options.emptyDirectories === true);
  return changes;
}

/** Options of `compareTrees`. */
export interface CompareOptions {
  /**
   * Also report empty directories (other than the root) as entries that appear and disappear, as
   * persistence stores them; a directory that gains its first file or loses its last one then
   * shows as deleted or added. Default false: files only, as people want to see changes.
   */
  emptyDirectories?: boolean;
}

function walkEntries(node: TreeNode, path: string, emptyDirectories: boolean, visit: (path: string) => void): void {
  if (!emptyDirectories) return walkFiles(node, path, visit);
  if (node.kind === 'file') return visit(path);
  if (node.children.size === 0) {
    if (path !== '/') visit(path);
    return;
  }
  const base = path === '/' ? '/' : path + '/';
  for (const name of sortedNames(node)) walkEntries(node.children.get(name)!, base + name, true, visit);
}

function compare(before: TreeNode | undefined, after: TreeNode | undefined, path: string, changes: SandboxChanges, emptyDirectories: boolean): void {
  if (before === after) return;
  if (before === undefined) {
    if (after !== undefined) walkEntries(after, path, emptyDirectories, (entryPath) => changes.added.push(entryPath));
    return;
  }
  if (after === undefined) {
    walkEntries(before, path, emptyDirectories, (entryPath) => changes.deleted.push(entryPath));
    return;
  }
  if (before.kind === 'file' && after.kind === 'file') {
    // A rewrite with identical content is not a change worth showing.
    if (!sameContent(before.content, after.content)) changes.modified.push(path);
    return;
  }
  if (before.kind !== after.kind) {
    compare(before, undefined, path, changes, emptyDirectories);
    compare(undefined, after, path, changes, emptyDirectories);
    return;
  }
  if (before.kind !== 'directory' || after.kind !== 'directory') return;
  if (emptyDirectories && path !== '/' && (before.children.size === 0) !== (after.children.size === 0)) {
    (before.children.size === 0 ? changes.deleted : changes.added).push(path);
  }
  const base = path === '/' ? '/' : path + '/';
  const names = new Set([...sortedNames(before), ...sortedNames(after)]);
  for (const name of [...names].sort()) compare(before.children.get(name), after.children.get(name), base + name, changes, emptyDirectories);
}

function sameContent(left: string | Uint8Array, right: string | Uint8Array): boolean {
  if (typeof left === 'string' || typeof right === 'string') return left === right;
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index++) if (left[index] !== right[index]) return false;
  return true;
}
