/**
 * A tool's input schema as the model sees it. Apart from the validation (`validateToolInput`),
 * which only a run needs: the model's view of a tool is built when the agent is created, before
 * the loop and the validator have loaded.
 */
import { InvalidToolError } from './invalid-tool-error';
import { hasStandardJsonSchema, isStandardSchema, type StandardJSONSchemaV1, type StandardSchemaV1 } from '../schema/standard-schema';
import type { JsonSchemaObject } from '../schema/json-schema-context';

/**
 * What a tool's `inputSchema` may be: a JSON Schema object, or any Standard Schema.
 *
 * @example
 * ```ts
 * const a: ToolInputSchema = { type: 'object', properties: { city: { type: 'string' } } };
 * const b: ToolInputSchema = z.object({ city: z.string() });
 * ```
 */
export type ToolInputSchema = JsonSchemaObject | StandardSchemaV1;

/**
 * The parts of a tool definition that describe its input.
 *
 * @example
 * ```ts
 * const source: ToolSchemaSource = { name: 'get_weather', inputSchema: { type: 'object' } };
 * ```
 */
export interface ToolSchemaSource {
  name: string;
  inputSchema: ToolInputSchema;
  inputJsonSchema?: JsonSchemaObject | undefined;
}

/** One JSON Schema per Standard Schema: converting is not free, and a stable object helps caching. */
const converted = new WeakMap<object, Record<string, unknown>>();

/**
 * The JSON Schema the model receives for a tool: `inputJsonSchema` when given, the JSON Schema
 * `inputSchema` itself, or what a Standard Schema exports through Standard JSON Schema (its
 * input side, so fields with defaults are optional). A top-level `$schema` is dropped: it is
 * metadata some providers reject.
 *
 * @throws InvalidToolError when a Standard Schema cannot export JSON Schema (plain valibot, zod
 * mini, zod 3) or its export fails; the message says how to pass `inputJsonSchema` instead.
 *
 * @example
 * ```ts
 * toModelJsonSchema(defineTool({ name: 'get_weather', description: '', inputSchema: z.object({ city: z.string() }) }));
 * // { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }
 * ```
 */
export function toModelJsonSchema(tool: ToolSchemaSource): Record<string, unknown> {
  if (tool.inputJsonSchema) return tool.inputJsonSchema;
  const schema = tool.inputSchema;
  if (!isStandardSchema(schema)) return schema;
  const cached = converted.get(schema);
  if (cached) return cached;
  const vendor = schema['~standard'].vendor;
  if (!hasStandardJsonSchema(schema)) {
    throw new InvalidToolError(
      `Tool "${tool.name}": its inputSchema is a ${vendor} schema that cannot export JSON Schema for the model (it does not implement Standard JSON Schema). ${exportHint(vendor)}`,
    );
  }
  let exported: Record<string, unknown>;
  try {
    exported = exportJsonSchema(schema);
  } catch (error) {
    throw new InvalidToolError(
      `Tool "${tool.name}": turning its ${vendor} inputSchema into JSON Schema failed (${messageOf(error)}). Use only types that JSON can carry in the schema, or pass the JSON Schema the model should see as \`inputJsonSchema\`.`,
    );
  }
  if (typeof exported !== 'object' || exported === null) throw new InvalidToolError(`Tool "${tool.name}": its ${vendor} inputSchema exported no JSON Schema object.`);
  const { $schema: _dialect, ...modelSchema } = exported;
  converted.set(schema, modelSchema);
  return modelSchema;
}

function exportJsonSchema(schema: StandardJSONSchemaV1): Record<string, unknown> {
  try {
    return schema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
  } catch (error) {
    // Implementers must support draft-07 and may reject 2020-12; a schema that cannot be
    // represented fails both ways, and then the first error is the one to show.
    try {
      return schema['~standard'].jsonSchema.input({ target: 'draft-07' });
    } catch {
      throw error;
    }
  }
}

function exportHint(vendor: string): string {
  switch (vendor) {
    case 'valibot':
      return 'Wrap it with `toStandardJsonSchema(schema)` from `@valibot/to-json-schema`, or pass `inputJsonSchema: toJsonSchema(schema)` from the same package.';
    case 'zod':
      return 'Schemas from `zod` (v4) export it; with `zod/mini` pass `inputJsonSchema: z.toJSONSchema(schema, { io: "input" })`, with zod 3 a schema from `zod-to-json-schema`.';
    default:
      return 'Pass the JSON Schema the model should see as `inputJsonSchema`.';
  }
}

/** What was thrown, as words for a message (an Error's message, a string, anything else as a string). */
export function messageOf(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}
