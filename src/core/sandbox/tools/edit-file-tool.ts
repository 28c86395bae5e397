import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { writePreview } from './file-change-preview';

/** The input of `edit_file`. */
export interface EditFileInput {
  path: string;
  oldText: string;
  newText: string;
  replaceAll?: boolean;
}

/**
 * The content after an edit, or an error that says what to fix: zero matches, or several when
 * one was asked for (with how many and on which lines, so the model can add context).
 *
 * @example
 * ```ts
 * applyEdit('a b a', { path: 'x', oldText: 'a', newText: 'c' }); // throws: 2 matches (lines 1, 1)
 * applyEdit('a b a', { path: 'x', oldText: 'a', newText: 'c', replaceAll: true }); // { content: 'c b c', replacements: 2 }
 * ```
 */
export function applyEdit(text: string, input: EditFileInput): { content: string; replacements: number } {
  const { path, oldText, newText, replaceAll = false } = input;
  if (oldText === '') throw new Error('`oldText` is empty; quote the exact text to replace (use write_file to create a file).');
  if (oldText === newText) throw new Error('`oldText` and `newText` are the same; nothing would change.');
  const starts: number[] = [];
  for (let index = text.indexOf(oldText); index !== -1; index = text.indexOf(oldText, index + oldText.length)) starts.push(index);
  if (starts.length === 0) {
    throw new Error(`\`oldText\` was not found in "${path}". Read the file again and quote the text exactly, including whitespace and indentation.`);
  }
  if (starts.length > 1 && !replaceAll) {
    const lines = starts.slice(0, 10).map((start) => lineOf(text, start));
    throw new Error(
      `\`oldText\` occurs ${starts.length} times in "${path}" (lines ${lines.join(', ')}${starts.length > 10 ? ', …' : ''}). Quote more surrounding text so it matches once, or pass replaceAll: true.`,
    );
  }
  return { content: text.split(oldText).join(newText), replacements: starts.length };
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let index = text.indexOf('\n'); index !== -1 && index < offset; index = text.indexOf('\n', index + 1)) line++;
  return line;
}

/**
 * The `edit_file` tool: replaces one exact, unique occurrence of `oldText` (or every one with
 * `replaceAll`). Asks for approval; the approval shows the diff, and the result returns it too.
 *
 * @example
 * ```ts
 * const tool = editFileTool(sandbox);
 * await tool.execute!({ path: 'a.ts', oldText: 'let x = 1', newText: 'let x = 2' }, context);
 * ```
 */
export function editFileTool(sandbox: Sandbox) {
  const edited = (input: EditFileInput) => {
    if (sandbox.stat(input.path).binary) throw new Error(`"${input.path}" is a binary file; edit_file changes text files only.`);
    return applyEdit(sandbox.readFile(input.path), input);
  };
  return defineTool({
    name: 'edit_file',
    description:
      'Edits a text file by replacing exact text. `oldText` must match exactly once (quote enough surrounding lines); pass `replaceAll: true` to replace every occurrence. Read the file first.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the file' },
        oldText: { type: 'string', description: 'The exact text to replace, including whitespace' },
        newText: { type: 'string', description: 'The text to put in its place' },
        replaceAll: { type: 'boolean', description: 'Replace every occurrence. Default false.' },
      },
      required: ['path', 'oldText', 'newText'],
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
      return { path: sandbox.stat(input.path).path, replacements, diff };
    },
  });
}
