import { describe, expect, it } from 'vitest';
import { JsonSchemaError, type JsonSchema } from './json-schema-context';
import { validateJsonSchema } from './json-schema-validator';

/** The issues as `path: message` lines, or [] when the value is valid. */
function problems(schema: JsonSchema, value: unknown, maxIssues?: number): string[] {
  const result = validateJsonSchema(schema, value, maxIssues === undefined ? {} : { maxIssues });
  return result.ok ? [] : result.issues.map((issue) => `${issue.path}: ${issue.message}`);
}

describe('validateJsonSchema: types', () => {
  it('returns the same value on success', () => {
    const value = { city: 'Paris' };
    const result = validateJsonSchema({ type: 'object' }, value);
    expect(result).toEqual({ ok: true, value });
    expect(result.ok && result.value).toBe(value);
  });

  it('checks each JSON type, with integer and null', () => {
    expect(problems({ type: 'integer' }, '3')).toEqual(['$: expected integer, got string "3"']);
    expect(problems({ type: 'integer' }, 3.5)).toEqual(['$: expected integer, got number 3.5']);
    expect(problems({ type: 'integer' }, 3)).toEqual([]);
    expect(problems({ type: 'number' }, 3)).toEqual([]);
    expect(problems({ type: 'number' }, Number.NaN)).toHaveLength(1);
    expect(problems({ type: 'null' }, null)).toEqual([]);
    expect(problems({ type: 'object' }, [])).toEqual(['$: expected object, got array of 0 items']);
    expect(problems({ type: 'array' }, {})).toEqual(['$: expected array, got object']);
    expect(problems({ type: 'boolean' }, 'true')).toEqual(['$: expected boolean, got string "true"']);
  });

  it('accepts a list of types', () => {
    expect(problems({ type: ['string', 'null'] }, null)).toEqual([]);
    expect(problems({ type: ['string', 'null'] }, 1)).toEqual(['$: expected string or null, got number 1']);
  });

  it('treats true as anything and false as nothing', () => {
    expect(problems(true, { any: 'thing' })).toEqual([]);
    expect(problems(false, 1)).toEqual(['$: no value is allowed here; leave it out']);
    expect(problems({ properties: { legacy: false } }, { legacy: 1 })).toEqual(['$.legacy: no value is allowed here; leave it out']);
  });

  it('ignores annotations and unknown keywords', () => {
    const schema = { type: 'string', format: 'email', description: 'd', title: 't', default: 'x', examples: [], 'x-custom': 1 };
    expect(problems(schema, 'not an email')).toEqual([]);
  });
});

describe('validateJsonSchema: objects', () => {
  const weather = {
    type: 'object',
    properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] }, days: { type: 'integer' } },
    required: ['city'],
    additionalProperties: false,
  } as const;

  it('reports missing required properties at their own path', () => {
    expect(problems(weather, {})).toEqual(['$.city: required property is missing']);
  });

  it('reports unexpected properties and lists the allowed ones', () => {
    expect(problems(weather, { city: 'Oslo', colour: 'red' })).toEqual(['$.colour: unexpected property; the allowed properties are city, unit, days']);
    expect(problems({ type: 'object', additionalProperties: false }, { a: 1 })).toEqual(['$.a: unexpected property; this object takes no properties']);
  });

  it('validates additional properties against a schema', () => {
    const record = { type: 'object', additionalProperties: { type: 'number' } };
    expect(problems(record, { a: 1, b: 'two' })).toEqual(['$.b: expected number, got string "two"']);
  });

  it('applies patternProperties, and they count as known for additionalProperties', () => {
    const schema = { type: 'object', patternProperties: { '^x-': { type: 'string' } }, additionalProperties: false };
    expect(problems(schema, { 'x-a': 'ok', 'x-b': 2 })).toEqual(['$["x-b"]: expected string, got number 2']);
    expect(problems(schema, { y: 1 })).toEqual(['$.y: unexpected property; this object takes no properties']);
  });

  it('checks propertyNames and property counts', () => {
    expect(problems({ propertyNames: { pattern: '^[a-z]+$' } }, { ok: 1, Bad: 2 })).toEqual([
      '$.Bad: the property name "Bad" is not allowed: must match the pattern ^[a-z]+$, got "Bad"',
    ]);
    expect(problems({ minProperties: 1 }, {})).toEqual(['$: must have at least 1 properties, got 0']);
    expect(problems({ maxProperties: 1 }, { a: 1, b: 2 })).toEqual(['$: must have at most 1 properties, got 2']);
  });

  it('builds nested paths through objects and arrays', () => {
    const schema = {
      type: 'object',
      properties: { items: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } },
    };
    expect(problems(schema, { items: [{ name: 'a' }, { name: 'b' }, {}] })).toEqual(['$.items[2].name: required property is missing']);
    expect(problems({ properties: { 'first name': { type: 'string' } } }, { 'first name': 1 })).toEqual(['$["first name"]: expected string, got number 1']);
  });

  it('reports every issue, not only the first', () => {
    expect(problems(weather, { unit: 'k', days: '3' })).toEqual([
      '$.city: required property is missing',
      '$.unit: must be one of "c", "f"; got string "k"',
      '$.days: expected integer, got string "3"',
    ]);
  });
});

