import type { ToolDefinition } from './define-tool';
import { toolNamePattern } from './define-tool';
import { InvalidToolError } from './invalid-tool-error';
import { isStandardSchema } from '../schema/standard-schema';

/**
 * Checks a list of tools and indexes them by name. A duplicate name is an error, never
 * "the last one wins". `createAgent` and the server's handler both use it.
 *
 * @example
 * ```ts
 * const tools = createToolRegistry([getWeather, add]);
 * tools.get('add'); // the definition
 * createToolRegistry([add, add]); // throws InvalidToolError: a tool named "add" is defined twice.
 * ```
 */
export function createToolRegistry(tools: readonly ToolDefinition<never, unknown>[] = []): ReadonlyMap<string, ToolDefinition> {
  const registry = new Map<string, ToolDefinition>();
  for (const [index, tool] of tools.entries()) {
    if (typeof tool !== 'object' || tool === null) throw new InvalidToolError(`tools[${index}] is not a tool definition.`);
    if (typeof tool.name !== 'string' || !toolNamePattern.test(tool.name)) {
      throw new InvalidToolError(
        `tools[${index}]: the name ${JSON.stringify(tool.name)} is not valid; names match ${toolNamePattern.source} (letters, digits, _ and -, at most 64).`,
      );
    }
    if (registry.has(tool.name)) throw new InvalidToolError(`tools[${index}]: a tool named "${tool.name}" is defined twice.`);
    if (typeof tool.description !== 'string') throw new InvalidToolError(`Tool "${tool.name}": \`description\` must be a string.`);
    if (!isStandardSchema(tool.inputSchema) && (typeof tool.inputSchema !== 'object' || tool.inputSchema === null)) {
      throw new InvalidToolError(`Tool "${tool.name}": \`inputSchema\` must be a JSON Schema object or a Standard Schema (zod 4, valibot, ...).`);
    }
    if (tool.timeoutMs !== undefined && !(typeof tool.timeoutMs === 'number' && tool.timeoutMs > 0 && !Number.isNaN(tool.timeoutMs))) {
      throw new InvalidToolError(`Tool "${tool.name}": \`timeoutMs\` must be a positive number of milliseconds (or Infinity for no limit), got ${String(tool.timeoutMs)}.`);
    }
    // Only the app's `onToolCall` runs in another tab than the loop's.
    if (tool.tab !== undefined && tool.tab !== 'leader' && (tool.tab !== 'sender' || tool.execute)) {
      throw new InvalidToolError(`Tool "${tool.name}": \`tab\` must be 'leader', or 'sender' for a tool without \`execute\` (run by the app's \`onToolCall\`); got ${JSON.stringify(tool.tab)}.`);
    }
    for (const hook of ['init', 'dispose'] as const) {
      if (tool[hook] !== undefined && typeof tool[hook] !== 'function') throw new InvalidToolError(`Tool "${tool.name}": \`${hook}\` must be a function.`);
    }
    registry.set(tool.name, tool as ToolDefinition);
  }
  return registry;
}
