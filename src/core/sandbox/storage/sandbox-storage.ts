import type { FileRecord } from './file-record';

/**
 * The version of the stored format that this code writes. Data of a higher version is refused
 * (never overwritten); data of a lower version is migrated on load (see `format-migrations.ts`).
 *
 * @example
 * ```ts
 * if (loaded.version !== sandboxFormatVersion) console.warn('migrated');
 * ```
 */
export const sandboxFormatVersion = 1;

/**
 * What changed since the last save. A path is either written or deleted in one change set;
 * if it appears in both, the delete wins (it is applied after the writes).
 *
 * @example
 * ```ts
 * const changes: StorageChanges = { written: [{ path: 'a.txt', kind: 'text', text: 'a', modified: 1 }], deleted: ['b.txt'] };
 * ```
 */
export interface StorageChanges {
  readonly written: readonly FileRecord[];
  readonly deleted: readonly string[];
}

/**
 * A whole saved tree, as loaded.
 *
 * @example
 * ```ts
 * const snapshot: SandboxSnapshot = { version: sandboxFormatVersion, files: [] };
 * ```
 */
export interface SandboxSnapshot {
  readonly version: number;
  readonly files: FileRecord[];
}

/**
 * Where a sandbox's files are kept between page loads. It knows nothing about the sandbox's tree:
 * the sandbox hands it records and gets records back. Every failure is a `PersistenceError`.
 *
 * - `load()`: the saved tree, or `null` when nothing was ever saved.
 * - `save(changes)`: applies one change set atomically (all of it or none of it).
 * - `saveAll(files)`: replaces the whole saved tree with `files` atomically, and refreshes the
 *   whole-tree record that makes cold loads fast. Use it for the first save, after an import or a
 *   rollback, and now and then (e.g. when the page is hidden) to keep cold loads fast.
 * - `refreshWholeTree(files)` (optional): stores only the whole-tree record, for a storage whose
 *   per-file records already hold `files`, so the next load is one read again.
 * - `clear()`: removes every saved file.
 * - `close()`: releases the storage; later calls fail with code `closed`.
 *
 * @example
 * ```ts
 * const storage: SandboxStorage = indexedDbSandboxStorage({ name: 'workspace' });
 * const saved = await storage.load();
 * await storage.save({ written: [{ path: 'a.txt', kind: 'text', text: 'hi', modified: Date.now() }], deleted: [] });
 * ```
 */
export interface SandboxStorage {
  load(): Promise<SandboxSnapshot | null>;
  save(changes: StorageChanges): Promise<void>;
  saveAll(files: readonly FileRecord[]): Promise<void>;
  refreshWholeTree?(files: readonly FileRecord[]): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}
