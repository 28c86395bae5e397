/**
 * Applies a change set (records to write, paths to delete) to a tree as persistent operations: the
 * directories on each changed path are copied, everything else stays shared with the tree it was
 * applied to. So a checkpoint rebuilt from its saved changes costs O(its change), not O(tree), and
 * shares its unchanged subtrees with the current tree just like a checkpoint taken in this session.
 */
import type { FileRecord } from '../persistence/file-record';
import { SandboxError } from './sandbox-errors';
import type { SandboxLimits } from './sandbox-limits';
import type { SandboxPath } from './sandbox-path';
import { emptyDirectory, lookup, setNode, type DirectoryNode, type TreeNode } from './tree';
import { writeInto, type TreeState } from './tree-operations';

/** A change set whose paths already went through `parsePath` and whose records are well formed. */
export interface CheckedChanges {
  readonly deleted: readonly SandboxPath[];
  readonly written: readonly { readonly target: SandboxPath; readonly record: FileRecord }[];
}

/**
 * Limits that refuse nothing. A checkpoint was within the limits when it was taken; the limits may
 * have been lowered since, and refusing the checkpoint then would lose the rollback for no gain:
 * the records are in memory already and the rebuilt tree shares them, so nothing grows.
 */
const unlimited: SandboxLimits = { maxFileBytes: Infinity, maxTotalBytes: Infinity, maxFiles: Infinity, maxDepth: Infinity };

/**
 * The tree `state` with `changes` applied, in the order storage defines: deletes first, then
 * writes. A deleted path must be a file or an empty directory of `state`; directories that held
 * only the deleted entry go with it (they were implied by it). A written record replaces a file or
 * an empty directory at its path and creates missing parents; a directory record where a
 * directory with entries is already changes nothing. Anything else throws a `SandboxError`.
 * `owner` must be a fresh edit session that nothing else uses (see `setNode`).
 *
 * @example
 * ```ts
 * const next = applyRecordChanges(state, { deleted: [parsePath('/new.txt')], written: [] }, Date.now(), {});
 * ```
 */
export function applyRecordChanges(state: TreeState, changes: CheckedChanges, now: number, owner: object): TreeState {
  let next = state;
  for (const target of changes.deleted) next = deleteLeaf(next, target, now, owner);
  for (const { target, record } of changes.written) next = writeLeaf(next, target, record, now, owner);
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

function writeLeaf(state: TreeState, target: SandboxPath, record: FileRecord, now: number, owner: object): TreeState {
  const existing = lookup(state.root, target.segments);
  if (existing?.kind === 'directory' && existing.children.size > 0) {
    if (record.kind === 'directory') return state;
    throw new SandboxError('invalid-records', `it writes a file at "${target.path}", where the tree has a directory with entries`, target.path);
  }
  // Whatever leaf is there goes first: a file may replace an empty directory and vice versa.
  const cleared: TreeState =
    existing === undefined || (existing.kind === 'file' && record.kind !== 'directory')
      ? state
      : { root: setNode(state.root, target.segments, undefined, now, owner), files: state.files - (existing.kind === 'file' ? 1 : 0), bytes: state.bytes - (existing.kind === 'file' ? existing.size : 0) };
  if (record.kind === 'directory') return { ...cleared, root: setNode(cleared.root, target.segments, emptyDirectory(record.modified, owner), now, owner) };
  return writeInto(cleared, target, record.kind === 'text' ? record.text : record.bytes, true, unlimited, now, record.modified, owner);
}
