/**
 * The approval preview of a file tool: which files a call would change and how, as unified
 * diffs computed against the sandbox as it is when the approval is requested.
 */
import type { ApprovalPreview, FileChangePreview } from '../../store/state';
import { parsePath } from '../tree/sandbox-path';
import type { FileContent, Sandbox } from '../sandbox-types';

/** Most files a preview lists; a recursive delete of a big folder says how many more. */
export const maxPreviewFiles = 20;

/**
 * A preview of writing `content` to `path` (creating or modifying it).
 *
 * @example
 * ```ts
 * writePreview(sandbox, '/notes.md', '# Notes\n'); // { kind: 'file-changes', files: [{ path: '/notes.md', change: 'create', diff: '--- /dev/null…' }] }
 * ```
 */
export function writePreview(sandbox: Sandbox, path: string, content: FileContent): ApprovalPreview {
  const existing = sandbox.exists(path) && sandbox.stat(path).kind === 'file';
  return { kind: 'file-changes', files: [{ path: parsePath(path).path, change: existing ? 'modify' : 'create', diff: sandbox.previewChange(path, content) }] };
}

/**
 * A preview of deleting `path`: every file below it when it is a directory (up to `maxPreviewFiles`).
 *
 * @example
 * ```ts
 * deletePreview(sandbox, '/build'); // one 'delete' entry per file, with its removed lines
 * ```
 */
export function deletePreview(sandbox: Sandbox, path: string): ApprovalPreview {
  const entry = sandbox.stat(path);
  const paths = entry.kind === 'file' ? [entry.path] : sandbox.glob('**', { cwd: entry.path });
  const files: FileChangePreview[] = paths.slice(0, maxPreviewFiles).map((file) => ({ path: file, change: 'delete', diff: sandbox.previewChange(file, undefined) }));
  const more = paths.length - files.length;
  const note = entry.kind === 'directory' ? `Deletes the folder ${entry.path} with ${paths.length} file${paths.length === 1 ? '' : 's'}${more > 0 ? ` (${more} not shown)` : ''}.` : undefined;
  return { kind: 'file-changes', files, ...(note ? { note } : {}) };
}

/**
 * A preview of moving `from` to `to`; an overwritten destination shows as a modification.
 *
 * @example
 * ```ts
 * movePreview(sandbox, '/a.ts', '/src/a.ts'); // [{ path: '/src/a.ts', from: '/a.ts', change: 'move', diff: '' }]
 * ```
 */
export function movePreview(sandbox: Sandbox, from: string, to: string): ApprovalPreview {
  const source = sandbox.stat(from);
  const destination = parsePath(to).path;
  const content = source.binary ? sandbox.readBytes(from) : source.kind === 'file' ? sandbox.readFile(from) : undefined;
  // Only an overwritten file changes content; a plain move or rename shows no diff.
  const replaced = content !== undefined && sandbox.exists(to) ? sandbox.previewChange(to, content) : '';
  const note = source.kind === 'directory' ? `Moves the folder ${source.path} and everything in it.` : undefined;
  return { kind: 'file-changes', files: [{ path: destination, from: source.path, change: 'move', diff: replaced }], ...(note ? { note } : {}) };
}
