import { indexPath, propertyPath } from './schema-issue';

/*
 * The Standard Schema v1 and Standard JSON Schema v1 interfaces (standardschema.dev), declared
 * here rather than imported: the spec asks implementers to copy them, and it keeps the core free
 * of a dependency. zod 4, valibot, ArkType and others implement `StandardSchemaV1`.
 */

/**
 * A schema from any library that implements Standard Schema v1 (zod 4, valibot, ArkType, ...).
 *
 * @example
 * ```ts
 * import * as z from 'zod';
 * const schema: StandardSchemaV1<{ city: string }> = z.object({ city: z.string() });
 * ```
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

// A type-only namespace, as in the spec, so `StandardSchemaV1.InferOutput<S>` reads the same here.
export declare namespace StandardSchemaV1 {
  interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown, options?: Options) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  interface Options {
    readonly libraryOptions?: Record<string, unknown> | undefined;
  }
  type Result<Output> = SuccessResult<Output> | FailureResult;
  interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  interface PathSegment {
    readonly key: PropertyKey;
  }
  interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

/**
 * A schema that can describe itself as JSON Schema (Standard JSON Schema v1). zod 4 schemas do;
 * valibot schemas do once wrapped with `toStandardJsonSchema` from `@valibot/to-json-schema`.
 *
 * @example
 * ```ts
 * const jsonSchema = zodSchema['~standard'].jsonSchema.input({ target: 'draft-2020-12' });
 * ```
 */
export interface StandardJSONSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output> & {
    readonly jsonSchema: {
      readonly input: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
      readonly output: (options: StandardJSONSchemaOptions) => Record<string, unknown>;
    };
  };
}

/**
 * Options of the Standard JSON Schema converter.
 *
 * @example
 * ```ts
 * const options: StandardJSONSchemaOptions = { target: 'draft-2020-12' };
 * ```
 */
export interface StandardJSONSchemaOptions {
  readonly target: 'draft-2020-12' | 'draft-07' | 'openapi-3.0' | ({} & string);
  readonly libraryOptions?: Record<string, unknown> | undefined;
}

/**
 * Is this a Standard Schema? Checks the shape, not the library, so any implementer works.
 * Reads `~standard` through the prototype chain, since zod defines it as a getter there.
 *
 * @example
 * ```ts
 * isStandardSchema(z.string()); // true
 * isStandardSchema({ type: 'string' }); // false
 * ```
 */
export function isStandardSchema(value: unknown): value is StandardSchemaV1 {
  // ArkType schemas are functions, so functions count too.
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null || !('~standard' in value)) return false;
  const props: unknown = value['~standard'];
  return typeof props === 'object' && props !== null && (props as { version?: unknown }).version === 1 && typeof (props as { validate?: unknown }).validate === 'function';
}

/**
 * Can this Standard Schema describe itself as JSON Schema?
 *
 * @example
 * ```ts
 * hasStandardJsonSchema(z.object({})); // true (zod 4)
 * hasStandardJsonSchema(v.object({})); // false (plain valibot)
 * ```
 */
export function hasStandardJsonSchema(schema: StandardSchemaV1): schema is StandardSchemaV1 & StandardJSONSchemaV1 {
  const converter: unknown = (schema['~standard'] as { jsonSchema?: unknown }).jsonSchema;
  return typeof converter === 'object' && converter !== null && typeof (converter as { input?: unknown }).input === 'function';
}

/**
 * A Standard Schema issue path in the validator's notation, so both kinds of schema produce the
 * same messages: `['items', 2, 'name']` becomes `$.items[2].name`.
 *
 * @example
 * ```ts
 * formatStandardPath(['items', 2, { key: 'name' }]); // '$.items[2].name'
 * ```
 */
export function formatStandardPath(path: StandardSchemaV1.Issue['path']): string {
  let text = '$';
  for (const segment of path ?? []) {
    const key = typeof segment === 'object' && segment !== null ? segment.key : segment;
    if (typeof key === 'number') text = indexPath(text, key);
    else if (typeof key === 'symbol') text += `[${key.toString()}]`;
    else text = propertyPath(text, key);
  }
  return text;
}
