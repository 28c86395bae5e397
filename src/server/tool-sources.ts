/**
 * The server's tools from all sources: the app's own (checked at startup, like `createAgent`
 * does) and those of MCP servers (connected on first use, because connecting starts processes
 * and opens sockets). An MCP server that is down, or a tool whose name is already taken, is
 * reported in the catalog's `unavailable` list instead of breaking the others.
 */
import { type ToolCatalog, type ToolDefinition } from '../core/index';
import { createToolRegistry } from '../core/internal';
import { connectMcpServers, validateMcpServerConfigs, type McpServerConfig, type McpToolSource } from './mcp/index';
import { toCatalogEntry } from './tool-catalog';

export interface ToolSources {
  /** Every runnable tool by name, and the catalog the browser gets. */
  load(): Promise<{ tools: ReadonlyMap<string, ToolDefinition>; catalog: ToolCatalog }>;
  close(): Promise<void>;
}

/**
 * @example
 * ```ts
 * const sources = createToolSources([lookupCustomer], [{ name: 'files', transport: 'stdio', command: 'mcp-server-filesystem', args: ['/data'] }]);
 * const { tools, catalog } = await sources.load();
 * ```
 */
export function createToolSources(ownTools: readonly ToolDefinition<never, unknown>[], mcpServers: readonly McpServerConfig[], reportError: (error: unknown) => void): ToolSources {
  const own = createToolRegistry(ownTools);
  validateMcpServerConfigs(mcpServers);
  let mcp: Promise<McpToolSource | undefined> | undefined;
  let closed = false;

  function connect(): Promise<McpToolSource | undefined> {
    if (mcpServers.length === 0) return Promise.resolve(undefined);
    // The MCP SDK is loaded by connectMcpServers; if even that fails, the own tools still work.
    mcp ??= connectMcpServers(mcpServers).catch((error: unknown) => {
      reportError(error);
      return undefined;
    });
    return mcp;
  }

  return {
    async load() {
      if (closed) throw new Error('The agent handler was closed.');
      const source = await connect();
      const tools = new Map<string, ToolDefinition>(own);
      const unavailable: ToolCatalog['unavailable'] = [];
      if (mcpServers.length > 0 && !source) unavailable.push({ source: 'mcp', error: 'MCP servers are configured, but connecting to them failed on the server (is @modelcontextprotocol/sdk installed?). The server log has the details.' });
      for (const failure of source?.failures ?? []) unavailable.push({ source: `mcp:${failure.server}`, error: failure.error });
      for (const tool of source?.tools ?? []) {
        if (tools.has(tool.name)) {
          unavailable.push({ source: tool.category ?? 'mcp', error: `The MCP tool "${tool.name}" has the name of another tool and is left out.` });
          continue;
        }
        tools.set(tool.name, tool);
      }
      const catalog = { tools: [...tools.values()].map(toCatalogEntry), unavailable };
      // Not offered while their server restarts, but a call from a catalog read earlier gets a result that says so.
      for (const tool of source?.downTools ?? []) if (!tools.has(tool.name)) tools.set(tool.name, tool);
      return { tools, catalog };
    },
    async close() {
      closed = true;
      const source = await mcp;
      await source?.close();
    },
  };
}
