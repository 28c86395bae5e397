/**
 * Saved tree states. Because the tree is persistent, a checkpoint is only a reference to a root
 * (plus its totals): taking one is O(1) and restoring one is a pointer swap, whatever the tree size.
 */
import { SandboxError } from '../tree/sandbox-errors';
import type { CheckpointInfo } from '../sandbox-types';
import type { TreeState } from '../tree/tree-operations';

/** The checkpoints of one sandbox. */
export interface CheckpointStore {
  /** Saves `state`; returns its id. */
  save(state: TreeState, version: number, createdAt: number): string;
  /** The saved state; `unknown-checkpoint` when there is none with that id. */
  get(id: string): TreeState;
  list(): CheckpointInfo[];
  remove(id: string): void;
  /**
   * Replaces every checkpoint with `checkpoints`, in this order (an import). Ids are kept; later
   * ids continue after the highest `checkpoint-N` this store has handed out or been given.
   */
  replaceAll(checkpoints: readonly RestoredCheckpoint[]): void;
}

/** A checkpoint rebuilt from storage (see `importCheckpointRecords`). */
export interface RestoredCheckpoint {
  id: string;
  state: TreeState;
  version: number;
  createdAt: number;
}

/**
 * Creates an empty checkpoint store. Ids are `checkpoint-1`, `checkpoint-2`, … and never reused,
 * so a deleted id cannot silently point at a newer tree.
 *
 * @example
 * ```ts
 * const store = createCheckpointStore();
 * const id = store.save(state, 3, Date.now());
 * store.get(id) === state; // true
 * ```
 */
export function createCheckpointStore(): CheckpointStore {
  const saved = new Map<string, { state: TreeState; info: CheckpointInfo }>();
  let counter = 0;
  const find = (id: string) => {
    const entry = saved.get(id);
    if (entry === undefined) throw new SandboxError('unknown-checkpoint', `There is no checkpoint "${String(id)}".`);
    return entry;
  };
  return {
    save(state, version, createdAt) {
      counter++;
      const id = `checkpoint-${counter}`;
      saved.set(id, { state, info: { id, version, createdAt, files: state.files, bytes: state.bytes } });
      return id;
    },
    get: (id) => find(id).state,
    list: () => [...saved.values()].map((entry) => ({ ...entry.info })),
    remove(id) {
      find(id);
      saved.delete(id);
    },
    replaceAll(checkpoints) {
      saved.clear();
      for (const { id, state, version, createdAt } of checkpoints) {
        saved.set(id, { state, info: { id, version, createdAt, files: state.files, bytes: state.bytes } });
        // Never below the current counter: an id handed out before the import is not reused either.
        const number = /^checkpoint-(\d+)$/.exec(id)?.[1];
        if (number !== undefined) counter = Math.max(counter, Number(number));
      }
    },
  };
}
