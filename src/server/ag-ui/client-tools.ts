/**
 * The tools a client offers in `RunAgentInput.tools` ("client tools") as declarations of the
 * kit's agent: the model may call them, the agent checks the arguments against their schema, and
 * the call waits for the client, which runs it and sends the result in the next run's messages.
 */
import type { ToolDefinition } from '../../core/index';
import { createToolRegistry } from '../../core/internal';
import type { AgUiTool } from './ag-ui-wire';

/** The declarations, or the tool field that cannot be one. */
export type ClientToolsResult = { ok: true; tools: ToolDefinition<never, unknown>[] } | { ok: false; field: string; message: string };

/**
 * @example
 * ```ts
 * const client = clientTools(input.tools, serverTools);
 * if (client.ok) createAgent({ model, tools: [...serverTools.values(), ...client.tools], onToolCall: () => deferToolResult });
 * ```
 */
export function clientTools(tools: readonly AgUiTool[], serverTools: ReadonlyMap<string, ToolDefinition>): ClientToolsResult {
  const declarations: ToolDefinition<never, unknown>[] = [];
  for (const [index, tool] of tools.entries()) {
    if (serverTools.has(tool.name)) return { ok: false, field: `tools[${index}].name`, message: `"${tool.name}" is the name of one of the server's tools; a client tool needs a name of its own.` };
    const declaration = { name: tool.name, description: tool.description, inputSchema: tool.parameters ?? { type: 'object', properties: {} } } as ToolDefinition<never, unknown>;
    try {
      // The registry checks the name, a duplicate and the schema, as createAgent would.
      createToolRegistry([...declarations, declaration]);
    } catch (error) {
      return { ok: false, field: `tools[${index}]`, message: error instanceof Error ? error.message : String(error) };
    }
    declarations.push(declaration);
  }
  return { ok: true, tools: declarations };
}
