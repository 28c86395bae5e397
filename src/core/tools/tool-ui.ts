/**
 * A tool's own interface (an MCP App): the `ui://` resource an MCP tool declares in
 * `_meta.ui.resourceUri`, which the kit's components show in the call's card, in a sandboxed
 * iframe. Plain data except `read`, which fetches the resource through the kit's server.
 */

/** The MIME type of an MCP App's HTML (`text/html;profile=mcp-app`). */
export const mcpAppMimeType = 'text/html;profile=mcp-app';

/**
 * The app's HTML and what its server asks for it, as `GET {base}/tools/{name}/app` answers.
 *
 * @example
 * ```ts
 * const resource: ToolUiResource = { uri: 'ui://counter/app.html', mimeType: 'text/html;profile=mcp-app', html: '<p>0</p>', csp: { connectDomains: [] } };
 * ```
 */
export interface ToolUiResource {
  uri: string;
  mimeType: string;
  html: string;
  /** Origins the app asks to reach (`_meta.ui.csp` of the resource); the host decides whether it may. */
  csp?: { connectDomains?: string[]; resourceDomains?: string[] };
  /** Whether the app wants the host to draw a border around it (`_meta.ui.prefersBorder`). */
  prefersBorder?: boolean;
}

/**
 * The MCP App of a tool.
 *
 * @example
 * ```ts
 * const ui: ToolUi = { resourceUri: 'ui://counter/app.html', appTools: { increment: 'apps__increment' } };
 * ```
 */
export interface ToolUi {
  /** The `ui://` URI of the app's HTML resource on its MCP server. */
  resourceUri: string;
  /**
   * The tools of the same MCP server that the app may call through the bridge (`tools/call`), by
   * their MCP name, each with its name in the kit. An app calls only its own server's tools.
   */
  appTools?: Readonly<Record<string, string>>;
  /** Reads the resource: on the server from the MCP server, in the browser through the kit's server. */
  read?: (signal: AbortSignal) => Promise<ToolUiResource>;
}

/**
 * Whether `value` is a usable `ToolUi` (from a catalog: data that is not trusted).
 *
 * @example
 * ```ts
 * isToolUi({ resourceUri: 'ui://counter/app.html' }); // true
 * isToolUi({ resourceUri: 'https://example.com/app.html' }); // false
 * ```
 */
export function isToolUi(value: unknown): value is ToolUi {
  if (typeof value !== 'object' || value === null) return false;
  const { resourceUri, appTools } = value as Record<string, unknown>;
  if (typeof resourceUri !== 'string' || !resourceUri.startsWith('ui://')) return false;
  if (appTools === undefined) return true;
  return typeof appTools === 'object' && appTools !== null && !Array.isArray(appTools) && Object.values(appTools).every((name) => typeof name === 'string');
}
