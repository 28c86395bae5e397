import { InvalidToolError } from './invalid-tool-error';
import { JsonSchemaError, type JsonSchemaObject } from '../schema/json-schema-context';
import { validateJsonSchema } from '../schema/json-schema-validator';
import { defaultMaxIssues, formatIssueList, type SchemaIssue } from '../schema/schema-issue';
import { formatStandardPath, hasStandardJsonSchema, isStandardSchema, type StandardJSONSchemaV1, type StandardSchemaV1 } from '../schema/standard-schema';
import { findUnsafeKeys } from '../schema/unsafe-keys';

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

/**
 * The outcome of {@link validateToolInput}.
 *
 * @example
 * ```ts
 * const result: ToolInputValidation = { ok: true, value: { city: 'Paris' } };
 * ```
 */
export type ToolInputValidation = { ok: true; value: unknown } | { ok: false; message: string };

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
      `Tool "${tool.name}": turning its ${vendor} inputSchema into JSON Schema failed (${describeError(error)}). Use only types that JSON can carry in the schema, or pass the JSON Schema the model should see as \`inputJsonSchema\`.`,
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

/**
 * Checks a tool call's arguments before anything runs. A Standard Schema validates with its own
 * library, and its output becomes the input (so transforms and defaults apply); a JSON Schema
 * validates with the built-in validator and the value passes through unchanged. A `__proto__` key
 * anywhere is refused first, for both. Never throws: a failure is a message for the model.
 *
 * @example
 * ```ts
 * const result = await validateToolInput(getWeather, {});
 * // { ok: false, message: 'Invalid arguments for "get_weather": $.city: required property is missing. Fix the arguments to match the tool\'s input schema and call it again.' }
 * ```
 */
export async function validateToolInput(tool: ToolSchemaSource, value: unknown): Promise<ToolInputValidation> {
  const schema = tool.inputSchema;
  if (!isStandardSchema(schema)) {
    try {
      const result = validateJsonSchema(schema, value);
      return result.ok ? result : invalid(tool.name, result.issues);
    } catch (error) {
      return brokenSchema(tool.name, error);
    }
  }
  // Checked before the library sees the value: its parser may copy objects by assignment.
  const unsafe = findUnsafeKeys(value);
  if (unsafe.length > 0) return invalid(tool.name, unsafe);
  let result: StandardSchemaV1.Result<unknown>;
  try {
    result = await schema['~standard'].validate(value);
  } catch (error) {
    return brokenSchema(tool.name, error);
  }
  if (!result.issues) return { ok: true, value: result.value };
  const issues = result.issues.map((issue) => ({ path: formatStandardPath(issue.path), message: issue.message }));
  return invalid(tool.name, issues.length > 0 ? issues : [{ path: '$', message: 'the arguments were rejected' }]);
}

function invalid(toolName: string, issues: readonly SchemaIssue[]): ToolInputValidation {
  const shown = issues.slice(0, defaultMaxIssues);
  const more = issues.length > shown.length ? `; and ${issues.length - shown.length} more` : issues.length >= defaultMaxIssues ? '; and possibly more' : '';
  return {
    ok: false,
    message: `Invalid arguments for "${toolName}": ${formatIssueList(shown)}${more}. Fix the arguments to match the tool's input schema and call it again.`,
  };
}

function brokenSchema(toolName: string, error: unknown): ToolInputValidation {
  if (error instanceof JsonSchemaError) {
    return {
      ok: false,
      message: `The tool "${toolName}" has a broken input schema (${error.message.replace(/\.$/, '')}), so it did not run. This is a problem in the tool's definition, not in your arguments; do not retry this tool.`,
    };
  }
  // A schema library that throws (instead of returning issues) may have met an odd value.
  return { ok: false, message: `The tool "${toolName}" could not check its arguments (${describeError(error)}), so it did not run.` };
}

function describeError(error: unknown): string {
  if (error instanceof Error) return error.message || error.name;
  return typeof error === 'string' ? error : String(error);
}
