/**
 * Sandbox file records as rows of `rak_files` and back: the content as bytes (a text file's as
 * UTF-8, so any character fits, U+0000 too), `null` for a directory.
 */
import type { FileRecord } from '../../core/sandbox/index';

/** The columns of the files to write, one array per column (for one `INSERT ... SELECT unnest(...)`). */
export interface FileColumns {
  readonly paths: string[];
  readonly kinds: string[];
  readonly contents: (Buffer | null)[];
  readonly modified: number[];
}

/**
 * Column arrays for `records`, already checked (`normalizeFileRecord`). A path given twice keeps
 * its last record, as a save to a map would.
 *
 * @example
 * ```ts
 * const { paths, kinds, contents, modified } = toFileColumns([{ path: 'a.txt', kind: 'text', text: 'a', modified: 1 }]);
 * ```
 */
export function toFileColumns(records: readonly FileRecord[]): FileColumns {
  const byPath = new Map<string, FileRecord>();
  for (const record of records) byPath.set(record.path, record);
  const columns: FileColumns = { paths: [], kinds: [], contents: [], modified: [] };
  for (const record of byPath.values()) {
    columns.paths.push(record.path);
    columns.kinds.push(record.kind);
    columns.contents.push(
      record.kind === 'text' ? Buffer.from(record.text, 'utf8') : record.kind === 'binary' ? Buffer.from(record.bytes.buffer, record.bytes.byteOffset, record.bytes.byteLength) : null,
    );
    columns.modified.push(record.modified);
  }
  return columns;
}

/**
 * The record a row of `rak_files` holds; unknown kinds and missing content come back as they are,
 * for `checkLoadedFiles` to report as damage.
 *
 * @example
 * ```ts
 * const record = fromFileRow({ path: 'a.txt', kind: 'text', content: Buffer.from('a'), modified: 1 });
 * ```
 */
export function fromFileRow(row: Record<string, unknown>): unknown {
  const { path, kind, content, modified } = row;
  if (kind === 'text' && content instanceof Uint8Array) return { path, kind, text: Buffer.from(content).toString('utf8'), modified };
  if (kind === 'binary' && content instanceof Uint8Array) return { path, kind, bytes: new Uint8Array(content), modified };
  if (kind === 'directory') return { path, kind, modified };
  return { path, kind, modified };
}
