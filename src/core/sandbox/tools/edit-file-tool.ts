import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { writePreview } from './file-change-preview';
import { assertRead } from './read-guard';
import { applyEdit, type EditFileInput } from './text-edits';

export { applyEdit } from './text-edits';
export type { EditFileInput, TextEdit } from './text-edits';

const editSchema = {
  oldText: { type: 'string', description: 'The exact text to replace, including whitespace' },
  newText: { type: 'string', description: 'The text to put in its place' },
  replaceAll: { type: 'boolean', description: 'Replace every occurrence. Default false.' },
} as const;

/**
 * The `edit_file` tool: replaces one exact, unique occurrence of `oldText` (or every one with
 * `replaceAll`), or applies several such `edits` in order, all or nothing. Line endings are kept
 * (see `text-edits`). With the stale-write guard on (`requireRead`, the default) it edits only a
 * file whose current content the model read or wrote. Asks for approval; the approval shows the
 * diff of all the edits, and the result returns it too.
 *
 * @example
 * ```ts
 * const tool = editFileTool(sandbox);
 * await tool.execute!({ path: 'a.ts', oldText: 'let x = 1', newText: 'let x = 2' }, context);
 * await tool.execute!({ path: 'a.ts', edits: [{ oldText: 'x = 2', newText: 'y = 2' }, { oldText: 'x;', newText: 'y;', replaceAll: true }] }, context);
 * ```
 */
export function editFileTool(sandbox: Sandbox, requireRead = true) {
  const edited = (input: EditFileInput) => {
    if (sandbox.stat(input.path).binary) throw new Error(`"${input.path}" is a binary file; edit_file changes text files only.`);
    assertRead(sandbox, input.path, 'edit it', requireRead);
    return applyEdit(sandbox.readFile(input.path), input);
  };
  return defineTool({
    name: 'edit_file',
    description:
      'Edits a text file by replacing exact text. ' +
      (requireRead ? 'Read the file first: editing a file you have not read since it last changed is refused. ' : '') +
      '`oldText` must match exactly once (quote enough surrounding lines) unless `replaceAll` is true. For several changes, pass `edits` instead (applied in order, all or nothing). The file keeps its line endings.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the file' },
        ...editSchema,
        edits: {
          type: 'array',
          description: 'Several replacements instead of one, applied in order; if one fails, none is made.',
          minItems: 1,
          items: { type: 'object', properties: editSchema, required: ['oldText', 'newText'], additionalProperties: false },
        },
      },
      required: ['path'],
      additionalProperties: false,
    },
    needsApproval: true,
    category: 'write',
    preview: (input: EditFileInput) => {
      try {
        return writePreview(sandbox, input.path, edited(input).content);
      } catch (error) {
        // Worth knowing before deciding: approving this call will only return that error.
        return { kind: 'file-changes', files: [], note: `This edit cannot be applied: ${error instanceof Error ? error.message : String(error)}` };
      }
    },
    execute: (input: EditFileInput) => {
      const { content, replacements } = edited(input);
      const diff = sandbox.previewChange(input.path, content);
      sandbox.writeFile(input.path, content);
      // The model wrote this content: it may edit it again without reading it first.
      sandbox.noteRead(input.path);
      return { path: sandbox.stat(input.path).path, replacements, diff };
    },
  });
}
