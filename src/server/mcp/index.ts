/**
 * MCP servers as a tool source for the backend: `connectMcpServers` connects to stdio and
 * Streamable HTTP servers and returns their tools as kit tools. The MCP SDK loads only when it
 * is called.
 */
export { connectMcpServers } from './connect-mcp-servers';
export type { ConnectMcpServersOptions, McpServerFailure, McpToolSource } from './connect-mcp-servers';
export type { McpRestartOptions } from './mcp-server-supervisor';
export type { McpHttpServerConfig, McpServerConfig, McpStdioServerConfig } from './mcp-server-config';
export { validateMcpServerConfigs } from './mcp-server-config';
export { McpToolCallError } from './mcp-tool-call-error';
export type { McpToolCallErrorCode } from './mcp-tool-call-error';
export { toMcpToolName } from './mcp-tool-name';
export { defaultMcpToolTimeoutMs } from './mcp-tool-definition';
export { formatMcpFailures } from './format-mcp-failures';
