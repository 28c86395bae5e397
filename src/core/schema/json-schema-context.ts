import type { SchemaIssue } from './schema-issue';

/**
 * A JSON Schema object. Read-only so that schemas written `as const` fit.
 *
 * @example
 * ```ts
 * const schema: JsonSchemaObject = { type: 'object', properties: { city: { type: 'string' } } };
 * ```
 */
export type JsonSchemaObject = { readonly [keyword: string]: unknown };

/**
 * A JSON Schema: an object, or `true` (anything) / `false` (nothing).
 *
 * @example
 * ```ts
 * const anything: JsonSchema = true;
 * ```
 */
export type JsonSchema = boolean | JsonSchemaObject;

/**
 * The schema itself is broken (a bad pattern, a `$ref` to nowhere, a `$ref` loop, a keyword of
 * the wrong type). This is the tool author's bug, not the model's, so it is thrown rather than
 * reported as an issue with the value.
 *
 * @example
 * ```ts
 * try { validateJsonSchema({ pattern: '(' }, 'x'); } catch (error) { error instanceof JsonSchemaError; }
 * ```
 */
export class JsonSchemaError extends Error {
  override readonly name = 'JsonSchemaError';
}

/**
 * Where the validator stands: in the value, in the schema, and how it got there.
 *
 * @example
 * ```ts
 * const start: SchemaPosition = { path: '$', schemaPath: '#', valueDepth: 1, schemaDepth: 0, refs: [] };
 * ```
 */
export interface SchemaPosition {
  /** In the value, e.g. `$.items[2]`. */
  readonly path: string;
  /** In the schema, e.g. `#/properties/items`; names the place in schema errors. */
  readonly schemaPath: string;
  readonly valueDepth: number;
  /** Schemas applied to this same value so far (combinators, `$ref`); reset on each step into the value. */
  readonly schemaDepth: number;
  /** `$ref`s followed at this same value; meeting one again means a loop. */
  readonly refs: readonly string[];
}

/**
 * Shared by the keyword checkers; `apply` is how they validate a subschema.
 *
 * @example
 * ```ts
 * context.apply(properties[key], value[key], intoValue(position, propertyPath(position.path, key), `properties/${key}`));
 * ```
 */
export interface ValidationContext {
  readonly root: JsonSchema;
  readonly issues: SchemaIssue[];
  readonly maxIssues: number;
  apply(schema: unknown, value: unknown, position: SchemaPosition): void;
  /** A fresh context for trying a branch (`anyOf`, `oneOf`, `not`) without reporting its issues. */
  branch(): ValidationContext;
}

/**
 * Records an issue unless the cap is reached.
 *
 * @example
 * ```ts
 * report(context, '$.city', 'required property is missing');
 * ```
 */
export function report(context: ValidationContext, path: string, message: string): void {
  if (context.issues.length < context.maxIssues) context.issues.push({ path, message });
}

/**
 * True once the cap is reached: checkers stop early, since nothing more will be reported.
 *
 * @example
 * ```ts
 * for (const item of items) { if (isFull(context)) return; ... }
 * ```
 */
export function isFull(context: ValidationContext): boolean {
  return context.issues.length >= context.maxIssues;
}

/**
 * A step into a child value (a property or an item) and the subschema that describes it.
 *
 * @example
 * ```ts
 * intoValue(position, '$.items[2]', 'items'); // schemaPath '#/items', schemaDepth 0
 * ```
 */
export function intoValue(position: SchemaPosition, path: string, schemaSegment: string): SchemaPosition {
  return { path, schemaPath: `${position.schemaPath}/${schemaSegment}`, valueDepth: position.valueDepth + 1, schemaDepth: 0, refs: [] };
}

/**
 * A step into a subschema that applies to the same value.
 *
 * @example
 * ```ts
 * intoSchema(position, 'anyOf/0'); // same path, schemaDepth + 1
 * ```
 */
export function intoSchema(position: SchemaPosition, schemaSegment: string): SchemaPosition {
  return { ...position, schemaPath: `${position.schemaPath}/${schemaSegment}`, schemaDepth: position.schemaDepth + 1 };
}

/**
 * A JSON Pointer token for a key (`/` and `~` escaped), for schema paths.
 *
 * @example
 * ```ts
 * pointerToken('a/b'); // 'a~1b'
 * ```
 */
export function pointerToken(key: string): string {
  // Runs for every property validated; almost no key needs escaping.
  if (!key.includes('~') && !key.includes('/')) return key;
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