describe('validateJsonSchema: arrays', () => {
  it('checks items, minItems and maxItems', () => {
    expect(problems({ type: 'array', items: { type: 'string' } }, ['a', 1])).toEqual(['$[1]: expected string, got number 1']);
    expect(problems({ minItems: 1 }, [])).toEqual(['$: must have at least 1 item, got 0']);
    expect(problems({ maxItems: 2 }, [1, 2, 3])).toEqual(['$: must have at most 2 items, got 3']);
  });

  it('checks uniqueItems structurally', () => {
    expect(problems({ uniqueItems: true }, [1, 2, 3])).toEqual([]);
    expect(problems({ uniqueItems: true }, [{ a: 1, b: 2 }, 'x', { b: 2, a: 1 }])).toEqual(['$: items must be unique, but items [0] and [2] are equal']);
    expect(problems({ uniqueItems: true }, [1, '1', true, 'true', null, 'null'])).toEqual([]);
  });

  it('checks prefixItems and the rest, and draft-07 tuple items', () => {
    const tuple = { prefixItems: [{ type: 'string' }, { type: 'number' }], items: false };
    expect(problems(tuple, ['a', 1])).toEqual([]);
    expect(problems(tuple, [1, 'a', true])).toEqual([
      '$[0]: expected string, got number 1',
      '$[1]: expected number, got string "a"',
      '$[2]: unexpected item; this array takes at most 2 items',
    ]);
    const draft7 = { items: [{ type: 'string' }], additionalItems: { type: 'number' } };
    expect(problems(draft7, ['a', 2, 'c'])).toEqual(['$[2]: expected number, got string "c"']);
  });
});

