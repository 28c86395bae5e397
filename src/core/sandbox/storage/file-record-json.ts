/**
 * File records as JSON, for the session routes between the browser and the server: text files
 * and directories travel as they are; a binary file's bytes travel as base64 in a `base64` field
 * (the marker: a binary record in JSON has `base64` where the stored one has `bytes`). Both sides
 * use these two functions, so the wire format is written once.
 */
import { PersistenceError } from '../../persistence/persistence-error';
import { fileRecordProblem, type DirectoryRecord, type FileRecord, type TextFileRecord } from './file-record';

/**
 * A binary file on the wire: its bytes as base64.
 *
 * @example
 * ```ts
 * const logo: JsonBinaryFileRecord = { path: 'logo.png', kind: 'binary', base64: 'iVA=', modified: 0 };
 * ```
 */
export interface JsonBinaryFileRecord {
  readonly path: string;
  readonly kind: 'binary';
  readonly base64: string;
  readonly modified: number;
}

/**
 * A `FileRecord` as JSON can carry it.
 *
 * @example
 * ```ts
 * const body = JSON.stringify({ files: files.map(fileRecordToJson) });
 * ```
 */
export type JsonFileRecord = TextFileRecord | JsonBinaryFileRecord | DirectoryRecord;

/**
 * The record as JSON: a binary file's bytes become base64; other records keep their fields.
 *
 * @example
 * ```ts
 * fileRecordToJson({ path: 'a.bin', kind: 'binary', bytes: new Uint8Array([1, 2]), modified: 0 }); // { …, base64: 'AQI=' }
 * ```
 */
export function fileRecordToJson(record: FileRecord): JsonFileRecord {
  switch (record.kind) {
    case 'text':
      return { path: record.path, kind: 'text', text: record.text, modified: record.modified };
    case 'binary':
      return { path: record.path, kind: 'binary', base64: bytesToBase64(record.bytes), modified: record.modified };
    case 'directory':
      return { path: record.path, kind: 'directory', modified: record.modified };
  }
}

/**
 * A record read from JSON, checked as a stored record is (`fileRecordProblem`); throws a
 * `PersistenceError` `invalid-record` naming the problem for anything else, such as a binary
 * file whose `base64` is not base64.
 *
 * @example
 * ```ts
 * const files = (body.files as unknown[]).map((value) => fileRecordFromJson(value, 'reading the request'));
 * ```
 */
export function fileRecordFromJson(value: unknown, doing: string): FileRecord {
  let candidate = value;
  if (typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'binary') {
    const { path, base64, modified } = value as Partial<JsonBinaryFileRecord>;
    const bytes = typeof base64 === 'string' ? base64ToBytes(base64) : undefined;
    if (bytes === undefined) {
      throw new PersistenceError('invalid-record', `Not a file record while ${doing}: ${JSON.stringify(path)} is a binary file without base64 "base64" content.`);
    }
    candidate = { path, kind: 'binary', bytes, modified };
  }
  const problem = fileRecordProblem(candidate);
  if (problem !== undefined) throw new PersistenceError('invalid-record', `Not a file record while ${doing}: ${problem}.`);
  const record = candidate as FileRecord;
  // Only the known fields, as normalizeFileRecord keeps them.
  if (record.kind === 'text') return { path: record.path, kind: 'text', text: record.text, modified: record.modified };
  if (record.kind === 'directory') return { path: record.path, kind: 'directory', modified: record.modified };
  return record;
}

const chunkSize = 0x8000;
const base64Pattern = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In chunks: String.fromCharCode with a large spread overflows the stack.
  for (let start = 0; start < bytes.length; start += chunkSize) binary += String.fromCharCode(...bytes.subarray(start, start + chunkSize));
  return btoa(binary);
}

function base64ToBytes(base64: string): Uint8Array | undefined {
  if (!base64Pattern.test(base64)) return undefined;
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index += 1) bytes[index] = binary.charCodeAt(index);
  return bytes;
}
