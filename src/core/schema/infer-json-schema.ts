import type { StandardSchemaV1 } from './standard-schema';

/*
 * Type-level reading of JSON Schemas written `as const`. It covers what tool schemas use and
 * gives up with `unknown` beyond that: a precise but slow type would cost every keystroke in
 * every project that defines tools. Nesting stops at `MaxDepth` for the same reason.
 */

type MaxDepth = 8;
type Deeper<Depth extends unknown[]> = [...Depth, unknown];

/** `{ a: 1 } & { b?: 2 }` shown as one object in editors. */
type Flatten<T> = { [Key in keyof T]: T[Key] } & {};

type RequiredNames<Schema> = Schema extends { readonly required: readonly (infer Name)[] } ? Name : never;

type FromObject<Schema, Depth extends unknown[]> = Schema extends { readonly properties: infer Properties }
  ? Flatten<
      {
        -readonly [Key in keyof Properties as Key extends RequiredNames<Schema> ? Key : never]: FromJsonSchema<Properties[Key], Deeper<Depth>>;
      } & {
        -readonly [Key in keyof Properties as Key extends RequiredNames<Schema> ? never : Key]?: FromJsonSchema<Properties[Key], Deeper<Depth>>;
      }
    >
  : Schema extends { readonly additionalProperties: infer Values extends object }
    ? Record<string, FromJsonSchema<Values, Deeper<Depth>>>
    : Record<string, unknown>;

type FromArray<Schema, Depth extends unknown[]> = Schema extends { readonly items: infer Items }
  ? Items extends readonly unknown[]
    ? unknown[]
    : FromJsonSchema<Items, Deeper<Depth>>[]
  : unknown[];

// Distributes over a union of names, so `type: ['string', 'null']` gives `string | null`.
type FromTypeName<Name, Schema, Depth extends unknown[]> = Name extends 'string'
  ? string
  : Name extends 'number' | 'integer'
    ? number
    : Name extends 'boolean'
      ? boolean
      : Name extends 'null'
        ? null
        : Name extends 'array'
          ? FromArray<Schema, Depth>
          : Name extends 'object'
            ? FromObject<Schema, Depth>
            : unknown;

type FromEach<Member, Depth extends unknown[]> = Member extends unknown ? FromJsonSchema<Member, Deeper<Depth>> : never;

/**
 * The TypeScript type of the values a JSON Schema written `as const` accepts: objects with
 * `properties` (keys in `required` are required, the rest optional), strings, numbers, integers,
 * booleans, null, arrays by `items`, `enum` and `const` literals, lists of types, and
 * `anyOf`/`oneOf` unions. Anything else (`$ref`, `allOf`, tuples) is `unknown`.
 *
 * @example
 * ```ts
 * const schema = {
 *   type: 'object',
 *   properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } },
 *   required: ['city'],
 * } as const;
 * type Input = FromJsonSchema<typeof schema>; // { city: string; unit?: 'c' | 'f' }
 * ```
 */
export type FromJsonSchema<Schema, Depth extends unknown[] = []> = Depth['length'] extends MaxDepth
  ? unknown
  : Schema extends { readonly const: infer Value }
    ? Value
    : Schema extends { readonly enum: readonly (infer Option)[] }
      ? Option
      : Schema extends { readonly anyOf: readonly (infer Member)[] }
        ? FromEach<Member, Depth>
        : Schema extends { readonly oneOf: readonly (infer Member)[] }
          ? FromEach<Member, Depth>
          : Schema extends { readonly type: infer Type }
            ? FromTypeName<Type extends readonly (infer Name)[] ? Name : Type, Schema, Depth>
            : Schema extends { readonly properties: object }
              ? FromObject<Schema, Depth>
              : unknown;

/**
 * What a tool's `execute` receives for an input schema: a Standard Schema's output type (after
 * its transforms and defaults), or the type read from a JSON Schema written `as const`.
 *
 * @example
 * ```ts
 * type A = InferToolInput<typeof zodSchema>; // z.output<typeof zodSchema>
 * type B = InferToolInput<{ type: 'object'; properties: { n: { type: 'number' } } }>; // { n?: number }
 * ```
 */
export type InferToolInput<Schema> = Schema extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<Schema> : FromJsonSchema<Schema>;
