import type { ToolDefinition } from '../../core/index';
import { loadMcpSdk } from './load-mcp-sdk';
import { McpServerSupervisor, type McpRestartOptions } from './mcp-server-supervisor';
import { validateMcpServerConfigs, type McpServerConfig } from './mcp-server-config';
import { assignMcpToolNames } from './mcp-tool-name';
import { isCallableMcpTool, toMcpToolDefinition } from './mcp-tool-definition';
import { defaultMaxMcpMediaBytes } from './mcp-tool-result';
import { isAppCallable } from './mcp-app-resource';

/**
 * A server that could not be connected or listed, or a stdio server that stopped and is being
 * started again; its tools are not in the catalog meanwhile.
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
  /** One tool per MCP tool of every server connected now, with `execute` calling the server. */
  readonly tools: ToolDefinition[];
  /**
   * The tools of servers that are down now (restarting): not offered, but a call that still
   * arrives (from a catalog read earlier) fails at once with an error result that says so.
   */
  readonly downTools: ToolDefinition[];
  /** Servers that could not be connected or listed, and those that are down now (restarting). */
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
  /**
   * Decoded bytes of images, audio and PDFs that one tool result may pass to the model as files;
   * media past it is described in words. Default 2 MiB.
   */
  maxMediaBytes?: number;
  /**
   * How a stdio server whose process stops (a crash, an exit) is started again: exponential
   * backoff from `initialDelayMs` (default 1 000) up to `maxDelayMs` (default 30 000) until it
   * connects; `false` leaves it stopped. HTTP servers are not restarted (the kit does not run them).
   */
  restart?: false | McpRestartOptions;
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
  const maxMediaBytes = options.maxMediaBytes ?? defaultMaxMcpMediaBytes;
  if (!(maxMediaBytes >= 0 && Number.isFinite(maxMediaBytes))) throw new TypeError('`maxMediaBytes` must be a number of bytes, 0 or more.');
  const restart = restartOptions(options.restart);
  if (servers.length === 0) return createSource([], []);
  const sdk = await loadMcpSdk(servers);
  // A server that stops or comes back changes the source's lists; the source exists only once every server has started.
  let refresh = () => {};
  const connectOptions = {
    clientName: options.clientName ?? 'react-agent-kit',
    clientVersion: options.clientVersion ?? '1.0.0',
    connectTimeoutMs,
    onServerStderr: options.onServerStderr ?? ((_server: string, text: string) => process.stderr.write(text)),
    maxMediaBytes,
  };
  const settled = await Promise.allSettled(servers.map((server) => McpServerSupervisor.start(server, sdk, connectOptions, restart, () => refresh())));
  const supervisors: McpServerSupervisor[] = [];
  const failures: McpServerFailure[] = [];
  settled.forEach((outcome, index) => {
    if (outcome.status === 'fulfilled') supervisors.push(outcome.value);
    else failures.push({ server: servers[index]!.name, error: outcome.reason instanceof Error ? outcome.reason.message : String(outcome.reason) });
  });
  const source = createSource(supervisors, failures);
  refresh = source.refresh;
  return source;
}

function restartOptions(restart: ConnectMcpServersOptions['restart']): Required<McpRestartOptions> | false {
  if (restart === false) return false;
  const initialDelayMs = restart?.initialDelayMs ?? 1_000;
  const maxDelayMs = restart?.maxDelayMs ?? 30_000;
  if (!(initialDelayMs > 0 && Number.isFinite(initialDelayMs))) throw new TypeError('`restart.initialDelayMs` must be a positive number of milliseconds.');
  if (!(maxDelayMs >= initialDelayMs && Number.isFinite(maxDelayMs))) throw new TypeError('`restart.maxDelayMs` must be a number of milliseconds, at least `restart.initialDelayMs`.');
  return { initialDelayMs, maxDelayMs };
}

function createSource(supervisors: readonly McpServerSupervisor[], startupFailures: McpServerFailure[]): McpToolSource & { refresh(): void } {
  let tools: ToolDefinition[] = [];
  let downTools: ToolDefinition[] = [];
  // Rebuilt when a server stops or comes back, not per read: the catalog is read per request.
  const refresh = () => {
    // Configuration order decides which tool keeps a plain name when two would collide; a server
    // that is down keeps its last listing, so names do not move while it restarts.
    const chosen = supervisors.flatMap((supervisor) => selectTools(supervisor).map((tool) => ({ supervisor, tool })));
    const names = assignMcpToolNames(chosen.map(({ supervisor, tool }) => ({ server: supervisor.config.name, tool: tool.name })));
    // What an app may call: the tools of its own server, by their MCP names (see `isAppCallable`).
    const appTools = new Map<McpServerSupervisor, Record<string, string>>();
    chosen.forEach(({ supervisor, tool }, index) => {
      if (!isAppCallable(tool)) return;
      const own = appTools.get(supervisor) ?? {};
      own[tool.name] = names[index]!;
      appTools.set(supervisor, own);
    });
    const all = chosen.map(({ supervisor, tool }, index) => ({ supervisor, definition: toMcpToolDefinition(supervisor, tool, names[index]!, appTools.get(supervisor)) }));
    tools = all.filter(({ supervisor }) => supervisor.status === 'connected').map(({ definition }) => definition);
    downTools = all.filter(({ supervisor }) => supervisor.status === 'restarting').map(({ definition }) => definition);
  };
  refresh();
  let closing: Promise<void> | undefined;
  return {
    get tools() {
      return tools;
    },
    get downTools() {
      return downTools;
    },
    get failures() {
      // Read each time: the reason says what the next attempt is, which changes on its own.
      const down = supervisors.filter((supervisor) => supervisor.status === 'restarting').map((supervisor) => ({ server: supervisor.config.name, error: `The MCP server "${supervisor.config.name}" is down: ${supervisor.downReason()}` }));
      return Object.freeze([...startupFailures, ...down]);
    },
    refresh,
    close: () => (closing ??= Promise.all(supervisors.map((supervisor) => supervisor.close())).then(() => {})),
  };
}

function selectTools(supervisor: McpServerSupervisor) {
  const { include, exclude } = supervisor.config;
  return supervisor.tools.filter((tool) => isCallableMcpTool(tool) && (!include || include.includes(tool.name)) && !exclude?.includes(tool.name));
}
