/**
 * Files sent with a message (`agent.send(text, { files })`): read into `file` parts, each checked
 * first, so a bad file refuses the whole message with a sentence that names it and nothing is sent.
 * Loaded with the first message that has files (with the code that saves them in the sandbox).
 */
import { bytesToBase64 } from '../persistence/base64';
import type { FilePart } from '../store/state';
import { createId } from '../store/ids';
import { AgentCommandError } from './agent-options';

export type { AttachedFile } from './agent-options';
export { saveAttachedFiles } from './save-attached-files';

// A media type as `type/subtype` (RFC 6838 names), without parameters.
const mediaTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * Reads and checks the files of a message, in order. Rejects with `AgentCommandError`
 * `invalid-message` naming the file and what is wrong (not a list, no media type, not base64,
 * empty); nothing is read further then.
 *
 * @example
 * ```ts
 * const parts = await readAttachedFiles([{ mediaType: 'text/plain', filename: 'a.txt', data: 'aGk=' }]);
 * // [{ type: 'file', id: 'part_…', mediaType: 'text/plain', filename: 'a.txt', data: 'aGk=' }]
 * ```
 */
export async function readAttachedFiles(files: unknown): Promise<FilePart[]> {
  if (!Array.isArray(files)) throw invalid(`files must be a list of files, got ${describe(files)}.`);
  const parts: FilePart[] = [];
  for (const [index, file] of (files as unknown[]).entries()) parts.push(await readFile(file, index));
  return parts;
}

async function readFile(file: unknown, index: number): Promise<FilePart> {
  const where = `files[${index}]`;
  if (typeof Blob !== 'undefined' && file instanceof Blob) {
    const filename = typeof (file as File).name === 'string' && (file as File).name !== '' ? (file as File).name : undefined;
    const mediaType = file.type.split(';')[0]!.trim() || 'application/octet-stream';
    const named = filename === undefined ? where : `${where} (${filename})`;
    return checked(named, { mediaType, filename, data: bytesToBase64(new Uint8Array(await bytesOf(file))) });
  }
  if (typeof file !== 'object' || file === null) throw invalid(`${where} must be a File, a Blob or { data, mediaType, filename? }, got ${describe(file)}.`);
  const { data, mediaType, filename } = file as Record<string, unknown>;
  if (filename !== undefined && (typeof filename !== 'string' || filename === '')) throw invalid(`${where}.filename must be a non-empty string when given.`);
  const named = filename === undefined ? where : `${where} (${filename})`;
  if (typeof mediaType !== 'string') throw invalid(`${named} needs a mediaType such as "image/png", got ${describe(mediaType)}.`);
  let base64: string;
  if (data instanceof Uint8Array) base64 = bytesToBase64(data);
  else if (typeof data === 'string') {
    if (data.startsWith('data:')) throw invalid(`${named}: data must be base64 without the "data:" prefix (or bytes).`);
    if (data.length % 4 !== 0 || !base64Pattern.test(data)) throw invalid(`${named}: data is not base64.`);
    base64 = data;
  } else throw invalid(`${named}: data must be base64 text or a Uint8Array, got ${describe(data)}.`);
  return checked(named, { mediaType, filename, data: base64 });
}

/** A Blob's bytes; through a FileReader where Blob has no `arrayBuffer` (older engines, jsdom). */
function bytesOf(blob: Blob): Promise<ArrayBuffer> {
  if (typeof blob.arrayBuffer === 'function') return blob.arrayBuffer();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as ArrayBuffer);
    reader.onerror = () => reject(invalid(`a file could not be read (${reader.error?.message ?? 'unknown error'}).`));
    reader.readAsArrayBuffer(blob);
  });
}

function checked(named: string, file: { mediaType: string; filename: string | undefined; data: string }): FilePart {
  if (!mediaTypePattern.test(file.mediaType)) throw invalid(`${named}: the media type ${JSON.stringify(file.mediaType)} is not of the form "type/subtype".`);
  if (file.data === '') throw invalid(`${named} is empty.`);
  return { type: 'file', id: createId('part'), mediaType: file.mediaType.toLowerCase(), ...(file.filename !== undefined ? { filename: file.filename } : {}), data: file.data };
}

function invalid(message: string): AgentCommandError {
  return new AgentCommandError('invalid-message', `send(text, { files }): ${message}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  return typeof value === 'number' || typeof value === 'boolean' || value === undefined ? String(value) : `a ${typeof value}`;
}
