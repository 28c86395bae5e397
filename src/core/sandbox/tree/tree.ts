/**
 * The persistent (immutable) tree behind a sandbox. A change copies only the directories on the
 * path to the changed node and shares every other node, so a checkpoint is just the old root
 * pointer and comparing two versions can skip every subtree they still share.
 */
import { SandboxError } from './sandbox-errors';
import { joinSegments } from './sandbox-path';
import { utf8Length } from './text-encoding';

/** A file: text (a string) or binary (bytes). Never mutated once in the tree. */
export interface FileNode {
  readonly kind: 'file';
  readonly content: string | Uint8Array;
  /** Size in bytes (UTF-8 bytes for text). */
  readonly size: number;
  /** When it was last written, in epoch milliseconds. */
  readonly modified: number;
}

/**
 * A directory. Its `children` map and `modified` change only while the node is owned by the
 * current edit session (see `setNode`); once a checkpoint may reference it, it never changes.
 */
export interface DirectoryNode {
  readonly kind: 'directory';
  readonly children: Map<string, TreeNode>;
  modified: number;
  /** Child names in sorted order, computed on first use and dropped when the children change. */
  sortedNames?: readonly string[] | undefined;
  /** The edit session allowed to change this node in place; see `setNode`. */
  owner?: object | undefined;
}

/** A node of the tree. */
export type TreeNode = FileNode | DirectoryNode;

/**
 * A new empty directory.
 *
 * @example
 * ```ts
 * const root = emptyDirectory(Date.now());
 * ```
 */
export function emptyDirectory(modified: number, owner?: object): DirectoryNode {
  return { kind: 'directory', children: new Map(), modified, owner };
}

/**
 * The node at `segments`, or undefined when nothing is there. Passing through a file is a
 * `not-a-directory` refusal, because the caller asked for something inside a file.
 *
 * @example
 * ```ts
 * lookup(root, ['src', 'a.ts'])?.kind; // 'file'
 * ```
 */
export function lookup(root: DirectoryNode, segments: readonly string[]): TreeNode | undefined {
  let node: TreeNode = root;
  for (let index = 0; index < segments.length; index++) {
    if (node.kind !== 'directory') {
      throw new SandboxError('not-a-directory', `"${joinSegments(segments.slice(0, index))}" is a file, not a directory.`, joinSegments(segments));
    }
    const child: TreeNode | undefined = node.children.get(segments[index]!);
    if (child === undefined) return undefined;
    node = child;
  }
  return node;
}

/**
 * A root with `node` placed at `segments` (replacing what was there), creating missing parent
 * directories; `node === undefined` removes the entry.
 *
 * Copy-on-write with ownership: a directory on the path is copied unless it is owned by `owner`,
 * the sandbox's current edit session, in which case it is changed in place. The sandbox starts a
 * new session whenever a checkpoint is taken or restored, so nodes a checkpoint can see are never
 * changed, while a burst of writes between checkpoints costs O(depth) each instead of copying
 * every directory map on the path each time. Throws (`not-a-directory`) before changing anything.
 *
 * @example
 * ```ts
 * const next = setNode(root, ['src', 'a.ts'], fileNode, Date.now(), session);
 * ```
 */
export function setNode(root: DirectoryNode, segments: readonly string[], node: TreeNode | undefined, now: number, owner?: object): DirectoryNode {
  return setBelow(root, segments, 0, node, now, owner);
}

function setBelow(directory: DirectoryNode, segments: readonly string[], index: number, node: TreeNode | undefined, now: number, owner: object | undefined): DirectoryNode {
  const name = segments[index]!;
  let replacement: TreeNode | undefined = node;
  if (index < segments.length - 1) {
    const existing = directory.children.get(name);
    if (existing !== undefined && existing.kind !== 'directory') {
      const at = joinSegments(segments.slice(0, index + 1));
      throw new SandboxError('not-a-directory', `"${at}" is a file, not a directory.`, joinSegments(segments));
    }
    if (existing === undefined && node === undefined) return directory;
    // Recurse first: a refusal deeper down must happen before this level changes anything.
    replacement = setBelow(existing ?? emptyDirectory(now, owner), segments, index + 1, node, now, owner);
  }
  const target: DirectoryNode = owner !== undefined && directory.owner === owner ? directory : { kind: 'directory', children: new Map(directory.children), modified: now, owner };
  if (replacement === undefined) target.children.delete(name);
  else target.children.set(name, replacement);
  target.modified = now;
  target.sortedNames = undefined;
  return target;
}

/**
 * Child names of a directory, sorted (by UTF-16 code unit, like `Array.prototype.sort`).
 *
 * @example
 * ```ts
 * sortedNames(root); // ['README.md', 'src']
 * ```
 */
export function sortedNames(directory: DirectoryNode): readonly string[] {
  directory.sortedNames ??= [...directory.children.keys()].sort();
  return directory.sortedNames;
}

/**
 * Calls `visit` for every file below `node`, in sorted path order. `prefix` is the canonical path
 * of `node` itself.
 *
 * @example
 * ```ts
 * walkFiles(root, '/', (path, file) => console.log(path, file.size));
 * ```
 */
export function walkFiles(node: TreeNode, prefix: string, visit: (path: string, file: FileNode) => void): void {
  if (node.kind === 'file') {
    visit(prefix, node);
    return;
  }
  const base = prefix === '/' ? '/' : prefix + '/';
  for (const name of sortedNames(node)) walkFiles(node.children.get(name)!, base + name, visit);
}

/** What a subtree holds: used to check quotas and depth before moving or deleting it. */
export interface SubtreeMeasure {
  files: number;
  bytes: number;
  /** Deepest path below the node, in segments (0 for a file or an empty directory). */
  depth: number;
  /** Longest relative path below the node, in UTF-8 bytes (each name plus its slash). */
  pathLength: number;
}

/**
 * Counts files, bytes and depth of a subtree.
 *
 * @example
 * ```ts
 * measure(lookup(root, ['src'])!).files; // 12
 * ```
 */
export function measure(node: TreeNode): SubtreeMeasure {
  if (node.kind === 'file') return { files: 1, bytes: node.size, depth: 0, pathLength: 0 };
  const total: SubtreeMeasure = { files: 0, bytes: 0, depth: 0, pathLength: 0 };
  for (const [name, child] of node.children) {
    const inner = measure(child);
    total.files += inner.files;
    total.bytes += inner.bytes;
    total.depth = Math.max(total.depth, inner.depth + 1);
    total.pathLength = Math.max(total.pathLength, utf8Length(name) + 1 + inner.pathLength);
  }
  return total;
}
