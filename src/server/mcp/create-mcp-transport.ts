import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { McpSdk } from './load-mcp-sdk';
import type { McpServerConfig } from './mcp-server-config';

/** How much of a stdio server's stderr is kept to explain a failure. */
const stderrTailLength = 2000;

/** A transport, plus what it has to say when things go wrong. */
export interface McpTransportHandle {
  transport: Transport;
  /** The end of the server's stderr (stdio servers), for failure messages. */
  stderrTail(): string;
  /** Ends the session politely where the transport has one (HTTP: a DELETE). Never throws. */
  endSession(): Promise<void>;
  /**
   * Stops a server that failed to connect at once (stdio: SIGTERM), instead of the polite
   * shutdown that gives it two seconds to leave after its stdin closes.
   */
  stopNow(): void;
}

/**
 * Builds the SDK transport for one server. A stdio server's stderr is piped rather than
 * inherited: its tail explains a crash in the failure message, and `onStderr` decides where the
 * server's logs go (by default the host's stderr, as if inherited).
 *
 * @example
 * ```ts
 * const { transport } = createMcpTransport(config, sdk, (server, text) => logger.debug({ server, text }));
 * await client.connect(transport);
 * ```
 */
export function createMcpTransport(config: McpServerConfig, sdk: McpSdk, onStderr: (server: string, text: string) => void): McpTransportHandle {
  switch (config.transport) {
    case 'stdio': {
      const transport = new sdk.StdioClientTransport!({
        command: config.command,
        args: config.args ?? [],
        // The SDK adds a safe default set (PATH, HOME, ...) to these, never the host's whole environment.
        ...(config.env ? { env: config.env } : {}),
        ...(config.cwd ? { cwd: config.cwd } : {}),
        stderr: 'pipe',
      });
      let tail = '';
      transport.stderr?.on('data', (chunk: Buffer) => {
        const text = chunk.toString('utf8');
        tail = (tail + text).slice(-stderrTailLength);
        onStderr(config.name, text);
      });
      return {
        transport,
        stderrTail: () => tail,
        endSession: async () => {},
        stopNow: () => {
          try {
            if (transport.pid !== null) process.kill(transport.pid, 'SIGTERM');
          } catch {
            // Already gone.
          }
        },
      };
    }
    case 'http': {
      const transport = new sdk.StreamableHTTPClientTransport!(new URL(config.url), { requestInit: { headers: { ...config.headers } } });
      return {
        transport,
        stderrTail: () => '',
        // A server that hangs must not hold up shutdown; the session then expires on its own.
        endSession: () => Promise.race([transport.terminateSession().catch(() => {}), new Promise<void>((resolve) => setTimeout(resolve, 1000).unref?.())]),
        stopNow: () => {},
      };
    }
  }
}

/**
 * The last lines of a server's stderr, quoted for a message, or '' when it wrote nothing.
 *
 * @example
 * ```ts
 * stderrHint('Starting...\nError: EADDRINUSE\n'); // '; its stderr ended with: "Starting... | Error: EADDRINUSE"'
 * ```
 */
export function stderrHint(tail: string): string {
  const lines = tail.split(/\r?\n/).map((line) => line.trim()).filter(Boolean).slice(-3);
  if (lines.length === 0) return '';
  const text = lines.join(' | ');
  return `; its stderr ended with: ${JSON.stringify(text.length > 500 ? `...${text.slice(-500)}` : text)}`;
}
