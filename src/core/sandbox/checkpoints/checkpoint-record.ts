import type { StorageChanges } from '../storage/sandbox-storage';

/**
 * One sandbox checkpoint, stored as what turns the tree of the snapshot into the checkpoint's
 * tree: the records to write and the paths to delete. Its size follows what changed since the
 * checkpoint, not the size of the tree.
 *
 * @example
 * ```ts
 * const record: SandboxCheckpointRecord = { id: 'checkpoint-3', createdAt: 1, version: 7, changes: { written: [], deleted: ['/new.txt'] } };
 * ```
 */
export interface SandboxCheckpointRecord {
  /** The checkpoint's id; messages refer to it (`Message.checkpointId`). */
  readonly id: string;
  readonly createdAt: number;
  /** The sandbox version the checkpoint was taken at. */
  readonly version: number;
  readonly changes: StorageChanges;
}
