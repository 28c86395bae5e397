import { defineTool } from '../../tools/define-tool';
import type { Sandbox, SandboxEntry } from '../sandbox-types';

/** Most entries `list_files` returns. */
export const maxListedEntries = 500;

/**
 * The `list_files` tool: a directory's entries (folders end in `/`, files show their size),
 * optionally recursive, capped at `maxListedEntries` with a note.
 *
 * @example
 * ```ts
 * await listFilesTool(sandbox).execute!({ path: 'src' }, context); // { path: '/src', entries: ['lib/', 'index.ts (120 bytes)'] }
 * ```
 */
export function listFilesTool(sandbox: Sandbox) {
  return defineTool({
    name: 'list_files',
    description: 'Lists the files and folders of a workspace folder (folders end with "/"). Pass `recursive: true` to list everything below it.',
    inputSchema: {
      type: 'object',
      properties: {
        path: { type: 'string', description: 'The folder. Default "/" (the workspace root).' },
        recursive: { type: 'boolean', description: 'Also list the contents of subfolders. Default false.' },
      },
      additionalProperties: false,
    },
    readOnly: true,
    category: 'read',
    execute: (input) => {
      const { path = '/', recursive = false } = input;
      const root = sandbox.stat(path);
      if (root.kind === 'file') throw new Error(`"${root.path}" is a file, not a folder; use read_file to read it.`);
      const entries: string[] = [];
      let total = 0;
      const visit = (directory: string, prefix: string) => {
        for (const entry of sandbox.list(directory)) {
          total++;
          if (entries.length < maxListedEntries) entries.push(describe(prefix, entry));
          if (recursive && entry.kind === 'directory') visit(entry.path, `${prefix}${entry.name}/`);
        }
      };
      visit(root.path, '');
      const cut = total - entries.length;
      return {
        path: root.path,
        entries,
        ...(total === 0 ? { note: 'The folder is empty.' } : {}),
        ...(cut > 0 ? { note: `${cut} more entries not shown; list a subfolder or use glob.` } : {}),
      };
    },
  });
}

function describe(prefix: string, entry: SandboxEntry): string {
  return entry.kind === 'directory' ? `${prefix}${entry.name}/` : `${prefix}${entry.name} (${entry.size} bytes${entry.binary ? ', binary' : ''})`;
}