describe('validateJsonSchema: scalars', () => {
  it('checks enum and const with deep equality', () => {
    expect(problems({ enum: ['c', 'f'] }, 'k')).toEqual(['$: must be one of "c", "f"; got string "k"']);
    expect(problems({ enum: [{ a: [1] }] }, { a: [1] })).toEqual([]);
    expect(problems({ const: 'circle' }, 'square')).toEqual(['$: must be "circle", got string "square"']);
    expect(problems({ const: null }, null)).toEqual([]);
  });

  it('checks number bounds and multipleOf', () => {
    expect(problems({ minimum: 1 }, 0)).toEqual(['$: must be >= 1, got 0']);
    expect(problems({ maximum: 1 }, 2)).toEqual(['$: must be <= 1, got 2']);
    expect(problems({ exclusiveMinimum: 0 }, 0)).toEqual(['$: must be > 0, got 0']);
    expect(problems({ exclusiveMaximum: 10 }, 10)).toEqual(['$: must be < 10, got 10']);
    expect(problems({ minimum: 0, exclusiveMinimum: true }, 0)).toEqual(['$: must be > 0, got 0']);
    expect(problems({ multipleOf: 0.1 }, 0.3)).toEqual([]);
    expect(problems({ multipleOf: 0.5 }, 0.3)).toEqual(['$: must be a multiple of 0.5, got 0.3']);
    expect(problems({ minimum: 5 }, 'not a number')).toEqual([]);
  });

  it('counts string length in code points', () => {
    expect(problems({ maxLength: 1 }, '😀')).toEqual([]);
    expect(problems({ minLength: 2 }, '😀')).toEqual(['$: must be at least 2 characters long, got 1']);
    expect(problems({ maxLength: 3 }, 'abcd')).toEqual(['$: must be at most 3 characters long, got 4']);
  });

  it('checks pattern, with Unicode semantics and a fallback for legacy escapes', () => {
    expect(problems({ pattern: '^[A-Z]{3}$' }, 'EUR')).toEqual([]);
    expect(problems({ pattern: '^[A-Z]{3}$' }, 'eur')).toEqual(['$: must match the pattern ^[A-Z]{3}$, got "eur"']);
    expect(problems({ pattern: '^.$' }, '😀')).toEqual([]);
    expect(problems({ pattern: '^\\_$' }, '_')).toEqual([]);
  });

  it('throws a clear JsonSchemaError for an invalid pattern', () => {
    const schema = { properties: { code: { pattern: '([a-z' } } };
    expect(() => validateJsonSchema(schema, { code: 'x' })).toThrow(JsonSchemaError);
    expect(() => validateJsonSchema(schema, { code: 'x' })).toThrow(/#\/properties\/code\/pattern: "\(\[a-z" is not a valid regular expression/);
  });
});

describe('validateJsonSchema: combinators', () => {
  it('anyOf passes when one branch matches and summarizes when types differ', () => {
    const schema = { anyOf: [{ type: 'string' }, { type: 'null' }] };
    expect(problems(schema, null)).toEqual([]);
    expect(problems(schema, 3)).toEqual(['$: must be a string or null; got number 3']);
  });

  it('anyOf reports the issues of the branch the value was meant to be', () => {
    const shape = {
      anyOf: [
        { type: 'object', properties: { kind: { const: 'circle' }, radius: { type: 'number' } }, required: ['kind', 'radius'] },
        { type: 'object', properties: { kind: { const: 'square' }, side: { type: 'number' } }, required: ['kind', 'side'] },
      ],
    };
    expect(problems(shape, { kind: 'square' })).toEqual(['$.side: required property is missing']);
  });

  it('oneOf needs exactly one match', () => {
    const schema = { oneOf: [{ type: 'integer' }, { type: 'number' }] };
    expect(problems(schema, 1.5)).toEqual([]);
    expect(problems(schema, 1)).toEqual(['$: matches 2 of the oneOf alternatives (#1, #2) but must match exactly one']);
  });

  it('allOf applies every branch and not refuses a match', () => {
    expect(problems({ allOf: [{ minimum: 1 }, { maximum: 3 }] }, 5)).toEqual(['$: must be <= 3, got 5']);
    expect(problems({ not: { type: 'string' } }, 'x')).toEqual(['$: must not be a string, got string "x"']);
    expect(problems({ not: { type: 'string' } }, 1)).toEqual([]);
  });
});

describe('validateJsonSchema: $ref', () => {
  it('resolves #/$defs, #/definitions and # (recursion)', () => {
    const tree = {
      $defs: { node: { type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $ref: '#/$defs/node' } } }, required: ['name'] } },
      $ref: '#/$defs/node',
    };
    expect(problems(tree, { name: 'a', children: [{ name: 'b', children: [{ name: 'c' }] }] })).toEqual([]);
    expect(problems(tree, { name: 'a', children: [{ children: [] }] })).toEqual(['$.children[0].name: required property is missing']);
    expect(problems({ definitions: { n: { type: 'number' } }, properties: { x: { $ref: '#/definitions/n' } } }, { x: 'a' })).toEqual(['$.x: expected number, got string "a"']);
    const zodStyle = { type: 'object', properties: { children: { type: 'array', items: { $ref: '#' } } } };
    expect(problems(zodStyle, { children: [{ children: [{ children: 'x' }] }] })).toEqual(['$.children[0].children[0].children: expected array, got string "x"']);
  });

  it('throws on a $ref loop that never reaches a value, instead of overflowing the stack', () => {
    const loop = { $defs: { a: { $ref: '#/$defs/b' }, b: { anyOf: [{ $ref: '#/$defs/a' }] } }, $ref: '#/$defs/a' };
    expect(() => validateJsonSchema(loop, 1)).toThrow(/a \$ref loop/);
    expect(() => validateJsonSchema({ $ref: '#' }, 1)).toThrow(JsonSchemaError);
  });

  it('throws on a $ref to nowhere or to another document', () => {
    expect(() => validateJsonSchema({ $ref: '#/$defs/missing' }, 1)).toThrow(/points to nothing/);
    expect(() => validateJsonSchema({ $ref: 'https://example.com/schema' }, 1)).toThrow(/only local references/);
  });

  it('guards the schema depth of combinators on one value', () => {
    let deep: Record<string, unknown> = { type: 'number' };
    for (let level = 0; level < 100; level++) deep = { allOf: [deep] };
    expect(() => validateJsonSchema(deep, 1)).toThrow(/more than 64 nested/);
  });
});

describe('validateJsonSchema: limits and broken schemas', () => {
  it('caps the number of issues', () => {
    const schema = { type: 'array', items: { type: 'string' } };
    const value = Array.from({ length: 100 }, (_, index) => index);
    expect(problems(schema, value)).toHaveLength(20);
    expect(problems(schema, value, 3)).toHaveLength(3);
  });

  it('refuses values nested too deeply', () => {
    let value: unknown = 'leaf';
    for (let level = 0; level < 100; level++) value = [value];
    expect(problems(true, value)).toEqual([expect.stringMatching(/nested more than 64 levels deep/)]);
  });

  it('throws for keywords of the wrong type', () => {
    expect(() => validateJsonSchema({ type: 'text' }, 'x')).toThrow(/"text" is not a JSON Schema type/);
    expect(() => validateJsonSchema({ minLength: -1 }, 'x')).toThrow(/minLength must be a whole number/);
    expect(() => validateJsonSchema({ required: 'city' }, {})).toThrow(/required must be an array/);
    expect(() => validateJsonSchema({ properties: { a: 'string' } }, { a: 1 })).toThrow(/#\/properties\/a: a schema must be an object or a boolean/);
  });
});
