import type { JsonSchemaObject } from '../schema/json-schema-context';
import type { ApprovalPreview } from '../store/state';
import type { InferToolInput } from '../schema/infer-json-schema';
import type { ToolInputSchema } from './tool-input-schema';
import type { ToolUi } from './tool-ui';

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

/**
 * A tool the agent can call. `Input` is what `execute` receives (inferred from `inputSchema` by
 * `defineTool`), `Output` what it returns, `Schema` the exact type of `inputSchema`.
 *
 * @example
 * ```ts
 * const tools: ToolDefinition[] = [getWeather];
 * ```
 */
export interface ToolDefinition<Input = unknown, Output = unknown, Schema extends ToolInputSchema = ToolInputSchema> {
  /** Matches `^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`; unique within an agent. */
  name: string;
  /** Tells the model when and how to use the tool. */
  description: string;
  /**
   * The input's schema, checked before the tool runs: a JSON Schema object (sent to the model as
   * is; write it `as const` to type `execute`'s argument) or any Standard Schema such as zod 4 or
   * valibot (its output, with transforms and defaults applied, is what `execute` receives).
   */
  inputSchema: Schema;
  /**
   * The JSON Schema the model sees, for a Standard Schema that cannot export one itself (plain
   * valibot, zod mini). Arguments are still validated by `inputSchema`.
   *
   * @example
   * ```ts
   * inputSchema: v.object({ city: v.string() }),
   * inputJsonSchema: toJsonSchema(v.object({ city: v.string() })), // from @valibot/to-json-schema
   * ```
   */
  inputJsonSchema?: JsonSchemaObject;
  /**
   * The JSON Schema of the tool's output, when it has one (MCP tools that declare an
   * `outputSchema`): published in the backend's catalog for the app, not checked by the kit.
   */
  outputSchema?: JsonSchemaObject;
  /**
   * The tool's own interface, an MCP App (`_meta.ui.resourceUri` of an MCP tool): the kit's
   * components show it in the call's card. Set by the MCP tool source and the tool bridge.
   */
  ui?: ToolUi;
  /** Runs the tool. Without it the tool is a declaration, run by the host app or a backend. */
  execute?: (input: Input, context: ToolExecutionContext) => ToolExecuteResult<Output>;
  /** Ask a person before running: always, or when the function says so for this input. */
  needsApproval?: boolean | ((input: Input) => boolean);
  /**
   * What a call would change, shown with its approval request (the file tools return diffs).
   * Called only when a person is asked; a throw or `undefined` shows no preview.
   */
  preview?: (input: Input) => ApprovalPreview | undefined;
  /**
   * What a call will do, in words for the person who approves it: the approval dialog's heading
   * ("Send an email to ada@example.com: Launch"). Called when a person is asked, with the
   * validated input; a throw, a value that is not a string, or blank text falls back to the
   * kit's sentence from the tool's name and arguments.
   *
   * @example
   * ```ts
   * summarize: ({ to, subject }) => `Send an email to ${to}: ${subject}`,
   * ```
   */
  summarize?: (input: Input) => string;
  /** Marks tools that change nothing; used by permission policies. */
  readOnly?: boolean;
  /**
   * The tool's group, for permission lists (`permissions: { allow: ['read', 'write'] }`) and for
   * display. The built-in tools use `read`, `write`, `shell` and `people`, sub-agent tools `agent`;
   * backend tools from a catalog default to `backend`, MCP tools are `mcp:<server>`; an app's own may be any word
   * (`'web'`, `'email'`).
   */
  category?: string;
  /**
   * Per-call time limit in ms; the call's signal aborts and it ends as an error result when it
   * passes. Without one, the agent's `limits.toolTimeoutMs` applies (default 60 s). `Infinity`
   * opts out: the call may run as long as the run does (Stop still ends it).
   */
  timeoutMs?: number;
  /**
   * Prepares what the tool needs (opens a database, loads a model, connects a client). An agent
   * runs it once, before its first call of the tool; calls that come meanwhile wait for the same
   * `init`. The call's time limit and Stop apply to the wait. When it throws, the call (and those
   * waiting with it) ends with an error result saying so, and the next call tries again. Each
   * agent starts its tools itself: a tool given to two agents is started by each.
   *
   * @example
   * ```ts
   * let db: Database | undefined;
   * defineTool({ name: 'query', ..., init: async () => { db = await openDatabase(); }, dispose: () => db?.close(), execute: ({ sql }) => db!.all(sql) });
   * ```
   */
  init?: () => void | PromiseLike<void>;
  /**
   * Lets go of what `init` (or the first call) took, when the agent is disposed (`agent.dispose()`).
   * Called once for each tool the agent started (its first call began, and its `init`, if any,
   * succeeded), after the run stopped; one that throws is reported through `reportError` and the
   * other tools are still disposed.
   */
  dispose?: () => void | PromiseLike<void>;
  /**
   * Running it twice with the same input does no more than running it once (a lookup, a PUT).
   * Only such tools are retried when a call to a backend fails in transit (`httpToolBridge`), and
   * run again when a run goes on after the page was reloaded while they ran (`session.resume`);
   * a call of any other tool is sealed then, and the model is told.
   */
  idempotent?: boolean;
  /**
   * Which tab runs a call of this tool when the conversation is open in several tabs of one
   * browser (`session.tabs`). `'leader'` (the default): the tab that runs the loop. `'sender'`: the
   * tab the person's message was sent from, for a tool the app runs in `onToolCall` that needs
   * that page (its selection, a dialog, a permission prompt). The call waits for that tab while it
   * reloads, within the call's time limit; if the tab goes away while the call runs, the call ends
   * with an error unless the tool is `idempotent`, in which case it runs again once the tab is back.
   * Only for declarations (tools without `execute`).
   */
  tab?: 'leader' | 'sender';
}

export const toolNamePattern = /^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$/;

// `const` makes an inline schema literal ('string', not string) without `as const`; `Input`
// defaults to the schema's type but is inferred from an annotated `execute` when there is one.
/**
 * Defines a tool the agent can call. Returns the definition unchanged, typed: `execute`'s
 * argument is inferred from an inline JSON Schema (read as if written `as const`) or from a
 * Standard Schema's output type. An explicit annotation on `execute` takes precedence.
 *
 * @example
 * ```ts
 * const getWeather = defineTool({
 *   name: 'get_weather',
 *   description: 'Current weather for a city.',
 *   inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 *   execute: async ({ city }) => ({ city: city.toUpperCase(), celsius: 21 }), // city: string
 * });
 * const add = defineTool({
 *   name: 'add',
 *   description: 'Adds two numbers.',
 *   inputSchema: z.object({ a: z.number(), b: z.number() }),
 *   execute: ({ a, b }) => a + b,
 * });
 * ```
 */
export function defineTool<const Schema extends ToolInputSchema, Input = InferToolInput<Schema>, Output = unknown>(
  definition: ToolDefinition<Input, Output, Schema>,
): ToolDefinition<Input, Output, Schema>;
/**
 * Defines a tool with its input and output types given explicitly: `defineTool<Input, Output>({...})`.
 *
 * @example
 * ```ts
 * const move = defineTool<{ from: string; to: string }, string>({ name: 'move', description: '', inputSchema: moveSchema, execute: ({ from, to }) => `${from} -> ${to}` });
 * ```
 */
export function defineTool<Input, Output = unknown>(definition: ToolDefinition<Input, Output>): ToolDefinition<Input, Output>;
export function defineTool(definition: ToolDefinition<never, unknown>): ToolDefinition<never, unknown> {
  return definition;
}
