/**
 * The sandbox as a list of records: the one interchange format for persistence (IndexedDB keeps
 * one record per file), export/import archives and `sandbox.load`. Text stays a string and binary
 * stays bytes; only the archive turns bytes into base64.
 */
import { fileRecordProblem, type FileRecord } from '../storage/file-record';
import { SandboxError } from './sandbox-errors';
import type { SandboxLimits } from './sandbox-limits';
import { parsePath } from './sandbox-path';
import type { DirectoryNode, TreeNode } from './tree';
import { emptyTreeState, mkdirInto, writeInto, type TreeState } from './tree-operations';

/**
 * Every file of a tree, and every empty directory (the others are implied by their files), in
 * sorted path order.
 *
 * @example
 * ```ts
 * treeToRecords(root); // [{ path: '/a.txt', kind: 'text', text: 'hi', modified: 1 }, { path: '/build', kind: 'directory', modified: 1 }]
 * ```
 */
export function treeToRecords(root: DirectoryNode): FileRecord[] {
  const records: FileRecord[] = [];
  collect(root, '/', records);
  return records;
}

function recordOf(node: TreeNode, path: string): FileRecord {
  if (node.kind === 'directory') return { path, kind: 'directory', modified: node.modified };
  return typeof node.content === 'string'
    ? { path, kind: 'text', text: node.content, modified: node.modified }
    : { path, kind: 'binary', bytes: node.content.slice(), modified: node.modified };
}

function collect(node: TreeNode, path: string, records: FileRecord[]): void {
  if (node.kind === 'file' || (node.children.size === 0 && path !== '/')) {
    records.push(recordOf(node, path));
    return;
  }
  const base = path === '/' ? '/' : path + '/';
  for (const name of [...node.children.keys()].sort()) collect(node.children.get(name)!, base + name, records);
}

/**
 * Builds a new tree from records, through the same path rules and limits as any write, so
 * records from storage or a user's file cannot escape the root or exceed a quota. Throws the
 * first refusal (a `SandboxError`, naming the record); nothing is built then. Two records with
 * one path are refused (`invalid-records`), because one of them would silently be lost.
 *
 * @example
 * ```ts
 * const state = recordsToTree([{ path: 'a.txt', kind: 'text', text: 'hi', modified: 1 }], limits, Date.now());
 * ```
 */
export function recordsToTree(records: readonly FileRecord[], limits: SandboxLimits, now: number): TreeState {
  if (!Array.isArray(records)) throw new SandboxError('invalid-records', `Expected a list of file records, got ${typeof records}.`);
  // A private edit session: the new tree is unreachable from anywhere else until it is returned.
  const session = {};
  let state = emptyTreeState(now, session);
  const seen = new Set<string>();
  for (const [index, record] of records.entries()) {
    const problem = fileRecordProblem(record);
    if (problem !== undefined) throw new SandboxError('invalid-records', `Record ${index} cannot be loaded: ${problem}.`);
    const target = parsePath(record.path);
    if (seen.has(target.path)) throw new SandboxError('invalid-records', `Record ${index} repeats the path "${target.path}".`, target.path);
    seen.add(target.path);
    state =
      record.kind === 'directory'
        ? mkdirInto(state, target, limits, record.modified, session)
        : writeInto(state, target, record.kind === 'text' ? record.text : record.bytes, false, limits, now, record.modified, session);
  }
  return state;
}
