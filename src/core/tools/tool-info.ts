import type { ToolDefinition } from './define-tool';
import { toModelJsonSchema } from './tool-model-schema';
import type { ToolUi } from './tool-ui';

/** A tool as the UI may show it (no functions but `ui.read`). */
export interface ToolInfo {
  name: string;
  description: string;
  /** The JSON Schema the model receives. */
  inputSchema: Record<string, unknown>;
  readOnly: boolean;
  /** Its group (`read`, `write`, `shell`, `people`, `agent`, `backend`, `mcp:<server>`, or the app's own), as `permissions.allow` / `deny` match it. */
  category?: string;
  /** No `execute`: it runs in the host app or on a backend. */
  declaration: boolean;
  /** Its MCP App, shown in its calls' cards (`ui.read` fetches the app through the kit's server). */
  ui?: ToolUi;
  /** A sub-agent tool (`defineAgentTool`): the tools its child has (for showing the child's calls and approvals). */
  subAgent?: { tools: ToolInfo[] };
}

/**
 * A tool as the UI (and hooks) see it: its JSON Schema as the model receives it, no functions.
 *
 * @example
 * ```ts
 * toToolInfo(getWeather); // { name: 'get_weather', description: '…', inputSchema: { type: 'object', … }, readOnly: true, declaration: false }
 * ```
 */
export function toToolInfo(tool: ToolDefinition): ToolInfo {
  return {
    name: tool.name,
    description: tool.description,
    inputSchema: toModelJsonSchema(tool),
    readOnly: tool.readOnly === true,
    ...(tool.category ? { category: tool.category } : {}),
    declaration: !tool.execute,
    ...(tool.ui ? { ui: tool.ui } : {}),
  };
}
