/**
 * The server's tools as the browser sees them: declarations with hints, no functions. The catalog
 * is the allow-list of the tool route: only what it lists runs.
 */
import { type ToolCatalogEntry, type ToolDefinition } from '../core/index';
import { toModelJsonSchema } from '../core/internal';

/**
 * @example
 * ```ts
 * toCatalogEntry(lookupCustomer); // { name: 'lookup_customer', description, inputSchema, needsApproval: false, readOnly: true, idempotent: true }
 * ```
 */
export function toCatalogEntry(tool: ToolDefinition): ToolCatalogEntry {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: toModelJsonSchema(tool),
    ...(tool.outputSchema !== undefined ? { outputSchema: tool.outputSchema } : {}),
    needsApproval: typeof tool.needsApproval === 'function' ? 'depends-on-input' : tool.needsApproval === true,
    readOnly: tool.readOnly === true,
    idempotent: tool.idempotent === true,
    ...(tool.category !== undefined ? { category: tool.category } : {}),
    ...(tool.timeoutMs !== undefined ? { timeoutMs: tool.timeoutMs } : {}),
    // The app's resource URI and the tools it may call; never the reader.
    ...(tool.ui ? { ui: { resourceUri: tool.ui.resourceUri, ...(tool.ui.appTools ? { appTools: tool.ui.appTools } : {}) } } : {}),
  };
}
