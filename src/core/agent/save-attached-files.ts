/**
 * Copies a message's files into the sandbox (`send(text, { files, saveTo })`), so the agent's file
 * tools can read them: text as text, anything else as bytes. A name taken already gets a number.
 */
import { base64ToBytes } from '../persistence/base64';
import { textContentOf } from '../model/text-content';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { FilePart } from '../store/state';
import { AgentCommandError } from './agent-options';


/**
 * Writes each file under `folder` and returns the parts with their `path`. Rejects with
 * `AgentCommandError` `invalid-message` when the sandbox refuses a write (a quota, a bad folder);
 * the caller restores the checkpoint taken before, so nothing is left half written.
 *
 * @example
 * ```ts
 * const saved = saveAttachedFiles(sandbox, '/uploads', parts); // parts[0].path === '/uploads/photo.png'
 * ```
 */
export function saveAttachedFiles(sandbox: Sandbox, folder: string, parts: readonly FilePart[]): FilePart[] {
  const base = folder.replace(/\/+$/, '') || '';
  // Per name, the number this save tries next: 3,000 files of one name are then linear, not a
  // search from "-2" for each of them.
  const nextNumbers = new Map<string, number>();
  return parts.map((part, index) => {
    const name = safeName(part.filename ?? `attachment-${index + 1}${extensionOf(part.mediaType)}`);
    const path = freePath(sandbox, base, name, nextNumbers);
    const bytes = base64ToBytes(part.data) ?? new Uint8Array();
    try {
      sandbox.writeFile(path, textContentOf(part.mediaType, bytes) ?? bytes, { overwrite: false });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new AgentCommandError('invalid-message', `send(text, { saveTo }): ${part.filename ?? name} could not be saved to ${path} (${reason}). Nothing was sent.`);
    }
    return { ...part, path };
  });
}

/**
 * Writes a sent message's files again where it saved them (its parts' `path`), for a regeneration
 * that puts the files back to before the message ran and keeps the message.
 *
 * @example
 * ```ts
 * writeSavedCopies(sandbox, message.parts.filter((part) => part.type === 'file'));
 * ```
 */
export function writeSavedCopies(sandbox: Sandbox, parts: readonly FilePart[]): void {
  for (const part of parts) {
    if (part.path === undefined) continue;
    const bytes = base64ToBytes(part.data) ?? new Uint8Array();
    sandbox.writeFile(part.path, textContentOf(part.mediaType, bytes) ?? bytes);
  }
}

/** The last segment of a name a user's system gave, without what the sandbox refuses in a name. */
function safeName(filename: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const name = (filename.split(/[/\\]/).pop() ?? '').replace(/[\u0000-\u001f]/g, '').trim();
  return name === '' || name === '.' || name === '..' ? 'attachment' : name.slice(-200);
}

/**
 * `name` in `folder`, or the first free `stem-N.ext` from the number this save reached for that
 * name (a number passed once is taken for good: files are only added while the save runs).
 */
function freePath(sandbox: Sandbox, folder: string, name: string, nextNumbers: Map<string, number>): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let count = nextNumbers.get(name);
  let path = count === undefined ? `${folder}/${name}` : `${folder}/${stem}-${count}${extension}`;
  count ??= 1;
  while (sandbox.exists(path)) path = `${folder}/${stem}-${++count}${extension}`;
  nextNumbers.set(name, count + 1);
  return path;
}

function extensionOf(mediaType: string): string {
  const subtype = mediaType.split('/')[1] ?? '';
  return /^[a-z0-9]{1,8}$/.test(subtype) ? `.${subtype === 'plain' ? 'txt' : subtype === 'jpeg' ? 'jpg' : subtype}` : '';
}
