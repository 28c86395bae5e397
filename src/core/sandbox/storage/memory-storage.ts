import { checkDeletedPath, normalizeFileRecord, type FileRecord } from './file-record';
import { PersistenceError } from '../../persistence/persistence-error';
import { sandboxFormatVersion, type StorageChanges, type SandboxStorage } from './sandbox-storage';

/**
 * A `SandboxStorage` that keeps files in memory: for tests, and for apps where IndexedDB is
 * missing or unwanted (files then last as long as the page). It behaves like the IndexedDB one:
 * records are copied in and out (no shared buffers), a bad record fails the whole save and changes
 * nothing, and `load()` returns `null` until something was saved.
 *
 * @example
 * ```ts
 * const storage = memorySandboxStorage();
 * await storage.save({ written: [{ path: 'a.txt', kind: 'text', text: 'a', modified: 1 }], deleted: [] });
 * (await storage.load())?.files.length; // 1
 * ```
 */
export function memorySandboxStorage(): SandboxStorage {
  let files: Map<string, FileRecord> | undefined;
  let closed = false;

  function open(): void {
    if (closed) throw new PersistenceError('closed', 'The memory storage was closed.');
  }

  return {
    async load() {
      open();
      if (files === undefined) return null;
      return { version: sandboxFormatVersion, files: [...files.values()].map(copy) };
    },

    async save(changes: StorageChanges) {
      open();
      // Check everything before changing anything, so a bad record leaves the previous state.
      const written = changes.written.map((record) => normalizeFileRecord(record, 'saving'));
      const deleted = changes.deleted.map(checkDeletedPath);
      if (written.length === 0 && deleted.length === 0) return;
      const next = new Map(files);
      for (const record of written) next.set(record.path, record);
      // After the writes, as in IndexedDB: a path both written and deleted ends up deleted.
      for (const path of deleted) next.delete(path);
      files = next;
    },

    async saveAll(records: readonly FileRecord[]) {
      open();
      const next = new Map<string, FileRecord>();
      for (const record of records) {
        const clean = normalizeFileRecord(record, 'saving all files');
        next.set(clean.path, clean);
      }
      files = next;
    },

    async clear() {
      open();
      files = undefined;
    },

    async close() {
      closed = true;
    },
  };
}

function copy(record: FileRecord): FileRecord {
  return record.kind === 'binary' ? { ...record, bytes: record.bytes.slice() } : { ...record };
}
