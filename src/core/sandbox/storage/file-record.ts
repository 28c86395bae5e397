import { PersistenceError } from '../../persistence/persistence-error';

/**
 * A text file as stored: UTF-8 content kept as a string (IndexedDB stores strings compactly and
 * the archive stays readable).
 *
 * @example
 * ```ts
 * const readme: TextFileRecord = { path: 'README.md', kind: 'text', text: '# Hi', modified: Date.now() };
 * ```
 */
export interface TextFileRecord {
  readonly path: string;
  readonly kind: 'text';
  readonly text: string;
  /** Milliseconds since the epoch, as the sandbox reports it. */
  readonly modified: number;
}

/**
 * A binary file as stored.
 *
 * @example
 * ```ts
 * const logo: BinaryFileRecord = { path: 'logo.png', kind: 'binary', bytes: new Uint8Array([137, 80]), modified: 0 };
 * ```
 */
export interface BinaryFileRecord {
  readonly path: string;
  readonly kind: 'binary';
  readonly bytes: Uint8Array;
  readonly modified: number;
}

/**
 * An empty directory as stored (directories that hold files are implied by their files' paths).
 *
 * @example
 * ```ts
 * const build: DirectoryRecord = { path: '/build', kind: 'directory', modified: 0 };
 * ```
 */
export interface DirectoryRecord {
  readonly path: string;
  readonly kind: 'directory';
  readonly modified: number;
}

/**
 * One entry of the sandbox, independent of how the sandbox keeps its tree: a text or binary
 * file, or an empty directory. Paths are the sandbox's normalized paths; this layer stores them
 * as given and does not interpret them (confinement is the sandbox's job, also for loaded and
 * imported files).
 *
 * @example
 * ```ts
 * const text = (record: FileRecord) => (record.kind === 'text' ? record.text : record.kind);
 * ```
 */
export type FileRecord = TextFileRecord | BinaryFileRecord | DirectoryRecord;

/**
 * Checks the shape of a record and returns a copy with only the known fields. Copying drops
 * stray properties (which might not be cloneable) and detaches binary content from the caller's
 * buffer, so a later change to that buffer cannot alter what was saved.
 *
 * @example
 * ```ts
 * const clean = normalizeFileRecord({ path: 'a.txt', kind: 'text', text: 'a', modified: 1 }, 'saving');
 * ```
 */
export function normalizeFileRecord(value: unknown, doing: string): FileRecord {
  const problem = fileRecordProblem(value);
  if (problem !== undefined) {
    throw new PersistenceError('invalid-record', `Not a file record while ${doing}: ${problem}.`);
  }
  const record = value as FileRecord;
  switch (record.kind) {
    case 'text':
      return { path: record.path, kind: 'text', text: record.text, modified: record.modified };
    case 'binary':
      return { path: record.path, kind: 'binary', bytes: record.bytes.slice(), modified: record.modified };
    case 'directory':
      return { path: record.path, kind: 'directory', modified: record.modified };
  }
}

/**
 * What is wrong with a would-be record, or `undefined` when it is well formed. Shared by the
 * storages (before writing) and by loading (after reading) so both apply one rule.
 *
 * @example
 * ```ts
 * fileRecordProblem({ path: '', kind: 'text', text: '', modified: 0 }); // 'the path is empty'
 * ```
 */
export function fileRecordProblem(value: unknown): string | undefined {
  if (typeof value !== 'object' || value === null) return 'it is not an object';
  const record = value as Record<string, unknown>;
  if (typeof record.path !== 'string') return 'the path is not a string';
  if (record.path === '') return 'the path is empty';
  const where = `"${record.path}"`;
  if (typeof record.modified !== 'number' || !Number.isFinite(record.modified)) {
    return `${where} has no finite "modified" time`;
  }
  if (record.kind === 'text') {
    return typeof record.text === 'string' ? undefined : `${where} is a text file without a string "text"`;
  }
  if (record.kind === 'binary') {
    return record.bytes instanceof Uint8Array ? undefined : `${where} is a binary file without Uint8Array "bytes"`;
  }
  if (record.kind === 'directory') return undefined;
  return `${where} has kind ${JSON.stringify(record.kind)}, expected "text", "binary" or "directory"`;
}

/**
 * Returns a deleted path if it is a non-empty string, else throws `invalid-record`.
 *
 * @example
 * ```ts
 * const deleted = changes.deleted.map(checkDeletedPath);
 * ```
 */
export function checkDeletedPath(path: unknown): string {
  if (typeof path === 'string' && path !== '') return path;
  throw new PersistenceError('invalid-record', `A deleted path must be a non-empty string, got ${JSON.stringify(path)}.`);
}

/**
 * Checks what storage returned: a list of well-formed records, else `corrupt` (naming the
 * problem) rather than handing the sandbox something it would crash on later.
 *
 * @example
 * ```ts
 * const files = checkLoadedFiles(await requestResult(store.getAll(), 'loading'));
 * ```
 */
export function checkLoadedFiles(files: unknown): FileRecord[] {
  if (!Array.isArray(files)) throw new PersistenceError('corrupt', 'The saved file list is not an array.');
  for (const file of files) {
    const problem = fileRecordProblem(file);
    if (problem !== undefined) throw new PersistenceError('corrupt', `A saved file is damaged: ${problem}.`);
  }
  return files as FileRecord[];
}
