/**
 * What the host app allows MCP Apps (`AgentChat`'s `mcpApps`).
 *
 * @example
 * ```tsx
 * <AgentChat agent={agent} mcpApps={{ allowDomains: ['https://api.example.com'], maxHeight: 480 }} />
 * ```
 */
export interface McpAppOptions {
  /**
   * Origins an app may reach (`https://api.example.com`, `wss://…`), when its server's resource
   * asks for them too (`_meta.ui.csp`). Default none: apps make no network request.
   */
  allowDomains?: readonly string[];
  /** The tallest an app's frame grows, in CSS pixels. Default 600. */
  maxHeight?: number;
  /** `false` shows no apps (the cards stay as they are). Default true. */
  enabled?: boolean;
}
