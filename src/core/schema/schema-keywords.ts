import { JsonSchemaError, type JsonSchemaObject, type SchemaPosition } from './json-schema-context';

/*
 * Readers for schema keywords. Each reads own properties only, so a keyword can never come from
 * Object.prototype, and each rejects a keyword of the wrong type with a JsonSchemaError that
 * names where it is: a silently ignored typo would let invalid arguments through.
 */

/**
 * Reads a keyword only if the schema has it itself, so `constructor` and friends never leak in.
 *
 * @example
 * ```ts
 * ownKeyword({ type: 'string' }, 'type'); // 'string'
 * ownKeyword({}, 'constructor'); // undefined
 * ```
 */
export function ownKeyword(schema: JsonSchemaObject, name: string): unknown {
  return Object.hasOwn(schema, name) ? schema[name] : undefined;
}

/**
 * A JSON object: not null, not an array.
 *
 * @example
 * ```ts
 * isJsonObject({}); // true
 * isJsonObject([]); // false
 * ```
 */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A numeric keyword, or undefined when absent; anything but a finite number is a schema error.
 *
 * @example
 * ```ts
 * numberKeyword({ minimum: 1 }, 'minimum', position); // 1
 * ```
 */
export function numberKeyword(schema: JsonSchemaObject, name: string, position: SchemaPosition): number | undefined {
  const value = ownKeyword(schema, name);
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new JsonSchemaError(`${position.schemaPath}/${name} must be a number, got ${JSON.stringify(value)}.`);
  }
  return value;
}

/**
 * A count keyword (`minLength`, `maxItems`, ...): a whole number of at least 0.
 *
 * @example
 * ```ts
 * countKeyword({ minLength: -1 }, 'minLength', position); // throws JsonSchemaError
 * ```
 */
export function countKeyword(schema: JsonSchemaObject, name: string, position: SchemaPosition): number | undefined {
  const value = numberKeyword(schema, name, position);
  if (value !== undefined && (!Number.isInteger(value) || value < 0)) {
    throw new JsonSchemaError(`${position.schemaPath}/${name} must be a whole number of at least 0, got ${value}.`);
  }
  return value;
}

/**
 * A keyword that holds a map of subschemas (`properties`, `$defs`, ...).
 *
 * @example
 * ```ts
 * schemaMapKeyword({ properties: { a: {} } }, 'properties', position); // { a: {} }
 * ```
 */
export function schemaMapKeyword(schema: JsonSchemaObject, name: string, position: SchemaPosition): Record<string, unknown> | undefined {
  const value = ownKeyword(schema, name);
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) throw new JsonSchemaError(`${position.schemaPath}/${name} must be an object of schemas.`);
  return value;
}

/**
 * A keyword that holds a list of subschemas (`anyOf`, `prefixItems`, ...).
 *
 * @example
 * ```ts
 * schemaListKeyword({ anyOf: [{}, {}] }, 'anyOf', position); // [{}, {}]
 * ```
 */
export function schemaListKeyword(schema: JsonSchemaObject, name: string, position: SchemaPosition): readonly unknown[] | undefined {
  const value = ownKeyword(schema, name);
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw new JsonSchemaError(`${position.schemaPath}/${name} must be an array of schemas.`);
  return value;
}
