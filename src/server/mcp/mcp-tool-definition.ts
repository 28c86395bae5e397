import type { ToolDefinition, ToolUi } from '../../core/index';
import { defaultMaxMcpAppBytes, mcpAppUri, toToolUiResource } from './mcp-app-resource';
import type { McpListedTool } from './mcp-connection';
import type { McpServerSupervisor } from './mcp-server-supervisor';

/**
 * The per-call time limit of a server's tools when its configuration sets none, in milliseconds.
 *
 * @example
 * ```ts
 * const servers: McpServerConfig[] = [{ name: 'slow', transport: 'http', url, timeoutMs: 2 * defaultMcpToolTimeoutMs }];
 * ```
 */
export const defaultMcpToolTimeoutMs = 60_000;

/**
 * Whether the kit can call an MCP tool with a plain `tools/call`. Tools that require task-based
 * execution (`execution.taskSupport: 'required'`, an experimental part of MCP) refuse plain calls,
 * so listing them would only offer the model a tool that always fails.
 *
 * @example
 * ```ts
 * isCallableMcpTool({ name: 'research', inputSchema: { type: 'object' }, execution: { taskSupport: 'required' } }); // false
 * ```
 */
export function isCallableMcpTool(tool: McpListedTool): boolean {
  return (tool as { execution?: { taskSupport?: string } }).execution?.taskSupport !== 'required';
}

/**
 * Turns one tool of a connected MCP server into a kit tool whose `execute` calls the server.
 * A tool that declares an MCP App (`_meta.ui.resourceUri`) gets `ui`, whose `read` reads that
 * resource (and no other) from the server; `appTools` are the tools its app may call.
 * MCP annotations are hints from the server, used as such: `readOnlyHint: true` makes the tool
 * read-only and lets it run without approval; anything else (including no annotation) asks,
 * as MCP advises for tools that may change things. Progress notifications from the server
 * become the call's progress in the UI.
 *
 * @example
 * ```ts
 * const tool = toMcpToolDefinition(connection, { name: 'echo', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }, 'everything__echo');
 * // { name: 'everything__echo', category: 'mcp:everything', readOnly: true, needsApproval: false, ... }
 * ```
 */
export function toMcpToolDefinition(connection: Pick<McpServerSupervisor, 'config' | 'callTool' | 'readResource'>, tool: McpListedTool, name: string, appTools?: Readonly<Record<string, string>>): ToolDefinition {
  const server = connection.config.name;
  const timeoutMs = connection.config.timeoutMs ?? defaultMcpToolTimeoutMs;
  const readOnly = tool.annotations?.readOnlyHint === true;
  const uri = mcpAppUri(tool);
  // Only the resource the tool declared is ever read for it.
  const ui: ToolUi | undefined = uri
    ? { resourceUri: uri, ...(appTools ? { appTools } : {}), read: async (signal) => toToolUiResource(await connection.readResource(uri, { signal, timeoutMs }), uri, server, defaultMaxMcpAppBytes) }
    : undefined;
  return {
    name,
    description: describeMcpTool(tool, server),
    inputSchema: tool.inputSchema,
    // The result's `structuredContent` (what the model receives) follows it; the SDK checks that it does.
    ...(tool.outputSchema ? { outputSchema: tool.outputSchema } : {}),
    execute: (input, { signal, reportProgress }) => connection.callTool(tool.name, input, { signal, timeoutMs, onProgress: reportProgress }),
    needsApproval: !readOnly,
    readOnly,
    idempotent: tool.annotations?.idempotentHint === true,
    category: `mcp:${server}`,
    timeoutMs,
    ...(ui ? { ui } : {}),
  };
}

/**
 * The tool's own description followed by where it comes from: the model and the people
 * approving a call both see which server will run it, and under which name.
 *
 * @example
 * ```ts
 * describeMcpTool({ name: 'echo', description: 'Echoes back the input string', inputSchema: { type: 'object' } }, 'everything');
 * // 'Echoes back the input string (MCP server "everything", tool "echo")'
 * ```
 */
export function describeMcpTool(tool: McpListedTool, server: string): string {
  const own = tool.description?.trim() || tool.title?.trim() || tool.annotations?.title?.trim() || '';
  const origin = `(MCP server "${server}", tool "${tool.name}")`;
  return own ? `${own} ${origin}` : `A tool ${origin}`;
}
