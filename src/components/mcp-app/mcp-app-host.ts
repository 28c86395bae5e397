/**
 * The host side of the MCP Apps bridge, written for the kit (about 1 KB gzipped where
 * `@modelcontextprotocol/ext-apps`'s `AppBridge` would bring the MCP SDK and zod, about 145 KB):
 * JSON-RPC 2.0 over `postMessage` with one app frame. Only messages whose `source` is that
 * frame's own window are read; everything the app asks for goes to `handlers`, which decide
 * (a tool call through the agent's permissions, a link or a message only when a person says so).
 */

/** The MCP Apps protocol version the kit speaks. */
export const mcpAppsProtocolVersion = '2026-01-26';

/** An MCP `CallToolResult`, as the app expects it from `tools/call` and `ui/notifications/tool-result`. */
export interface AppToolResult {
  content: Array<{ type: 'text'; text: string }>;
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** What the host does for the app. Each returns what the app is answered. */
export interface McpAppHostHandlers {
  /** Theme, styles and the tool, for `ui/initialize`. */
  hostContext: () => Record<string, unknown>;
  /** The domains the host granted (for `hostCapabilities.sandbox.csp`). */
  grantedCsp: () => { connectDomains: string[]; resourceDomains: string[] };
  /** The app finished initializing: the host sends the tool's input and result. */
  initialized: () => void;
  callTool: (name: string, input: unknown) => Promise<AppToolResult>;
  /** Resolves `true` when the message was sent, `false` when the person declined. */
  sendMessage: (text: string) => Promise<boolean>;
  /** Resolves `true` when the link was opened, `false` when the person declined. */
  openLink: (url: string) => Promise<boolean>;
  sizeChanged: (size: { width?: number; height?: number }) => void;
}

/** The bridge to one frame: read its messages, send it notifications. */
export interface McpAppHost {
  /** A `message` event of the page's window: ignored unless it comes from the frame. */
  receive(event: MessageEvent): void;
  notify(method: string, params: unknown): void;
}

interface JsonRpcMessage {
  jsonrpc: '2.0';
  id?: string | number;
  method?: string;
  params?: Record<string, unknown>;
}

/**
 * @example
 * ```ts
 * const host = createMcpAppHost(() => iframe.contentWindow, handlers);
 * window.addEventListener('message', host.receive);
 * ```
 */
export function createMcpAppHost(frame: () => Window | null | undefined, handlers: McpAppHostHandlers): McpAppHost {
  // An opaque origin can only be addressed as '*'; the window itself is the address.
  const post = (message: unknown) => frame()?.postMessage(message, '*');
  const answer = (id: string | number, result: unknown) => post({ jsonrpc: '2.0', id, result });
  const fail = (id: string | number, code: number, message: string) => post({ jsonrpc: '2.0', id, error: { code, message } });

  async function handle(message: JsonRpcMessage): Promise<unknown> {
    const params = message.params ?? {};
    switch (message.method) {
      case 'ui/initialize':
        return {
          protocolVersion: mcpAppsProtocolVersion,
          hostInfo: { name: 'react-agent-kit', version: '1' },
          // No `updateModelContext`: the kit does not yet add an app's context to the model's requests.
          hostCapabilities: { openLinks: {}, serverTools: {}, message: { text: {} }, sandbox: { csp: handlers.grantedCsp() } },
          hostContext: handlers.hostContext(),
        };
      case 'ping':
        return {};
      case 'tools/call':
        if (typeof params.name !== 'string') throw new BridgeRequestError(-32602, 'tools/call needs a tool name.');
        return handlers.callTool(params.name, params.arguments ?? {});
      case 'ui/message': {
        const text = textOf(params.content);
        if (!text) throw new BridgeRequestError(-32602, 'ui/message needs text content.');
        return (await handlers.sendMessage(text)) ? {} : { isError: true };
      }
      case 'ui/open-link':
        if (typeof params.url !== 'string' || !/^https?:\/\//i.test(params.url)) throw new BridgeRequestError(-32602, 'ui/open-link needs an http(s) URL.');
        return (await handlers.openLink(params.url)) ? {} : { isError: true };
      default:
        throw new BridgeRequestError(-32601, `The host does not support ${String(message.method)}.`);
    }
  }

  function notification(message: JsonRpcMessage): void {
    const params = message.params ?? {};
    if (message.method === 'ui/notifications/initialized') handlers.initialized();
    else if (message.method === 'ui/notifications/size-changed') {
      const size = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) && value >= 0 ? value : undefined);
      handlers.sizeChanged({ width: size(params.width), height: size(params.height) });
    }
  }

  return {
    receive(event) {
      // Another window (the page, another app, an extension) cannot speak for this app.
      if (event.source === null || event.source !== frame()) return;
      const message = event.data as JsonRpcMessage | null;
      if (typeof message !== 'object' || message === null || message.jsonrpc !== '2.0' || typeof message.method !== 'string') return;
      const { id } = message;
      if (id === undefined) return notification(message);
      if (typeof id !== 'string' && typeof id !== 'number') return;
      handle(message).then(
        (result) => answer(id, result),
        (error: unknown) => (error instanceof BridgeRequestError ? fail(id, error.code, error.message) : fail(id, -32603, error instanceof Error ? error.message : String(error))),
      );
    },
    notify: (method, params) => post({ jsonrpc: '2.0', method, params }),
  };
}

class BridgeRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function textOf(content: unknown): string {
  if (!Array.isArray(content)) return '';
  return content
    .map((block) => {
      const { type, text } = (typeof block === 'object' && block !== null ? block : {}) as { type?: unknown; text?: unknown };
      return type === 'text' && typeof text === 'string' ? text : '';
    })
    .join('\n')
    .trim();
}
