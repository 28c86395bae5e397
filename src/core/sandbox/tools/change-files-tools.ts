import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { deletePreview, movePreview } from './file-change-preview';
import { assertRead } from './read-guard';

/**
 * The `delete_file` tool: deletes a file, or a folder with `recursive: true`. Asks for approval;
 * the approval lists what would go. The stale-write guard does not apply: deciding to delete a
 * file rarely depends on its lines (a folder's files could not all be read first), and the
 * approval shows what goes.
 *
 * @example
 * ```ts
 * await deleteFileTool(sandbox).execute!({ path: 'build', recursive: true }, context); // { deleted: '/build', files: 12 }
 * ```
 */
export function deleteFileTool(sandbox: Sandbox) {
  return defineTool({
    name: 'delete_file',
    description: 'Deletes a file of the workspace, or a folder and everything in it when `recursive` is true.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The file or folder to delete' },
        recursive: { type: 'boolean', description: 'Required to delete a folder that is not empty. Default false.' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    needsApproval: true,
    category: 'write',
    preview: (input) => deletePreview(sandbox, input.path),
    execute: (input) => {
      const { path, recursive = false } = input;
      const before = sandbox.usage().files;
      const deleted = sandbox.stat(path).path;
      sandbox.delete(path, { recursive });
      return { deleted, files: before - sandbox.usage().files };
    },
  });
}

/**
 * The `move_file` tool: moves or renames a file or folder. The destination must not exist
 * unless `overwrite` (files only); with the stale-write guard on (`requireRead`, the default),
 * an existing destination is replaced only when the model knows its current content, like
 * `write_file`. A file the model knew stays known at its new path. Asks for approval.
 *
 * @example
 * ```ts
 * await moveFileTool(sandbox).execute!({ from: 'a.md', to: 'docs/a.md' }, context); // { from: '/a.md', to: '/docs/a.md' }
 * ```
 */
export function moveFileTool(sandbox: Sandbox, requireRead = true) {
  return defineTool({
    name: 'move_file',
    description:
      'Moves or renames a file or folder of the workspace, creating folders as needed. Refuses to replace an existing file unless `overwrite` is true' +
      (requireRead ? ', and then only a file you have read since it last changed.' : '.'),
    inputSchema: {
      type: 'object',
      properties: {
        from: { type: 'string', description: 'The current path' },
        to: { type: 'string', description: 'The new path' },
        overwrite: { type: 'boolean', description: 'Replace an existing file at `to`. Default false.' },
      },
      required: ['from', 'to'],
      additionalProperties: false,
    },
    needsApproval: true,
    category: 'write',
    preview: (input) => movePreview(sandbox, input.from, input.to),
    execute: (input) => {
      const { from, to, overwrite = false } = input;
      const source = sandbox.stat(from);
      if (overwrite && sandbox.exists(to) && sandbox.stat(to).kind === 'file') assertRead(sandbox, to, 'replace it', requireRead);
      const known = source.kind === 'file' && sandbox.readStatus(from) === 'current';
      sandbox.move(from, to, { overwrite });
      if (known) sandbox.noteRead(to);
      return { from: source.path, to: sandbox.stat(to).path };
    },
  });
}
