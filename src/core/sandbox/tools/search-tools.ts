import { defineTool } from '../../tools/define-tool';
import { loadRegexEngine } from '../search/regex-engine';
import type { Sandbox } from '../sandbox-types';

/** Most paths `glob` returns. */
export const maxGlobResults = 500;
/** Default cap on matching lines `grep` returns. */
export const defaultGrepToolMatches = 200;

/**
 * The `glob` tool: file paths matching a pattern (`**` for any folders, `*`, `?`, `{a,b}`, `[a-z]`).
 *
 * @example
 * ```ts
 * await globTool(sandbox).execute!({ pattern: 'src/**\/*.ts' }, context); // { matches: ['/src/a.ts'], truncated: false }
 * ```
 */
export function globTool(sandbox: Sandbox) {
  return defineTool({
    name: 'glob',
    description: 'Finds files whose path matches a glob pattern, e.g. "**/*.ts" or "src/{a,b}/*.md". Paths are relative to `path` (default the workspace root).',
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'The glob pattern' },
        path: { type: 'string', description: 'The folder to search in. Default "/".' },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    readOnly: true,
    category: 'read',
    execute: (input) => {
      const { pattern, path = '/' } = input;
      const found = sandbox.glob(pattern, { cwd: path });
      const truncated = found.length > maxGlobResults;
      return { matches: found.slice(0, maxGlobResults), truncated, ...(truncated ? { note: `${found.length} files match; the first ${maxGlobResults} are shown. Narrow the pattern.` } : {}) };
    },
  });
}

/**
 * The `grep` tool: lines of text files matching a literal string (default) or a regular
 * expression, as `path:line: text`, capped with a note. A regular expression comes from the
 * model, so it runs on the sandbox's linear-time engine, which this tool loads on its first
 * `regex: true` call (the sandbox's `grep` is synchronous and expects it loaded); syntax that
 * engine lacks (backreferences, lookahead) comes back as an error result saying so.
 *
 * @example
 * ```ts
 * await grepTool(sandbox).execute!({ pattern: 'TODO', glob: '**\/*.ts' }, context); // { matches: ['/src/a.ts:3: // TODO'], truncated: false }
 * ```
 */
export function grepTool(sandbox: Sandbox) {
  return defineTool({
    name: 'grep',
    description:
      'Searches the text files of the workspace for a string (or, with `regex: true`, a regular expression in JavaScript syntax without backreferences or lookahead, matched within each line). Returns matching lines as "path:line: text".',
    inputSchema: {
      type: 'object',
      properties: {
        pattern: { type: 'string', description: 'The text (or regular expression) to find' },
        regex: { type: 'boolean', description: 'Treat the pattern as a regular expression. Default false.' },
        ignoreCase: { type: 'boolean', description: 'Match without regard to case. Default false.' },
        path: { type: 'string', description: 'A file or folder to search. Default "/".' },
        glob: { type: 'string', description: 'Only files matching this glob, e.g. "**/*.md"' },
        maxMatches: { type: 'integer', minimum: 1, maximum: 1000, description: `Most matching lines. Default ${defaultGrepToolMatches}.` },
      },
      required: ['pattern'],
      additionalProperties: false,
    },
    readOnly: true,
    category: 'read',
    execute: async (input) => {
      const { pattern, regex, ignoreCase, path, glob, maxMatches = defaultGrepToolMatches } = input;
      if (regex === true) {
        await loadRegexEngine().catch((error: unknown) => {
          throw new Error(`The regular-expression engine could not be loaded (${error instanceof Error ? error.message : String(error)}); search for a literal string instead (regex: false).`);
        });
      }
      const result = sandbox.grep(pattern, {
        ...(regex !== undefined ? { regex } : {}),
        ...(ignoreCase !== undefined ? { ignoreCase } : {}),
        ...(path !== undefined ? { path } : {}),
        ...(glob !== undefined ? { glob } : {}),
        maxMatches,
        maxLineLength: 200,
      });
      return {
        matches: result.matches.map((match) => `${match.path}:${match.line}: ${match.text}`),
        truncated: result.truncated,
        ...(result.matches.length === 0 ? { note: 'No matches.' } : {}),
        ...(result.truncated ? { note: `Stopped after ${maxMatches} matching lines; narrow the search with path or glob.` } : {}),
      };
    },
  });
}
