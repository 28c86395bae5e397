import { JsonSchemaError } from '../schema/json-schema-context';
import { validateJsonSchema } from '../schema/json-schema-validator';
import { defaultMaxIssues, formatIssueList, type SchemaIssue } from '../schema/schema-issue';
import { formatStandardPath, isStandardSchema, type StandardSchemaV1 } from '../schema/standard-schema';
import { findUnsafeKeys } from '../schema/unsafe-keys';
import { messageOf, type ToolSchemaSource } from './tool-model-schema';

export type { ToolInputSchema, ToolSchemaSource } from './tool-model-schema';

/**
 * The outcome of {@link validateToolInput}.
 *
 * @example
 * ```ts
 * const result: ToolInputValidation = { ok: true, value: { city: 'Paris' } };
 * ```
 */
export type ToolInputValidation = { ok: true; value: unknown } | { ok: false; message: string };

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
  return { ok: false, message: `The tool "${toolName}" could not check its arguments (${messageOf(error)}), so it did not run.` };
}
