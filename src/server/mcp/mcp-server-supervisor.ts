import type { McpSdk } from './load-mcp-sdk';
import { connectMcpServer, type McpCallOptions, type McpConnectOptions, type McpConnection, type McpListedTool, type McpResourceContents } from './mcp-connection';
import type { McpServerConfig } from './mcp-server-config';
import { McpToolCallError } from './mcp-tool-call-error';

/**
 * How a stdio server that stopped is started again: after `initialDelayMs`, then twice as long
 * after each failed attempt, up to `maxDelayMs`; it keeps trying until the source is closed.
 *
 * @example
 * ```ts
 * const restart: McpRestartOptions = { initialDelayMs: 500, maxDelayMs: 10_000 };
 * ```
 */
export interface McpRestartOptions {
  /** Wait before the first attempt, in milliseconds. Default 1 000. */
  initialDelayMs?: number;
  /** The longest wait between attempts, in milliseconds. Default 30 000. */
  maxDelayMs?: number;
}

/**
 * How a supervised server stands: `connected`; `restarting` after its process stopped (the next
 * attempt is scheduled or under way); `closed` by the application.
 */
export type McpServerStatus = 'connected' | 'restarting' | 'closed';

/** A server that has run this long before it stopped starts its backoff from the beginning again. */
const stableAfterMs = 60_000;

/**
 * One MCP server over its life: the connection, and for a stdio server whose process stops (it
 * crashed or exited), new processes with exponential backoff until one connects. Its listed
 * tools are kept while it is down, so their names stay the same; calls meanwhile fail at once
 * with a message that says it is restarting. Timers are unref'd (they never keep the host
 * process alive) and stop on `close()`.
 */
export class McpServerSupervisor {
  status: McpServerStatus = 'connected';
  /** The tools of the last successful listing. */
  tools: readonly McpListedTool[];
  /** Attempts made since the server stopped. */
  attempts = 0;
  /** How many times it was started again. */
  restarts = 0;
  private connection: McpConnection;
  private connectedAt = Date.now();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<void> | undefined;
  private stoppedBecause = '';
  private lastAttemptError = '';
  private nextDelayMs = 0;

  private constructor(
    readonly config: McpServerConfig,
    private readonly sdk: McpSdk,
    private readonly connectOptions: McpConnectOptions,
    private readonly restart: Required<McpRestartOptions> | false,
    private readonly onChange: () => void,
  ) {
    this.connection = undefined as never;
    this.tools = [];
  }

  /**
   * Connects the server the first time. A server that cannot be started now is not retried.
   *
   * @throws Error as `connectMcpServer` does.
   */
  static async start(config: McpServerConfig, sdk: McpSdk, options: McpConnectOptions, restart: Required<McpRestartOptions> | false, onChange: () => void): Promise<McpServerSupervisor> {
    const supervisor = new McpServerSupervisor(config, sdk, options, config.transport === 'stdio' ? restart : false, onChange);
    supervisor.adopt(await connectMcpServer(config, sdk, supervisor.withLostHandler()));
    return supervisor;
  }

  /** Calls a tool on the current connection, or fails at once while the server is down. */
  callTool(tool: string, input: unknown, options: McpCallOptions): Promise<unknown> {
    if (this.status === 'restarting') {
      return Promise.reject(new McpToolCallError('disconnected', `The MCP server "${this.config.name}" is not connected, so its tool "${tool}" cannot run: ${this.downReason()}`, { server: this.config.name, tool }));
    }
    return this.connection.callTool(tool, input, options);
  }

  /** Reads a resource on the current connection, or fails at once while the server is down. */
  readResource(uri: string, options: { signal: AbortSignal; timeoutMs: number }): Promise<McpResourceContents[]> {
    if (this.status === 'restarting') {
      return Promise.reject(new McpToolCallError('disconnected', `The MCP server "${this.config.name}" is not connected, so the resource ${uri} cannot be read: ${this.downReason()}`, { server: this.config.name, tool: uri }));
    }
    return this.connection.readResource(uri, options);
  }

  /** Why the server is down and what happens next, while it is `restarting`. */
  downReason(): string {
    const next = this.pending ? 'an attempt to start it again is under way' : `it is started again in ${this.nextDelayMs} ms (attempt ${this.attempts + 1})`;
    const last = this.lastAttemptError ? `; the last attempt failed: ${this.lastAttemptError}` : '';
    return `it ${this.stoppedBecause}, and ${next}${last}.`;
  }

  /** Stops restarting and closes the connection (a stdio server's process ends). Idempotent. */
  async close(): Promise<void> {
    this.status = 'closed';
    clearTimeout(this.timer);
    await this.pending;
    await this.connection.close();
  }

  private withLostHandler(): McpConnectOptions {
    return { ...this.connectOptions, onLost: (connection) => this.lost(connection) };
  }

  private adopt(connection: McpConnection): void {
    this.connection = connection;
    this.tools = connection.tools;
    this.connectedAt = Date.now();
    this.status = 'connected';
  }

  private lost(connection: McpConnection): void {
    if (connection !== this.connection || this.status !== 'connected' || !this.restart) return;
    this.status = 'restarting';
    this.stoppedBecause = connection.endPhrase();
    this.lastAttemptError = '';
    if (Date.now() - this.connectedAt >= stableAfterMs) this.attempts = 0;
    this.schedule();
    this.onChange();
  }

  private schedule(): void {
    const restart = this.restart as Required<McpRestartOptions>;
    this.nextDelayMs = Math.min(restart.maxDelayMs, restart.initialDelayMs * 2 ** this.attempts);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pending = this.attempt().finally(() => (this.pending = undefined));
    }, this.nextDelayMs);
    // A server waiting to restart must not keep the host process alive.
    this.timer.unref?.();
  }

  private async attempt(): Promise<void> {
    this.attempts += 1;
    try {
      const connection = await connectMcpServer(this.config, this.sdk, this.withLostHandler());
      // Closed while it was starting: the new process goes too.
      if (this.status === 'closed') return void (await connection.close());
      // The old connection's resources (the SDK still holds the transport) go before the new one takes over.
      await this.connection.close();
      this.adopt(connection);
      this.restarts += 1;
      this.onChange();
    } catch (error) {
      if (this.status === 'closed') return;
      this.lastAttemptError = error instanceof Error ? error.message : String(error);
      this.schedule();
      this.onChange();
    }
  }
}
