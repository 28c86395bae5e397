import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { writePreview } from './file-change-preview';

/**
 * The `write_file` tool: creates a file (and its folders), or replaces one only when the model
 * says `overwrite: true`, so a file is never clobbered by a model that did not know it existed.
 * Asks for approval; the approval shows the diff.
 *
 * @example
 * ```ts
 * const tool = writeFileTool(sandbox);
 * await tool.execute!({ path: 'notes.md', content: '# Notes\n' }, context); // { path: '/notes.md', created: true, bytes: 8 }
 * ```
 */
export function writeFileTool(sandbox: Sandbox) {
  return defineTool({
    name: 'write_file',
    description:
      'Writes a text file in the workspace, creating folders as needed. Refuses to replace an existing file unless `overwrite` is true; to change part of a file, prefer edit_file.',
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
    preview: (input) => writePreview(sandbox, input.path, input.content),
    execute: (input) => {
      const { path, content, overwrite = false } = input;
      const created = !sandbox.exists(path);
      sandbox.writeFile(path, content, { overwrite });
      const entry = sandbox.stat(path);
      return { path: entry.path, created, bytes: entry.size };
    },
  });
}
