import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool } from '@modelcontextprotocol/sdk/types.js';
import { createMcpTransport, stderrHint, type McpTransportHandle } from './create-mcp-transport';
import type { McpSdk } from './load-mcp-sdk';
import type { McpServerConfig } from './mcp-server-config';
import { McpToolCallError } from './mcp-tool-call-error';
import { describeError, redact, secretsOf } from './mcp-error-text';
import { defaultMaxMcpMediaBytes, toToolOutput, type McpCallToolResult } from './mcp-tool-result';

/**
 * How the connection stands: `lost` when the server went away (its process exited or crashed),
 * `closed` when the application closed it. Neither opens again.
 */
export type McpConnectionStatus = 'connected' | 'lost' | 'closed';

/** One item of a `resources/read` result: text or base64 `blob`, with its own `_meta`. */
export interface McpResourceContents {
  uri: string;
  mimeType?: string;
  text?: string;
  blob?: string;
  _meta?: Record<string, unknown>;
}

/** An MCP tool as the server lists it. */
export type McpListedTool = Tool;

export interface McpConnectOptions {
  clientName: string;
  clientVersion: string;
  connectTimeoutMs: number;
  onServerStderr: (server: string, text: string) => void;
  /** Decoded bytes of media one result may pass to the model (see `toToolOutput`). */
  maxMediaBytes: number;
  /** Called once when the connection is lost (not when the application closes it). */
  onLost?: (connection: McpConnection) => void;
}

/** What `callTool` needs besides the tool and its input. */
export interface McpCallOptions {
  signal: AbortSignal;
  timeoutMs: number;
  onProgress?: (progress: { progress: number; total?: number; message?: string }) => void;
}

// The SDK's error codes (ErrorCode in its types), kept here so the SDK loads only on demand.
const connectionClosedCode = -32000;
const requestTimeoutCode = -32001;

/**
 * One connected MCP server: its listed tools, and calls to them with failures turned into
 * `McpToolCallError`s that name the server. Created by `connectMcpServer`.
 */
export class McpConnection {
  status: McpConnectionStatus = 'connected';
  /** What the server's stderr said last when the connection was lost, for messages. */
  private lastWords = '';
  private closing: Promise<void> | undefined;
  private readonly secrets: string[];

  constructor(
    readonly config: McpServerConfig,
    readonly tools: readonly McpListedTool[],
    private readonly client: Client,
    private readonly handle: McpTransportHandle,
    private readonly options: Pick<McpConnectOptions, 'maxMediaBytes' | 'onLost'> = { maxMediaBytes: defaultMaxMcpMediaBytes },
  ) {
    this.secrets = secretsOf(config);
    // A crash or exit after connecting: calls from now on fail at once with the reason.
    client.onclose = () => this.markEnded('lost');
  }

  /**
   * Calls one of the server's tools and returns the result as the model should see it.
   *
   * @throws McpToolCallError for every failure except an abort, which rethrows the signal's reason.
   */
  async callTool(tool: string, input: unknown, options: McpCallOptions): Promise<unknown> {
    const origin = { server: this.config.name, tool };
    if (this.status !== 'connected') {
      throw new McpToolCallError('disconnected', `The MCP server "${this.config.name}" is not connected (it ${this.endPhrase()}), so its tool "${tool}" cannot run.`, origin);
    }
    let result: McpCallToolResult;
    try {
      const onProgress = options.onProgress;
      result = (await this.client.callTool({ name: tool, arguments: toArguments(input) }, undefined, {
        signal: options.signal,
        timeout: options.timeoutMs,
        ...(onProgress ? { onprogress: ({ progress, total, message }) => onProgress({ progress, ...(total === undefined ? {} : { total }), ...(message === undefined ? {} : { message }) }) } : {}),
      })) as McpCallToolResult;
    } catch (error) {
      // The caller stopped the call (the user, or the kit's own time limit): its reason is the truth.
      if (options.signal.aborted) throw options.signal.reason;
      throw this.toCallError(error, tool, options.timeoutMs);
    }
    return toToolOutput(result, origin, this.options.maxMediaBytes);
  }

