import type { McpServerConfig } from './mcp-server-config';

type ClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
type StdioModule = typeof import('@modelcontextprotocol/sdk/client/stdio.js');
type HttpModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');

/** The parts of the MCP SDK this module uses; a transport's module is loaded only when a server needs it. */
export interface McpSdk {
  Client: ClientModule['Client'];
  StdioClientTransport?: StdioModule['StdioClientTransport'];
  StreamableHTTPClientTransport?: HttpModule['StreamableHTTPClientTransport'];
}

/**
 * Loads `@modelcontextprotocol/sdk` on first use. It is an optional peer dependency: apps that
 * configure no MCP server never load it (nor `node:child_process`, which the stdio transport
 * pulls in), and apps that do get a clear message when it is missing.
 *
 * @throws Error naming the package to install when it cannot be loaded.
 *
 * @example
 * ```ts
 * const sdk = await loadMcpSdk([{ name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp' }]);
 * new sdk.Client({ name: 'my-app', version: '1.0.0' });
 * ```
 */
export async function loadMcpSdk(servers: readonly McpServerConfig[]): Promise<McpSdk> {
  const needsStdio = servers.some((server) => server.transport === 'stdio');
  const needsHttp = servers.some((server) => server.transport === 'http');
  try {
    const [client, stdio, http] = await Promise.all([
      import('@modelcontextprotocol/sdk/client/index.js'),
      needsStdio ? import('@modelcontextprotocol/sdk/client/stdio.js') : undefined,
      needsHttp ? import('@modelcontextprotocol/sdk/client/streamableHttp.js') : undefined,
    ]);
    return { Client: client.Client, StdioClientTransport: stdio?.StdioClientTransport, StreamableHTTPClientTransport: http?.StreamableHTTPClientTransport };
  } catch (error) {
    throw new Error(
      'MCP servers are configured but @modelcontextprotocol/sdk could not be loaded. Install it next to react-agent-kit: npm install @modelcontextprotocol/sdk',
      { cause: error },
    );
  }
}
