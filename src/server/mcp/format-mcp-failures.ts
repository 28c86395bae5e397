import type { McpServerFailure } from './connect-mcp-servers';

/**
 * The failures of `connectMcpServers` as one log message, or `undefined` when every server
 * connected. Each failure's message already names its server and says what went wrong, without
 * secrets, so the text can go to any log.
 *
 * @example
 * ```ts
 * const mcp = await connectMcpServers(servers);
 * const problem = formatMcpFailures(mcp.failures);
 * if (problem) console.warn(problem);
 * // MCP: 1 server unavailable, its tools are left out:
 * // - Could not connect to the MCP server "docs" (http, https://mcp.example.com/mcp): fetch failed (...)
 * ```
 */
export function formatMcpFailures(failures: ReadonlyArray<McpServerFailure>): string | undefined {
  if (failures.length === 0) return undefined;
  const heading = failures.length === 1 ? 'MCP: 1 server unavailable, its tools are left out:' : `MCP: ${failures.length} servers unavailable, their tools are left out:`;
  return [heading, ...failures.map((failure) => `- ${failure.error}`)].join('\n');
}
