/**
 * The agent's file tools over a sandbox. Read tools are `readOnly` (they run without asking under
 * every policy but `ask`); tools that change files ask for approval and show a diff.
 */
import type { ToolDefinition } from '../../tools/define-tool';
import type { Sandbox } from '../sandbox-types';
import { deleteFileTool, moveFileTool } from './change-files-tools';
import { editFileTool } from './edit-file-tool';
import { listFilesTool } from './list-files-tool';
import { defaultMaxReadChars, readFileTool } from './read-file-tool';
import { globTool, grepTool } from './search-tools';
import { writeFileTool } from './write-file-tool';

/** Options of `sandboxTools`. */
export interface SandboxToolsOptions {
  /** Only these tools (by name). Default: all. */
  only?: readonly string[];
  /** Characters `read_file` returns per call at most. Default 16,000. */
  maxReadChars?: number;
  /**
   * The stale-write guard: `edit_file`, and `write_file` or `move_file` replacing an existing
   * file, are refused (an error result that tells the model to read the file first) unless the
   * model read the file with `read_file`, or wrote it itself, since it last changed. Changes by
   * the user, the bash tool or a rollback make a file unread again. Default true.
   */
  requireRead?: boolean;
  /** No longer here: the `bash` tool is `bashTool(sandbox, limits)` from `react-agent-kit/shell`. */
  shell?: never;
}

const bashMoved = 'the bash tool is bashTool(sandbox, limits) from react-agent-kit/shell (it needs the optional just-bash package); add it to createAgent({ tools })';

/**
 * The file tools over `sandbox`: `read_file`, `write_file`, `edit_file`, `list_files`, `glob`,
 * `grep`, `delete_file`, `move_file`. `createAgent({ sandbox })` adds them through
 * `sandbox.agentTools()`; call this to choose a subset or give them to an agent yourself. The
 * `bash` tool, a simulated shell over the same files, is `bashTool` from `react-agent-kit/shell`.
 *
 * @example
 * ```ts
 * const agent = createAgent({ model, tools: sandboxTools(sandbox, { only: ['read_file', 'grep'] }) });
 * const trusting = sandboxTools(sandbox, { requireRead: false }); // edits without reading first
 * ```
 */
export function sandboxTools(sandbox: Sandbox, options: SandboxToolsOptions = {}): ToolDefinition<never, unknown>[] {
  if ((options as { shell?: unknown }).shell !== undefined) throw new TypeError(`sandboxTools: the shell option is gone: ${bashMoved}.`);
  const requireRead = options.requireRead ?? true;
  const tools: ToolDefinition<never, unknown>[] = [
    readFileTool(sandbox, options.maxReadChars ?? defaultMaxReadChars),
    listFilesTool(sandbox),
    globTool(sandbox),
    grepTool(sandbox),
    writeFileTool(sandbox, requireRead),
    editFileTool(sandbox, requireRead),
    moveFileTool(sandbox, requireRead),
    deleteFileTool(sandbox),
  ];
  if (options.only === undefined) return tools;
  const unknown = options.only.filter((name) => !tools.some((tool) => tool.name === name));
  if (unknown.length > 0) {
    const more = unknown.includes('bash') ? `; ${bashMoved}` : '';
    throw new TypeError(`sandboxTools: unknown tool ${unknown.map((name) => `"${name}"`).join(', ')}; the file tools are ${tools.map((tool) => tool.name).join(', ')}${more}.`);
  }
  return tools.filter((tool) => options.only!.includes(tool.name));
}
