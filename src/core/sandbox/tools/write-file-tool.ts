import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { writePreview } from './file-change-preview';
import { assertRead } from './read-guard';

/**
 * The `write_file` tool: creates a file (and its folders), or replaces one only when the model
 * says `overwrite: true`, so a file is never clobbered by a model that did not know it existed;
 * with the stale-write guard on (`requireRead`, the default), only a file whose current content
 * the model read or wrote. Content is written as given (line endings too). Asks for approval;
 * the approval shows the diff.
 *
 * @example
 * ```ts
 * const tool = writeFileTool(sandbox);
 * await tool.execute!({ path: 'notes.md', content: '# Notes\n' }, context); // { path: '/notes.md', created: true, bytes: 8 }
 * ```
 */
export function writeFileTool(sandbox: Sandbox, requireRead = true) {
  const guard = (path: string, overwrite = false) => {
    if (overwrite && sandbox.exists(path)) assertRead(sandbox, path, 'overwrite it', requireRead);
  };
  return defineTool({
    name: 'write_file',
    description:
      'Writes a text file in the workspace, creating folders as needed. Refuses to replace an existing file unless `overwrite` is true' +
      (requireRead ? ', and then only a file you have read (with read_file) since it last changed' : '') +
      '; to change part of a file, prefer edit_file.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the file, e.g. "notes/todo.md"' },
        content: { type: 'string', description: 'The whole new content of the file' },
        overwrite: { type: 'boolean', description: 'Replace the file if it exists. Default false.' },
      },
      required: ['path', 'content'],
      additionalProperties: false,
    },
    needsApproval: true,
    category: 'write',
    preview: (input) => {
      const preview = writePreview(sandbox, input.path, input.content);
      try {
        guard(input.path, input.overwrite);
        return preview;
      } catch (error) {
        return { ...preview, note: `This write will be refused: ${(error as Error).message}` };
      }
    },
    execute: (input) => {
      const { path, content, overwrite = false } = input;
      const created = !sandbox.exists(path);
      guard(path, overwrite);
      sandbox.writeFile(path, content, { overwrite });
      // The model wrote this content: it may edit it next without reading it first.
      sandbox.noteRead(path);
      const entry = sandbox.stat(path);
      return { path: entry.path, created, bytes: entry.size };
    },
  });
}
