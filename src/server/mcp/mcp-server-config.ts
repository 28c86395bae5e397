/** Options shared by every kind of MCP server. */
interface McpServerCommonConfig {
  /** Names the server in tool names (`<name>__<tool>`), categories (`mcp:<name>`) and messages; unique. */
  name: string;
  /** Per-call time limit for this server's tools, in milliseconds. Default 60 000. */
  timeoutMs?: number;
  /** Only these tools (the MCP tool's own name) join the catalog. */
  include?: string[];
  /** These tools (the MCP tool's own name) stay out of the catalog; applied after `include`. */
  exclude?: string[];
}

/**
 * A local MCP server started as a child process, spoken to over its stdin and stdout.
 *
 * @example
 * ```ts
 * const files: McpStdioServerConfig = { name: 'files', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-filesystem', '/srv/data'] };
 * ```
 */
export interface McpStdioServerConfig extends McpServerCommonConfig {
  transport: 'stdio';
  /** The executable; it is not run through a shell. */
  command: string;
  args?: string[];
  /**
   * Extra environment variables. The child gets these plus only a safe default set (PATH, HOME,
   * ...), never the whole environment of the host, so secrets do not leak to every server.
   */
  env?: Record<string, string>;
  cwd?: string;
}

/**
 * A remote MCP server reached over Streamable HTTP.
 *
 * @example
 * ```ts
 * const docs: McpHttpServerConfig = { name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp', headers: { authorization: `Bearer ${process.env.DOCS_TOKEN}` } };
 * ```
 */
export interface McpHttpServerConfig extends McpServerCommonConfig {
  transport: 'http';
  /** An absolute `http:` or `https:` URL: the server's MCP endpoint, without `user:password@` (use `headers`). */
  url: string;
  /** Sent with every request (authentication, for example); never shown in messages. */
  headers?: Record<string, string>;
}

/**
 * One MCP server whose tools join the backend's catalog.
 *
 * @example
 * ```ts
 * const servers: McpServerConfig[] = [
 *   { name: 'everything', transport: 'stdio', command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
 *   { name: 'docs', transport: 'http', url: 'https://mcp.example.com/mcp', exclude: ['delete_page'] },
 * ];
 * ```
 */
export type McpServerConfig = McpStdioServerConfig | McpHttpServerConfig;

/** What every server may carry, whatever its transport. */
const commonKeys = ['name', 'transport', 'timeoutMs', 'include', 'exclude'];

/**
 * Checks server configurations before anything is started, so a typo fails at startup with a
 * clear message rather than as a connection failure. Messages name the entry but never repeat
 * header or environment values (they are often secrets).
 *
 * @throws TypeError for a missing or duplicate name, an unknown transport, a bad URL or a field
 * of the wrong type.
 *
 * @example
 * ```ts
 * validateMcpServerConfigs([{ name: 'docs', transport: 'http', url: 'not a url' }]);
 * // TypeError: mcpServers[0] ("docs"): `url` must be an absolute http: or https: URL.
 * ```
 */
export function validateMcpServerConfigs(servers: readonly McpServerConfig[]): void {
  if (!Array.isArray(servers)) throw new TypeError('mcpServers must be an array of server configurations.');
  const names = new Set<string>();
  servers.forEach((server: unknown, index) => {
    if (typeof server !== 'object' || server === null) throw new TypeError(`mcpServers[${index}] is not a server configuration object.`);
    const config = server as Record<string, unknown>;
    if (typeof config.name !== 'string' || config.name.trim() === '') throw new TypeError(`mcpServers[${index}]: \`name\` must be a non-empty string.`);
    const where = `mcpServers[${index}] (${JSON.stringify(config.name)})`;
    if (names.has(config.name)) throw new TypeError(`${where}: another server is already named ${JSON.stringify(config.name)}; names must be unique.`);
    names.add(config.name);
    if (config.transport === 'stdio') validateStdio(config, where);
    else if (config.transport === 'http') validateHttp(config, where);
    else throw new TypeError(`${where}: unknown transport ${JSON.stringify(config.transport)}; use 'stdio' or 'http' (Streamable HTTP).`);
    if (config.timeoutMs !== undefined && !(typeof config.timeoutMs === 'number' && config.timeoutMs > 0 && Number.isFinite(config.timeoutMs))) {
      throw new TypeError(`${where}: \`timeoutMs\` must be a positive number of milliseconds.`);
    }
    expectStringList(config.include, `${where}: \`include\``);
    expectStringList(config.exclude, `${where}: \`exclude\``);
  });
}

function validateStdio(config: Record<string, unknown>, where: string): void {
  rejectUnknownKeys(config, [...commonKeys, 'command', 'args', 'env', 'cwd'], where);
  if (typeof config.command !== 'string' || config.command.trim() === '') throw new TypeError(`${where}: a stdio server needs \`command\`, a non-empty string.`);
  expectStringList(config.args, `${where}: \`args\``);
  expectStringRecord(config.env, `${where}: \`env\``);
  if (config.cwd !== undefined && typeof config.cwd !== 'string') throw new TypeError(`${where}: \`cwd\` must be a string.`);
}

function validateHttp(config: Record<string, unknown>, where: string): void {
  rejectUnknownKeys(config, [...commonKeys, 'url', 'headers'], where);
  const url = typeof config.url === 'string' && URL.canParse(config.url) ? new URL(config.url) : null;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    // The URL itself is not repeated: it may carry a token in its query or credentials.
    throw new TypeError(`${where}: \`url\` must be an absolute http: or https: URL.`);
  }
  // fetch refuses such URLs ("Request cannot be constructed from a URL that includes credentials").
  if (url.username || url.password) throw new TypeError(`${where}: \`url\` must not contain credentials (user:password@); send them in \`headers\` (authorization) instead.`);
  expectStringRecord(config.headers, `${where}: \`headers\``);
}

// A field from the other transport (`url` on a stdio server) is almost always a mistake that
// would otherwise be ignored silently.
function rejectUnknownKeys(config: Record<string, unknown>, known: readonly string[], where: string): void {
  const unknown = Object.keys(config).filter((key) => !known.includes(key));
  if (unknown.length > 0) {
    throw new TypeError(`${where}: unknown field${unknown.length > 1 ? 's' : ''} ${unknown.map((key) => `\`${key}\``).join(', ')} for a ${String(config.transport)} server.`);
  }
}

function expectStringList(value: unknown, what: string): void {
  if (value !== undefined && !(Array.isArray(value) && value.every((item) => typeof item === 'string'))) throw new TypeError(`${what} must be an array of strings.`);
}

function expectStringRecord(value: unknown, what: string): void {
  const valid = typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((item) => typeof item === 'string');
  if (value !== undefined && !valid) throw new TypeError(`${what} must be an object whose values are strings.`);
}
