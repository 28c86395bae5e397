import { applyRef, checkCombinators } from './json-schema-combinators';
import { JsonSchemaError, isFull, report, type JsonSchema, type SchemaPosition, type ValidationContext } from './json-schema-context';
import { isJsonObject } from './schema-keywords';
import { checkEnumAndConst, checkNumber, checkString, checkType } from './json-schema-scalar-keywords';
import { checkArray, checkObject } from './json-schema-structure-keywords';
import { defaultMaxIssues, formatLiteral, type SchemaIssue } from './schema-issue';
import { findUnsafeKeys, maxValueDepth } from './unsafe-keys';

/**
 * The outcome of {@link validateJsonSchema}: the value unchanged, or what is wrong with it.
 *
 * @example
 * ```ts
 * const result: JsonSchemaValidation = { ok: false, issues: [{ path: '$.city', message: 'required property is missing' }] };
 * ```
 */
export type JsonSchemaValidation<Value = unknown> = { ok: true; value: Value } | { ok: false; issues: SchemaIssue[] };

/**
 * Options for {@link validateJsonSchema}.
 *
 * @example
 * ```ts
 * validateJsonSchema(schema, value, { maxIssues: 5 });
 * ```
 */
export interface ValidateJsonSchemaOptions {
  /** Stop after this many issues (default 20): past that the model gains only noise. */
  maxIssues?: number;
}

/** Combinators and `$ref`s applied to one value before giving up: deeper than any real schema. */
const maxSchemaDepth = 64;

/**
 * Checks a value against a JSON Schema (the draft-07 / 2020-12 keywords that tool schemas use)
 * without generating code, so it runs under a strict Content Security Policy. Issues are worded
 * for a model to fix its arguments: `$.count: expected integer, got string "3"`.
 *
 * Any own `__proto__` key in the value is refused whatever the schema says, and so is nesting
 * deeper than 64 levels. The value is only read, never changed; on success it comes back as is.
 *
 * Supported: `type` (one or a list, `integer`, `null`), `enum`, `const`, number bounds and
 * `multipleOf`, `minLength`/`maxLength` (in code points), `pattern`, `properties`, `required`,
 * `additionalProperties`, `patternProperties`, `propertyNames`, `min/maxProperties`, `items`,
 * `prefixItems` (and draft-07 tuple `items`/`additionalItems`), `min/maxItems`, `uniqueItems`,
 * `allOf`/`anyOf`/`oneOf`/`not`, local `$ref` and boolean schemas. Annotations (`format`,
 * `description`, `title`, `default`, ...) and unknown keywords are ignored.
 *
 * @throws JsonSchemaError when the schema itself is broken (invalid pattern, `$ref` to nowhere or
 * in a loop, a keyword of the wrong type): that is for the tool's author to fix, not the model.
 *
 * @example
 * ```ts
 * const result = validateJsonSchema(
 *   { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
 *   { town: 'Paris' },
 * );
 * // { ok: false, issues: [{ path: '$.city', message: 'required property is missing' }] }
 * ```
 */
export function validateJsonSchema(schema: JsonSchema, value: unknown, options: ValidateJsonSchemaOptions = {}): JsonSchemaValidation {
  const maxIssues = Math.max(1, options.maxIssues ?? defaultMaxIssues);
  const unsafe = findUnsafeKeys(value, maxIssues);
  if (unsafe.length > 0) return { ok: false, issues: unsafe };
  const context = createContext(schema, maxIssues);
  context.apply(schema, value, { path: '$', schemaPath: '#', valueDepth: 1, schemaDepth: 0, refs: [] });
  return context.issues.length === 0 ? { ok: true, value } : { ok: false, issues: context.issues };
}

function createContext(root: JsonSchema, maxIssues: number): ValidationContext {
  const context: ValidationContext = {
    root,
    issues: [],
    maxIssues,
    apply: (schema, value, position) => applySchema(context, schema, value, position),
    branch: () => createContext(root, maxIssues),
  };
  return context;
}

function applySchema(context: ValidationContext, schema: unknown, value: unknown, position: SchemaPosition): void {
  if (isFull(context) || schema === true) return;
  if (schema === false) return report(context, position.path, 'no value is allowed here; leave it out');
  if (!isJsonObject(schema)) throw new JsonSchemaError(`${position.schemaPath}: a schema must be an object or a boolean, got ${formatLiteral(schema)}.`);
  if (position.schemaDepth > maxSchemaDepth) {
    throw new JsonSchemaError(`${position.schemaPath}: more than ${maxSchemaDepth} nested allOf/anyOf/oneOf/not/$ref apply to one value.`);
  }
  // Unsafe-key scanning already refused deeper values; this keeps the validator safe on its own.
  if (position.valueDepth > maxValueDepth) return report(context, position.path, `the value is nested more than ${maxValueDepth} levels deep`);

  applyRef(context, schema, value, position);
  // A value of the wrong type makes its type's keywords meaningless: one clear issue is enough.
  if (!checkType(context, schema, value, position)) return;
  checkEnumAndConst(context, schema, value, position);
  if (typeof value === 'number') checkNumber(context, schema, value, position);
  else if (typeof value === 'string') checkString(context, schema, value, position);
  else if (Array.isArray(value)) checkArray(context, schema, value, position);
  else if (isJsonObject(value)) checkObject(context, schema, value, position);
  checkCombinators(context, schema, value, position);
}