  /**
   * Reads one resource of the server (`resources/read`), for the MCP App a tool declared. Failures
   * are `McpToolCallError`s that name the server, like those of `callTool`.
   */
  async readResource(uri: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpResourceContents[]> {
    const origin = { server: this.config.name, tool: uri };
    if (this.status !== 'connected') {
      throw new McpToolCallError('disconnected', `The MCP server "${this.config.name}" is not connected (it ${this.endPhrase()}), so the resource ${uri} cannot be read.`, origin);
    }
    try {
      const result = await this.client.readResource({ uri }, { signal: options.signal, timeout: options.timeoutMs });
      return result.contents ?? [];
    } catch (error) {
      if (options.signal.aborted) throw options.signal.reason;
      throw this.toCallError(error, uri, options.timeoutMs);
    }
  }

  /** Ends the session and the connection (a stdio server's process ends). Idempotent. */
  close(): Promise<void> {
    // After a crash too: the SDK still holds the transport's resources.
    this.closing ??= (async () => {
      this.markEnded('closed');
      await this.handle.endSession();
      await this.client.close().catch(() => {});
    })();
    return this.closing;
  }

  private markEnded(status: 'lost' | 'closed'): void {
    if (this.status !== 'connected') return;
    this.status = status;
    if (status === 'lost') {
      this.lastWords = redact(stderrHint(this.handle.stderrTail()), this.secrets);
      this.options.onLost?.(this);
    }
  }

  /** Why the connection ended, for messages: `closed the connection; its stderr ended with: "..."`. */
  endPhrase(): string {
    switch (this.status) {
      case 'connected':
        return 'is connected';
      case 'lost':
        return `closed the connection${this.lastWords}`;
      case 'closed':
        return 'was closed by the application';
    }
  }

  private toCallError(error: unknown, tool: string, timeoutMs: number): McpToolCallError {
    const origin = { server: this.config.name, tool, cause: error };
    const name = this.config.name;
    const code = (error as { code?: unknown } | null)?.code;
    const isMcpError = error instanceof Error && error.name === 'McpError';
    if (isMcpError && code === requestTimeoutCode) {
      return new McpToolCallError('timed-out', `The MCP tool "${tool}" on the server "${name}" did not answer within ${timeoutMs} ms.`, origin);
    }
    if (this.status !== 'connected' || code === connectionClosedCode || (error instanceof Error && error.message === 'Not connected')) {
      this.markEnded('lost');
      return new McpToolCallError('disconnected', `The MCP server "${name}" ${this.endPhrase()} before its tool "${tool}" answered.`, origin);
    }
    const description = redact(describeError(error), this.secrets);
    if (isMcpError) return new McpToolCallError('request-failed', `The MCP server "${name}" refused the call to "${tool}": ${description}`, origin);
    return new McpToolCallError('unreachable', `The MCP server "${name}" could not be reached for the tool "${tool}": ${description}`, origin);
  }
}

/**
 * Starts or reaches one server, initializes the session and lists its tools, within
 * `connectTimeoutMs`. On failure everything started is stopped again.
 *
 * @throws Error with a message that names the server and says what went wrong, secrets redacted.
 *
 * @example
 * ```ts
 * const connection = await connectMcpServer(config, await loadMcpSdk([config]), { clientName: 'app', clientVersion: '1.0.0', connectTimeoutMs: 30_000, onServerStderr: () => {} });
 * ```
 */
export async function connectMcpServer(config: McpServerConfig, sdk: McpSdk, options: McpConnectOptions): Promise<McpConnection> {
  const handle = createMcpTransport(config, sdk, options.onServerStderr);
  const client = new sdk.Client({ name: options.clientName, version: options.clientVersion }, { capabilities: {} });
  // Transport errors after connecting surface through the calls that they break; without a
  // handler the SDK would have nowhere to put them.
  client.onerror = () => {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    const tools = await Promise.race([
      client.connect(handle.transport, { timeout: options.connectTimeoutMs }).then(() => listAllTools(client, options.connectTimeoutMs)),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`it did not start and list its tools within ${options.connectTimeoutMs} ms (connectTimeoutMs)`)), options.connectTimeoutMs);
      }),
    ]);
    return new McpConnection(config, tools, client, handle, options);
  } catch (error) {
    handle.stopNow();
    await client.close().catch(() => {});
    // The pipe may deliver the last of stderr just after the process closes.
    await new Promise((resolve) => setImmediate(resolve));
    // "MCP error -32000: Connection closed" says little; for a stdio server it means the process quit.
    const closed = (error as { code?: unknown } | null)?.code === connectionClosedCode;
    const text = `${closed ? 'the connection closed during startup' : describeError(error)}${stderrHint(handle.stderrTail())}`;
    throw new Error(redact(`Could not connect to the MCP server "${config.name}" (${describeTarget(config)}): ${text}`, secretsOf(config)), { cause: error });
  } finally {
    clearTimeout(timer);
  }
}

async function listAllTools(client: Client, timeoutMs: number): Promise<McpListedTool[]> {
  const tools: McpListedTool[] = [];
  const seenCursors = new Set<string>();
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor }, { timeout: timeoutMs });
    tools.push(...page.tools);
    cursor = page.nextCursor;
    // A server that hands out the same cursor again would keep this loop going forever.
    if (cursor !== undefined && seenCursors.has(cursor)) throw new Error(`the server repeated the tools/list cursor ${JSON.stringify(cursor)}`);
    if (cursor !== undefined) seenCursors.add(cursor);
  } while (cursor !== undefined);
  return tools;
}

/** Where the server is, for messages: the command, or the URL without its query (it may hold an API key). */
function describeTarget(config: McpServerConfig): string {
  if (config.transport === 'stdio') return `stdio, command ${JSON.stringify(config.command)}`;
  const url = new URL(config.url);
  return `http, ${url.origin}${url.pathname}`;
}

/** MCP arguments are an object; a tool without parameters may be called with no input at all. */
function toArguments(input: unknown): Record<string, unknown> {
  return typeof input === 'object' && input !== null && !Array.isArray(input) ? (input as Record<string, unknown>) : {};
}
