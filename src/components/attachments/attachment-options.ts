import type { KitStrings } from '../strings/kit-strings';
import { fileNameLabel } from '../visible-text/file-name';
import { attachmentText as englishAttachmentText } from './attachment-text';

/**
 * What the composer accepts as attachments (`<Composer attachments={…}>`, `<AgentChat attachments={…}>`).
 * Pass `false` to turn attachments off. Whether a model reads a given type cannot be known from
 * here, so the default accepts what most models read: images, text files, PDF and JSON.
 */
export interface AttachmentOptions {
  /**
   * Media types (`image/png`), families (`image/*`) and file name endings (`.csv`) that may be
   * attached; also the file picker's `accept`. Default `['image/*', 'text/*', 'application/pdf', 'application/json']`.
   */
  accept?: readonly string[];
  /** The largest file, in bytes. Default 5,000,000 (5 MB). */
  maxSize?: number;
  /** How many files one message may have. Default 5. */
  maxFiles?: number;
  /**
   * With a sandbox: also put each file into it under this folder (`'/uploads'`) when the message
   * is sent, so the agent's file tools can read it (see `agent.send`'s `saveTo`). Default: not saved.
   */
  saveTo?: string;
}

export const defaultAttachmentOptions = {
  accept: ['image/*', 'text/*', 'application/pdf', 'application/json'],
  maxSize: 5_000_000,
  maxFiles: 5,
} as const satisfies AttachmentOptions;

// Media types for names some systems give no type (a dropped .md is often "").
const typesByExtension: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
  ts: 'text/plain',
  tsx: 'text/plain',
  js: 'text/javascript',
  py: 'text/x-python',
  yaml: 'text/yaml',
  yml: 'text/yaml',
};

/**
 * A file's media type: the one its system gave, or one from its name's ending, or
 * `application/octet-stream`.
 *
 * @example
 * ```ts
 * mediaTypeOf(new File(['# Hi'], 'notes.md')); // 'text/markdown'
 * ```
 */
export function mediaTypeOf(file: File): string {
  if (file.type !== '') return file.type.split(';')[0]!.trim().toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension !== undefined && typesByExtension[extension]) || 'application/octet-stream';
}

/**
 * Why `file` cannot be attached under `options`, as a sentence for people; `undefined` when it can.
 *
 * @example
 * ```ts
 * attachmentProblem(bigImage, { maxSize: 1_000_000 }); // 'photo.png is 2.4 MB; files can be up to 1 MB.'
 * ```
 */
export function attachmentProblem(file: File, options: AttachmentOptions, attachmentText: KitStrings['attachments'] = englishAttachmentText): string | undefined {
  const accept = options.accept ?? defaultAttachmentOptions.accept;
  const maxSize = options.maxSize ?? defaultAttachmentOptions.maxSize;
  // The sentence names the file with its invisible characters marked, as every place that shows a name.
  const name = fileNameLabel(file.name || attachmentText.unnamed);
  const type = mediaTypeOf(file);
  if (!accept.some((pattern) => matches(pattern, type, file.name))) {
    return attachmentText.wrongType(name, file.type === '' ? attachmentText.unknownType : fileNameLabel(type), attachmentText.list(accept.map(attachmentText.kind)));
  }
  if (file.size > maxSize) return attachmentText.tooLarge(name, attachmentText.bytes(file.size), attachmentText.bytes(maxSize));
  if (file.size === 0) return attachmentText.empty(name);
  return undefined;
}

function matches(pattern: string, type: string, name: string): boolean {
  const wanted = pattern.trim().toLowerCase();
  if (wanted.startsWith('.')) return name.toLowerCase().endsWith(wanted);
  if (wanted.endsWith('/*')) return type.startsWith(wanted.slice(0, -1));
  return wanted === type;
}
