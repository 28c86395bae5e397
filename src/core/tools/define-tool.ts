/** What a tool's `execute` receives besides its input. */
export interface ToolExecutionContext {
  /** Aborted when the user stops the run or the call times out. */
  signal: AbortSignal;
  toolCallId: string;
  /** Report progress shown in the UI while the tool runs (the latest value wins). */
  reportProgress: (progress: unknown) => void;
}

/**
 * A tool's result: a value, a promise of one, or an async iterable whose yielded values are
 * progress and whose last value is the result.
 */
export type ToolExecuteResult<Output> = Output | Promise<Output> | AsyncIterable<Output>;

export interface ToolDefinition<Input = unknown, Output = unknown> {
  /** Matches `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`; unique within an agent. */
  name: string;
  /** Tells the model when and how to use the tool. */
  description: string;
  /** JSON Schema of the input object; sent to the model as is. */
  inputSchema: Record<string, unknown>;
  /** Runs the tool. Without it the tool is a declaration, run by the host app or a backend. */
  execute?: (input: Input, context: ToolExecutionContext) => ToolExecuteResult<Output>;
  /** Ask a person before running: always, or when the function says so for this input. */
  needsApproval?: boolean | ((input: Input) => boolean);
  /** Marks tools that change nothing; used by permission policies. */
  readOnly?: boolean;
  /** Free-form grouping for display (for example `'files'`, `'web'`). */
  category?: string;
  /** Per-call time limit; the call ends as an error result when it passes. */
  timeoutMs?: number;
}

export const toolNamePattern = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

/**
 * Defines a tool the agent can call. Returns the definition unchanged, typed.
 *
 * @example
 * ```ts
 * const getWeather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city.',
 *   inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 *   execute: async ({ city }: { city: string }) => ({ city, celsius: 21 }),
 * });
 * ```
 */
export function defineTool<Input = unknown, Output = unknown>(definition: ToolDefinition<Input, Output>): ToolDefinition<Input, Output> {
  return definition;
}

/** Thrown by `createAgent` for a tool list it cannot use: bad or duplicate names, missing fields. */
export class InvalidToolError extends TypeError {
  override readonly name = 'InvalidToolError';
}

/**
 * Checks a list of tools and indexes them by name. A duplicate name is an error, never
 * "the last one wins".
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
    if (typeof tool.inputSchema !== 'object' || tool.inputSchema === null) {
      throw new InvalidToolError(`Tool "${tool.name}": \`inputSchema\` must be a JSON Schema object.`);
    }
    registry.set(tool.name, tool as ToolDefinition);
  }
  return registry;
}
