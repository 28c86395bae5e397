import { defineTool } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';

/** Default cap on the characters `read_file` returns (below the agent's default 20,000-character tool output cap). */
export const defaultMaxReadChars = 16_000;

/** What `read_file` returns to the model. */
export interface ReadFileOutput {
  path: string;
  /** Lines of the file in total. */
  totalLines: number;
  /** The lines returned, 1-based and inclusive (0 and 0 when none). */
  fromLine: number;
  toLine: number;
  /** The lines, each prefixed with its number and a tab, like `cat -n`. */
  content: string;
  /** Present when the output was cut or the range was past the end: what to do next. */
  note?: string;
}

/**
 * The `read_file` tool: a text file's lines, numbered (the numbers `grep` reports and `edit_file`
 * users quote), optionally a range (`offset`, `limit`), cut at a line boundary past `maxChars`
 * with a note that says how to read on. Lines are shown without their line endings (a CRLF file
 * reads like an LF one; `edit_file` keeps its CRLF). Binary files are described, not dumped.
 * Every read is recorded (`sandbox.noteRead`), a range too: the stale-write guard then lets the
 * model edit the file until something else changes it.
 *
 * @example
 * ```ts
 * const tool = readFileTool(sandbox);
 * await tool.execute!({ path: 'src/a.ts', offset: 10, limit: 20 }, context);
 * ```
 */
export function readFileTool(sandbox: Sandbox, maxChars = defaultMaxReadChars) {
  return defineTool({
    name: 'read_file',
    description:
      'Reads a text file of the workspace. Returns its lines numbered like `cat -n` (without line endings). For long files pass `offset` (first line, 1-based) and `limit` (number of lines).',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'Path of the file, e.g. "src/index.ts"' },
        offset: { type: 'integer', minimum: 1, description: 'First line to read (1-based). Default 1.' },
        limit: { type: 'integer', minimum: 1, description: 'Most lines to read. Default: to the end (cut when long).' },
      },
      required: ['path'],
      additionalProperties: false,
    },
    readOnly: true,
    category: 'read',
    execute: (input): ReadFileOutput => {
      const { path, offset = 1, limit } = input;
      const entry = sandbox.stat(path);
      if (entry.kind === 'directory') throw new Error(`"${entry.path}" is a directory; use list_files to see what it holds.`);
      sandbox.noteRead(path);
      if (entry.binary) {
        return { path: entry.path, totalLines: 0, fromLine: 0, toLine: 0, content: '', note: `"${entry.path}" is a binary file of ${entry.size} bytes; it has no lines to show.` };
      }
      const lines = sandbox.readFile(path).split(/\r?\n/);
      if (lines.at(-1) === '') lines.pop(); // a final newline ends the last line; it does not start another
      const totalLines = lines.length;
      if (offset > totalLines) {
        return { path: entry.path, totalLines, fromLine: 0, toLine: 0, content: '', note: `The file has ${totalLines} line${totalLines === 1 ? '' : 's'}; offset ${offset} is past its end.` };
      }
      const last = Math.min(totalLines, limit === undefined ? totalLines : offset + limit - 1);
      const width = String(last).length;
      let content = '';
      let toLine = offset - 1;
      for (let number = offset; number <= last; number++) {
        const line = `${String(number).padStart(width)}\t${lines[number - 1]}\n`;
        // Always at least one line, so a single huge line is still readable (the agent's output cap cuts it).
        if (content.length + line.length > maxChars && number > offset) break;
        content += line;
        toLine = number;
      }
      const cut = toLine < last;
      return {
        path: entry.path,
        totalLines,
        fromLine: offset,
        toLine,
        content,
        ...(cut ? { note: `Output cut at line ${toLine} of ${totalLines} (${maxChars} characters at most per call). Call read_file with offset ${toLine + 1} to read on.` } : {}),
      };
    },
  });
}
