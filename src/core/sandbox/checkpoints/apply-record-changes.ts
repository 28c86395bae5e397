/**
 * Applies a change set (records to write, paths to delete) to a tree as persistent operations: the
 * directories on each changed path are copied, everything else stays shared with the tree it was
 * applied to. So a checkpoint rebuilt from its saved changes costs O(its change), not O(tree), and
 * shares its unchanged subtrees with the current tree just like a checkpoint taken in this session.
 */
import type { BinaryFileRecord, FileRecord, TextFileRecord } from '../storage/file-record';
import { SandboxError } from '../tree/sandbox-errors';
import type { SandboxPath } from '../tree/sandbox-path';
import { utf8Length } from '../tree/text-encoding';
import { emptyDirectory, lookup, setNode, type DirectoryNode, type FileNode, type TreeNode } from '../tree/tree';
import type { TreeState } from '../tree/tree-operations';

/** A change set whose paths already went through `parsePath` and whose records are well formed. */
export interface CheckedChanges {
  readonly deleted: readonly SandboxPath[];
  readonly written: readonly { readonly target: SandboxPath; readonly record: FileRecord }[];
}

/**
 * The tree `state` with `changes` applied, in the order storage defines: deletes first, then
 * writes. A deleted path must be a file or an empty directory of `state`; directories that held
 * only the deleted entry go with it (they were implied by it). A written record replaces a file or
 * an empty directory at its path and creates missing parents; a directory record where a
 * directory with entries is already changes nothing. Anything else throws a `SandboxError`.
 *
 * No quota (file size, total bytes, file count, depth) is applied, only the path rules the caller
 * ran. A checkpoint was within the limits when it was taken; the limits may have been lowered
 * since, and refusing it then would lose the rollback for no gain: the records are in memory
 * already, and the rebuilt tree holds at most one copy of their content.
 *
 * `owner` must be a fresh edit session that nothing else uses (see `setNode`). Binary content is
 * copied once per array into `copies` (pass one map for several calls to share the copies).
 *
 * @example
 * ```ts
 * const next = applyRecordChanges(state, { deleted: [parsePath('/new.txt')], written: [] }, Date.now(), {});
 * ```
 */
export function applyRecordChanges(state: TreeState, changes: CheckedChanges, now: number, owner: object, copies = new Map<Uint8Array, Uint8Array>()): TreeState {
  let next = state;
  for (const target of changes.deleted) next = deleteLeaf(next, target, now, owner);
  for (const { target, record } of changes.written) next = writeLeaf(next, target, record, now, owner, copies);
  return next;
}

function deleteLeaf(state: TreeState, target: SandboxPath, now: number, owner: object): TreeState {
  // The directories from the root down to the entry's parent, to find the ones left empty.
  const parents: DirectoryNode[] = [];
  let node: TreeNode | undefined = state.root;
  for (const name of target.segments) {
    if (node === undefined || node.kind !== 'directory') break;
    parents.push(node);
    node = node.children.get(name);
  }
  if (parents.length < target.segments.length || node === undefined || (node.kind === 'directory' && node.children.size > 0)) {
    throw new SandboxError('invalid-records', `it deletes "${target.path}", which is not a file or an empty directory of the current tree`, target.path);
  }
  let cut = target.segments.length;
  while (cut > 1 && parents[cut - 1]!.children.size === 1) cut--;
  const size = node.kind === 'file' ? node.size : 0;
  return { root: setNode(state.root, target.segments.slice(0, cut), undefined, now, owner), files: state.files - (node.kind === 'file' ? 1 : 0), bytes: state.bytes - size };
}

function writeLeaf(state: TreeState, target: SandboxPath, record: FileRecord, now: number, owner: object, copies: Map<Uint8Array, Uint8Array>): TreeState {
  const existing = lookup(state.root, target.segments);
  if (existing?.kind === 'directory' && existing.children.size > 0) {
    if (record.kind === 'directory') return state;
    throw new SandboxError('invalid-records', `it writes a file at "${target.path}", where the tree has a directory with entries`, target.path);
  }
  // `setNode` replaces whatever leaf is there: a file may replace an empty directory and vice versa.
  const node: TreeNode = record.kind === 'directory' ? emptyDirectory(record.modified, owner) : fileNode(record, copies);
  const removed = existing?.kind === 'file' ? existing : undefined;
  const added = node.kind === 'file' ? node : undefined;
  return {
    root: setNode(state.root, target.segments, node, now, owner),
    files: state.files - (removed === undefined ? 0 : 1) + (added === undefined ? 0 : 1),
    bytes: state.bytes - (removed?.size ?? 0) + (added?.size ?? 0),
  };
}

function fileNode(record: TextFileRecord | BinaryFileRecord, copies: Map<Uint8Array, Uint8Array>): FileNode {
  if (record.kind === 'text') return { kind: 'file', content: record.text, size: utf8Length(record.text), modified: record.modified };
  // Copied in, so the caller's array cannot change a checkpoint; one copy per array, because the
  // same old version of a file is often in many checkpoints' records (and stays one object in storage).
  let content = copies.get(record.bytes);
  if (content === undefined) copies.set(record.bytes, (content = record.bytes.slice()));
  return { kind: 'file', content, size: content.byteLength, modified: record.modified };
}
