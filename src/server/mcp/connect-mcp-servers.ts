import type { ToolDefinition } from '../../core/index';
import { loadMcpSdk } from './load-mcp-sdk';
import { connectMcpServer, type McpConnection } from './mcp-connection';
import { validateMcpServerConfigs, type McpServerConfig } from './mcp-server-config';
import { assignMcpToolNames } from './mcp-tool-name';
import { isCallableMcpTool, toMcpToolDefinition } from './mcp-tool-definition';

/**
 * A server that could not be connected or listed; its tools are not in the catalog.
 *
 * @example
 * ```ts
 * const failure: McpServerFailure = { server: 'docs', error: 'Could not connect to the MCP server "docs" (http, https://mcp.example.com/mcp): HTTP 401: ...' };
 * ```
 */
export interface McpServerFailure {
  /** The server's configured name. */
  server: string;
  /** What went wrong, for logs; header and environment values are never included. */
  error: string;
}

/**
 * The tools of connected MCP servers, ready for the backend's catalog.
 *
 * @example
 * ```ts
 * const mcp = await connectMcpServers(servers);
 * const handler = createAgentHandler({ model, tools: [...myTools, ...mcp.tools] });
 * process.on('SIGTERM', () => void mcp.close());
 * ```
 */
export interface McpToolSource {
  /** One tool per MCP tool of every connected server, with `execute` calling the server. */
  readonly tools: ToolDefinition[];
  /** Servers that could not be connected or listed. */
  readonly failures: ReadonlyArray<McpServerFailure>;
  /** Closes every connection (stdio child processes end); calls still running fail. Idempotent. */
  close(): Promise<void>;
}

/**
 * Options of `connectMcpServers`.
 *
 * @example
 * ```ts
 * const options: ConnectMcpServersOptions = { clientName: 'support-desk', connectTimeoutMs: 10_000, onServerStderr: (server, text) => logger.debug({ server }, text) };
 * ```
 */
export interface ConnectMcpServersOptions {
  /** How the client introduces itself to servers. Default `'react-agent-kit'`. */
  clientName?: string;
  /** The version it gives with its name. Default `'1.0.0'`. */
  clientVersion?: string;
  /** Time for a server to start, initialize and list its tools, in milliseconds. Default 30 000. */
  connectTimeoutMs?: number;
  /** Receives what stdio servers write to stderr (their logs). Default: the host's stderr. */
  onServerStderr?: (server: string, text: string) => void;
}

/**
 * Connects to MCP servers, all at once, and turns their tools into kit tools. A server that
 * cannot be started, reached or listed goes into `failures` and the others go on. Tool names are
 * `<server>__<tool>`, made to fit the kit's name pattern and unique; `include` and `exclude`
 * choose by the MCP tool's own name. The tool list is read once, at connection time.
 *
 * The MCP SDK (`@modelcontextprotocol/sdk`, an optional peer dependency) is loaded here, on
 * first use. Call `close()` when the backend shuts down: stdio servers are child processes.
 *
 * @throws TypeError for an invalid configuration (before anything starts); Error when
 * servers are configured and the MCP SDK is not installed.
 *
 * @example
 * ```ts
 * const mcp = await connectMcpServers([
 *   { name: 'everything', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
 *   { name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp', headers: { authorization: `Bearer ${token}` } },
 * ]);
 * for (const failure of mcp.failures) console.warn(failure.error);
 * mcp.tools.map((tool) => tool.name); // ['everything__echo', 'everything__get-sum', ..., 'docs__search']
 * ```
 */
export async function connectMcpServers(servers: readonly McpServerConfig[], options: ConnectMcpServersOptions = {}): Promise<McpToolSource> {
  validateMcpServerConfigs(servers);
  const connectTimeoutMs = options.connectTimeoutMs ?? 30_000;
  if (!(connectTimeoutMs > 0 && Number.isFinite(connectTimeoutMs))) throw new TypeError('`connectTimeoutMs` must be a positive number of milliseconds.');
  if (servers.length === 0) return createSource([], []);
  const sdk = await loadMcpSdk(servers);
  const settled = await Promise.allSettled(
    servers.map((server) =>
      connectMcpServer(server, sdk, {
        clientName: options.clientName ?? 'react-agent-kit',
        clientVersion: options.clientVersion ?? '1.0.0',
        connectTimeoutMs,
        onServerStderr: options.onServerStderr ?? ((_server, text) => process.stderr.write(text)),
      }),
    ),
  );
  const connections: McpConnection[] = [];
  const failures: McpServerFailure[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') connections.push(outcome.value);
    else failures.push({ server: servers[index]!.name, error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) });
  });
  return createSource(connections, failures);
}

function createSource(connections: readonly McpConnection[], failures: McpServerFailure[]): McpToolSource {
  // Configuration order decides which tool keeps a plain name when two would collide.
  const chosen = connections.flatMap((connection) => selectTools(connection).map((tool) => ({ connection, tool })));
  const names = assignMcpToolNames(chosen.map(({ connection, tool }) => ({ server: connection.config.name, tool: tool.name })));
  const tools = chosen.map(({ connection, tool }, index) => toMcpToolDefinition(connection, tool, names[index]!));
  let closing: Promise<void> | undefined;
  return {
    tools,
    failures: Object.freeze(failures),
    close: () => (closing ??= Promise.all(connections.map((connection) => connection.close())).then(() => {})),
  };
}

function selectTools(connection: McpConnection) {
  const { include, exclude } = connection.config;
  return connection.tools.filter((tool) => isCallableMcpTool(tool) && (!include || include.includes(tool.name)) && !exclude?.includes(tool.name));
}
