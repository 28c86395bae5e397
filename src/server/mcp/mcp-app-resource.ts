/**
 * MCP Apps on the server: which `ui://` resource a tool declares, and the resource read from its
 * MCP server turned into what the browser gets. The browser never names a URI: it names a tool,
 * and only the resource that tool declared is read.
 */
import type { ToolUiResource } from '../../core/index';
import type { McpListedTool, McpResourceContents } from './mcp-connection';
import { McpToolCallError } from './mcp-tool-call-error';

/** The largest app HTML the server passes on, in bytes (UTF-8). */
export const defaultMaxMcpAppBytes = 2 * 1024 * 1024;

/**
 * The `ui://` resource of a tool's MCP App, from `_meta.ui.resourceUri` (or the older
 * `_meta["ui/resourceUri"]`); `undefined` for a tool without one or with another scheme.
 *
 * @example
 * ```ts
 * mcpAppUri({ name: 'counter', inputSchema: { type: 'object' }, _meta: { ui: { resourceUri: 'ui://counter/app.html' } } }); // 'ui://counter/app.html'
 * ```
 */
export function mcpAppUri(tool: McpListedTool): string | undefined {
  const meta = tool._meta as { ui?: { resourceUri?: unknown }; 'ui/resourceUri'?: unknown } | undefined;
  const uri = meta?.ui?.resourceUri ?? meta?.['ui/resourceUri'];
  return typeof uri === 'string' && uri.startsWith('ui://') ? uri : undefined;
}

/**
 * Whether the app of the same server may call this tool: MCP Apps' `_meta.ui.visibility`
 * (default `['model', 'app']`).
 *
 * @example
 * ```ts
 * isAppCallable({ name: 'increment', inputSchema: { type: 'object' }, _meta: { ui: { visibility: ['model'] } } }); // false
 * ```
 */
export function isAppCallable(tool: McpListedTool): boolean {
  const visibility = (tool._meta as { ui?: { visibility?: unknown } } | undefined)?.ui?.visibility;
  return !Array.isArray(visibility) || visibility.includes('app');
}

/**
 * The app's HTML and metadata from a `resources/read` result. Refused, as an
 * `McpToolCallError` that says why: no HTML item, a MIME type that is not HTML, no text, or HTML
 * larger than `maxBytes`.
 *
 * @example
 * ```ts
 * toToolUiResource([{ uri, mimeType: 'text/html;profile=mcp-app', text: '<p>hi</p>', _meta: { ui: { prefersBorder: true } } }], uri, 'apps', defaultMaxMcpAppBytes);
 * ```
 */
export function toToolUiResource(contents: readonly McpResourceContents[], uri: string, server: string, maxBytes: number): ToolUiResource {
  const fail = (why: string) => new McpToolCallError('request-failed', `The MCP server "${server}" did not give the app ${uri}: ${why}.`, { server, tool: uri });
  const item = contents.find((entry) => entry.uri === uri) ?? contents[0];
  if (!item) throw fail('its answer had no content');
  const mimeType = item.mimeType ?? '';
  if (!/^text\/html(\s*;|$)/i.test(mimeType)) throw fail(`its content is ${mimeType ? `"${mimeType}"` : 'of no type'}, not HTML`);
  const html = typeof item.text === 'string' ? item.text : typeof item.blob === 'string' ? Buffer.from(item.blob, 'base64').toString('utf8') : '';
  if (html.trim() === '') throw fail('its HTML is empty');
  const bytes = Buffer.byteLength(html, 'utf8');
  if (bytes > maxBytes) throw fail(`its HTML is ${bytes} bytes, more than the ${maxBytes} allowed`);
  const ui = (item._meta as { ui?: { csp?: unknown; prefersBorder?: unknown } } | undefined)?.ui;
  const csp = domainsOf(ui?.csp);
  return { uri, mimeType, html, ...(csp ? { csp } : {}), ...(typeof ui?.prefersBorder === 'boolean' ? { prefersBorder: ui.prefersBorder } : {}) };
}

/** The domains a resource asks for, strings only (the browser checks them against what the app allows). */
function domainsOf(value: unknown): ToolUiResource['csp'] | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const strings = (list: unknown) => (Array.isArray(list) ? list.filter((entry): entry is string => typeof entry === 'string') : undefined);
  const { connectDomains, resourceDomains } = value as Record<string, unknown>;
  const connect = strings(connectDomains);
  const resource = strings(resourceDomains);
  return { ...(connect ? { connectDomains: connect } : {}), ...(resource ? { resourceDomains: resource } : {}) };
}
