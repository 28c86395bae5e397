/**
 * Checkpoints as records, so they survive a reload: each one is saved as the changes that turn the
 * current tree into the checkpoint's tree, and rebuilt from them by persistent operations on the
 * current tree. Both directions cost O(the change), because the trees share unchanged subtrees.
 *
 * Records hold binary content as `Uint8Array`: right for IndexedDB (structured clone keeps it),
 * but `JSON.stringify` would turn it into an object of numbers that is then refused on import.
 * A JSON file needs its own encoding of the bytes (as `exportArchive` does with base64).
 */
import { fileRecordProblem, type FileRecord } from '../storage/file-record';
import type { SandboxCheckpointRecord } from './checkpoint-record';
import { applyRecordChanges, type CheckedChanges } from './apply-record-changes';
import { exactRecordChanges } from './checkpoint-changes';
import type { CheckpointStore, RestoredCheckpoint } from './checkpoints';
import { SandboxError } from '../tree/sandbox-errors';
import { parsePath, type SandboxPath } from '../tree/sandbox-path';
import type { TreeState } from '../tree/tree-operations';

/**
 * Every checkpoint of `store`, in creation order, as the changes from `current` to its tree.
 *
 * @example
 * ```ts
 * const saved = exportCheckpointRecords(state, checkpoints); // [{ id: 'checkpoint-1', createdAt, version, changes }]
 * ```
 */
export function exportCheckpointRecords(current: TreeState, store: CheckpointStore): SandboxCheckpointRecord[] {
  // One copy of each binary version for all records: storage's structured clone keeps it one object.
  const copies = new Map<Uint8Array, Uint8Array>();
  return store.list().map(({ id, createdAt, version }) => ({ id, createdAt, version, changes: exactRecordChanges(current.root, store.get(id).root, copies) }));
}

/** Canonical ids the store hands out; the number must stay exact, or the counter could repeat one. */
const idPattern = /^checkpoint-([1-9][0-9]*)$/;

/**
 * Checks `records` and rebuilds each checkpoint's tree from `current`, without changing anything:
 * the caller swaps the result in, so an import is all or nothing. Every path goes through
 * `parsePath` and every record through `fileRecordProblem`; quotas are not applied (see
 * `applyRecordChanges`). Any problem throws `SandboxError` `invalid-records`, naming the record.
 *
 * @example
 * ```ts
 * store.replaceAll(importCheckpointRecords(state, savedRecords, Date.now()));
 * ```
 */
export function importCheckpointRecords(current: TreeState, records: readonly SandboxCheckpointRecord[], now: number): RestoredCheckpoint[] {
  if (!Array.isArray(records)) throw new SandboxError('invalid-records', `Expected a list of checkpoint records, got ${records === null ? 'null' : typeof records}.`);
  const ids = new Set<string>();
  const copies = new Map<Uint8Array, Uint8Array>();
  const restored: RestoredCheckpoint[] = [];
  // An index loop, not `map`: a hole in a sparse list must be refused, not skipped.
  for (let index = 0; index < records.length; index++) {
    const record: unknown = records[index];
    let name = `Checkpoint record ${index}`;
    try {
      const { id, createdAt, version, changes } = checkEnvelope(record);
      name += ` ("${id}")`;
      if (ids.has(id)) throw new SandboxError('invalid-records', 'another record has the same id');
      ids.add(id);
      // A private edit session per tree: nothing else can reach its new nodes while it is built.
      const state = applyRecordChanges(current, checkChanges(changes), now, {}, copies);
      restored.push({ id, createdAt, version, state });
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/\.$/, '') : String(error);
      throw new SandboxError('invalid-records', `${name} cannot be imported: ${reason}.`, error instanceof SandboxError ? error.path : undefined);
    }
  }
  return restored;
}

function checkEnvelope(value: unknown): { id: string; createdAt: number; version: number; changes: object } {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('it is not an object');
  const { id, createdAt, version, changes } = value as Record<string, unknown>;
  const number = typeof id === 'string' ? idPattern.exec(id)?.[1] : undefined;
  if (number === undefined || !Number.isSafeInteger(Number(number))) throw new Error(`its id ${JSON.stringify(id)} is not of the form "checkpoint-N"`);
  if (typeof createdAt !== 'number' || !Number.isFinite(createdAt)) throw new Error('it has no finite "createdAt" time');
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) throw new Error('its "version" is not a whole number of 0 or more');
  if (typeof changes !== 'object' || changes === null) throw new Error('it has no "changes" object');
  return { id: id as string, createdAt, version, changes };
}

function checkChanges(changes: object): CheckedChanges {
  const { written, deleted } = changes as Record<string, unknown>;
  if (!Array.isArray(written) || !Array.isArray(deleted)) throw new Error('its changes need a "written" list and a "deleted" list');
  const deletedTargets = new Map<string, SandboxPath>();
  for (const [position, path] of deleted.entries()) {
    if (typeof path !== 'string') throw new Error(`deleted path ${position} is not a string`);
    const target = entryPath(path);
    deletedTargets.set(target.path, target);
  }
  const writtenPaths = new Set<string>();
  const writes: { target: SandboxPath; record: FileRecord }[] = [];
  for (const [position, record] of written.entries()) {
    const problem = fileRecordProblem(record);
    if (problem !== undefined) throw new Error(`written record ${position} is malformed: ${problem}`);
    const target = entryPath((record as FileRecord).path);
    // Two records for one path: one of them would silently be lost (the rule of `load` too).
    if (writtenPaths.has(target.path)) throw new SandboxError('invalid-records', `it writes "${target.path}" twice`, target.path);
    writtenPaths.add(target.path);
    // StorageChanges' rule: a path both written and deleted is deleted.
    if (!deletedTargets.has(target.path)) writes.push({ target, record: record as FileRecord });
  }
  return { deleted: [...deletedTargets.values()], written: writes };
}

/** The same path rules as any write; the root is never a record of its own. */
function entryPath(path: string): SandboxPath {
  const target = parsePath(path);
  if (target.segments.length === 0) throw new SandboxError('invalid-records', `it names the root ("${path}") as an entry`, '/');
  return target;
}
