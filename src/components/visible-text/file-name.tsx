import { escapeInvisible } from './reveal-invisible';
import { revealText } from './visible-text';

/**
 * File names come from people's disks, models and tools, and may hold bidirectional controls
 * ("page\u202Elmth.txt" reads "pagetxt.html") or zero-width characters. Wherever the kit shows a
 * name (attachments in the composer and in sent messages, the file explorer, diffs, approval
 * previews), each such character is marked, in strict mode, as the approval dialog marks them.
 */

/**
 * A file name as text for places that cannot hold markup (`title`, `alt`, `aria-label`, a
 * sentence that names the file): each invisible character written as `[U+XXXX]`.
 *
 * @example
 * ```ts
 * fileNameLabel('page\u202Elmth.txt'); // 'page[U+202E]lmth.txt'
 * ```
 */
export function fileNameLabel(name: string): string {
  return escapeInvisible(name, 'strict');
}

/** Props of `FileName`. */
export interface FileNameProps {
  name: string;
}

/**
 * A file name as React shows it: each invisible character a `U+XXXX` mark with its name in the
 * tooltip (see `revealText`); a plain name is the same string, with no extra nodes.
 *
 * @example
 * ```tsx
 * <span className="rak-attachment-name"><FileName name={file.name} /></span>
 * ```
 */
export function FileName({ name }: FileNameProps) {
  return revealText(name, 'strict');
}
