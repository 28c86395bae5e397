/**
 * Persistence of the sandbox's files, independent of how the sandbox keeps its tree: the sandbox
 * maps its files to `FileRecord`s and its change events to `SandboxChanges`; this layer stores them.
 *
 * @example
 * ```ts
 * import { createDebouncedSaver, indexedDbSandboxStorage } from './persistence';
 * const storage = indexedDbSandboxStorage({ name: 'workspace' });
 * const saver = createDebouncedSaver(storage);
 * ```
 */
export { exportArchive, importArchive, SANDBOX_ARCHIVE_FORMAT, SANDBOX_ARCHIVE_VERSION } from './archive';
export type { ArchiveEntry } from './archive';
export { createDebouncedSaver } from './debounced-saver';
export type { DebouncedSaver, DebouncedSaverOptions, FlushResult } from './debounced-saver';
export { checkDeletedPath, checkLoadedFiles, fileRecordProblem, normalizeFileRecord } from './file-record';
export type { BinaryFileRecord, FileRecord, TextFileRecord } from './file-record';
export { indexedDbSandboxStorage } from './indexed-db-storage';
export type { IndexedDbSandboxStorageOptions } from './indexed-db-storage';
export { memorySandboxStorage } from './memory-storage';
export { PersistenceError } from './persistence-error';
export type { PersistenceErrorCode } from './persistence-error';
export { SANDBOX_FORMAT_VERSION } from './sandbox-storage';
export type { SandboxChanges, SandboxSnapshot, SandboxStorage } from './sandbox-storage';
