import { base64ToBytes, bytesToBase64 } from '../../persistence/base64';
import { normalizeFileRecord, type FileRecord } from './file-record';
import { PersistenceError } from '../../persistence/persistence-error';

/** Identifies our archives, so importing some other JSON file fails clearly. */
export const sandboxArchiveFormat = 'react-agent-kit.sandbox';
/** The archive version this code writes and reads up to. */
export const sandboxArchiveVersion = 1;

/**
 * One file in an archive. Binary content is base64 so the archive is plain JSON.
 *
 * @example
 * ```ts
 * const entry: ArchiveEntry = { path: 'logo.png', kind: 'binary', base64: 'iVBO', modified: 0 };
 * ```
 */
export type ArchiveEntry =
  | { path: string; kind: 'text'; text: string; modified: number }
  | { path: string; kind: 'binary'; base64: string; modified: number }
  | { path: string; kind: 'directory'; modified: number };

/**
 * Writes the whole tree as one JSON file that `importArchive` reads back. Pure: no Blob, no DOM,
 * so it runs in workers and Node; wrap it for a download with
 * `new Blob([exportArchive(files)], { type: 'application/json' })`.
 *
 * @example
 * ```ts
 * const json = exportArchive([{ path: 'a.txt', kind: 'text', text: 'hi', modified: 1 }]);
 * ```
 */
export function exportArchive(files: readonly FileRecord[]): string {
  const entries = files.map((file): ArchiveEntry => {
    const record = normalizeFileRecord(file, 'exporting');
    return record.kind === 'binary' ? { path: record.path, kind: 'binary', base64: bytesToBase64(record.bytes), modified: record.modified } : record;
  });
  return JSON.stringify({ format: sandboxArchiveFormat, version: sandboxArchiveVersion, files: entries });
}

/**
 * Reads an archive written by `exportArchive` (as text or as the bytes of the file) and returns
 * its files. Refuses, with a `PersistenceError` that says why: data that is not JSON or not our
 * format (`invalid-archive`), a newer archive version (`future-format`), and bad or duplicate
 * entries (`invalid-archive`, naming the entry). Paths are not interpreted here: write the
 * files through the sandbox, which applies its path rules and limits.
 *
 * @example
 * ```ts
 * const files = importArchive(await file.text());
 * ```
 */
export function importArchive(data: string | Uint8Array): FileRecord[] {
  const archive = parse(data);
  if (typeof archive !== 'object' || archive === null || (archive as { format?: unknown }).format !== sandboxArchiveFormat) {
    return invalid(`it is not a react-agent-kit sandbox archive (expected "format": "${sandboxArchiveFormat}")`);
  }
  const { version, files } = archive as { version?: unknown; files?: unknown };
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    return invalid(`its version ${JSON.stringify(version)} is not a positive integer`);
  }
  if (version > sandboxArchiveVersion) {
    throw new PersistenceError(
      'future-format',
      `This archive has version ${version}; this version of react-agent-kit reads up to ${sandboxArchiveVersion}. Update react-agent-kit to import it.`,
    );
  }
  if (!Array.isArray(files)) return invalid('"files" is not a list');
  const seen = new Set<string>();
  return files.map((entry: unknown, index) => {
    const record = toRecord(entry, index);
    if (seen.has(record.path)) invalid(`entry ${index} repeats the path "${record.path}"`);
    seen.add(record.path);
    return record;
  });
}

function parse(data: string | Uint8Array): unknown {
  let text: string;
  try {
    text = typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return invalid('it is not UTF-8 text');
  }
  try {
    return JSON.parse(text);
  } catch {
    return invalid('it is not JSON');
  }
}

function toRecord(entry: unknown, index: number): FileRecord {
  const kind = typeof entry === 'object' && entry !== null ? (entry as { kind?: unknown }).kind : undefined;
  let candidate: unknown = entry;
  if (kind === 'binary') {
    const { base64, ...rest } = entry as { base64?: unknown };
    const bytes = typeof base64 === 'string' ? base64ToBytes(base64) : undefined;
    if (bytes === undefined) invalid(`entry ${index} is a binary file without valid base64 content`);
    candidate = { ...rest, bytes };
  }
  try {
    return normalizeFileRecord(candidate, 'importing');
  } catch (error) {
    return invalid(`entry ${index}: ${error instanceof Error ? error.message : String(error)}`);
  }
}

function invalid(reason: string): never {
  throw new PersistenceError('invalid-archive', `Cannot import the archive: ${reason}.`);
}
