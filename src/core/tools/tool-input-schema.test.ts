import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { defineTool } from './define-tool';
import { InvalidToolError } from './invalid-tool-error';
import { createToolRegistry } from './tool-registry';
import type { StandardSchemaV1 } from '../schema/standard-schema';
import { validateToolInput } from './tool-input-schema';
import { toModelJsonSchema } from './tool-model-schema';

const weatherSchema = {
  type: 'object',
  properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } },
  required: ['city'],
  additionalProperties: false,
} as const;

const getWeather = defineTool({ name: 'get_weather', description: 'Weather.', inputSchema: weatherSchema, execute: ({ city }) => city });

/** What `toStandardJsonSchema` from @valibot/to-json-schema returns: valibot's props plus a converter. */
function withJsonSchema<Schema extends StandardSchemaV1>(schema: Schema, jsonSchema: Record<string, unknown>): StandardSchemaV1 {
  return { '~standard': { ...schema['~standard'], jsonSchema: { input: () => jsonSchema, output: () => jsonSchema } } } as StandardSchemaV1;
}

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>)['polluted'];
});

describe('validateToolInput with a JSON Schema', () => {
  it('passes valid input through unchanged', async () => {
    const input = { city: 'Paris' };
    const result = await validateToolInput(getWeather, input);
    expect(result).toEqual({ ok: true, value: input });
    expect(result.ok && result.value).toBe(input);
  });

  it('writes one paragraph the model can act on', async () => {
    expect(await validateToolInput(getWeather, {})).toEqual({
      ok: false,
      message: 'Invalid arguments for "get_weather": $.city: required property is missing. Fix the arguments to match the tool\'s input schema and call it again.',
    });
    const result = await validateToolInput(getWeather, { city: 3, unit: 'k' });
    expect(result.ok === false && result.message).toBe(
      'Invalid arguments for "get_weather": $.city: expected string, got number 3; $.unit: must be one of "c", "f"; got string "k". Fix the arguments to match the tool\'s input schema and call it again.',
    );
  });

  it('says when issues were cut off', async () => {
    const tool = { name: 'tags', inputSchema: { type: 'array', items: { type: 'string' } } };
    const result = await validateToolInput(tool, Array.from({ length: 50 }, (_, index) => index));
    expect(result.ok === false && result.message).toMatch(/\$\[19\]: expected string, got number 19; and possibly more\. Fix/);
  });

  it('blames the definition, not the model, for a broken schema, and never throws', async () => {
    const result = await validateToolInput({ name: 'broken', inputSchema: { type: 'object', properties: { a: { pattern: '(' } } } }, { a: 'x' });
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.message).toMatch(/^The tool "broken" has a broken input schema \(#\/properties\/a\/pattern: "\(" is not a valid regular expression.*not in your arguments/);
  });
});

describe('validateToolInput with Standard Schemas', () => {
  it('uses zod 4 and gives execute its output, with defaults and transforms', async () => {
    const tool = { name: 'count', inputSchema: z.object({ n: z.string().transform(Number), unit: z.enum(['c', 'f']).default('c') }) };
    expect(await validateToolInput(tool, { n: '3' })).toEqual({ ok: true, value: { n: 3, unit: 'c' } });
    const failed = await validateToolInput(tool, { n: 3 });
    expect(failed.ok === false && failed.message).toBe(
      'Invalid arguments for "count": $.n: Invalid input: expected string, received number. Fix the arguments to match the tool\'s input schema and call it again.',
    );
  });

  it('uses valibot, with nested paths', async () => {
    const tool = { name: 'order', inputSchema: v.object({ items: v.array(v.object({ sku: v.string() })) }) };
    expect(await validateToolInput(tool, { items: [{ sku: 'a' }] })).toEqual({ ok: true, value: { items: [{ sku: 'a' }] } });
    const failed = await validateToolInput(tool, { items: [{ sku: 'a' }, { sku: 2 }] });
    expect(failed.ok === false && failed.message).toMatch(/^Invalid arguments for "order": \$\.items\[1\]\.sku: Invalid type: Expected string but received 2\. Fix/);
  });

  it('awaits asynchronous validation', async () => {
    const tool = { name: 'slow', inputSchema: z.object({ id: z.string().refine(async (id) => id.startsWith('u_'), 'must start with u_') }) };
    expect(await validateToolInput(tool, { id: 'u_1' })).toEqual({ ok: true, value: { id: 'u_1' } });
    const failed = await validateToolInput(tool, { id: 'x' });
    expect(failed.ok === false && failed.message).toMatch(/\$\.id: must start with u_\. Fix/);
  });

  it('refuses __proto__ before the library sees the value', async () => {
    const seen: unknown[] = [];
    const spy: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'spy', validate: (value) => (seen.push(value), { value }) } };
    const result = await validateToolInput({ name: 'spy', inputSchema: spy }, JSON.parse('{"a":{"__proto__":{"polluted":1}}}'));
    expect(result.ok === false && result.message).toMatch(/\$\.a\.__proto__: key __proto__ is not allowed/);
    expect(seen).toEqual([]);
    const zodResult = await validateToolInput({ name: 'z', inputSchema: z.looseObject({}) }, JSON.parse('{"__proto__":{"polluted":1}}'));
    expect(zodResult.ok).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('turns a throwing validator into a message', async () => {
    const throwing: StandardSchemaV1 = { '~standard': { version: 1, vendor: 'x', validate: () => { throw new Error('boom'); } } };
    expect(await validateToolInput({ name: 't', inputSchema: throwing }, {})).toEqual({ ok: false, message: 'The tool "t" could not check its arguments (boom), so it did not run.' });
  });
});

describe('toModelJsonSchema', () => {
  it('returns a JSON Schema as is', () => {
    expect(toModelJsonSchema(getWeather)).toBe(weatherSchema);
  });

  it('exports a zod 4 schema through Standard JSON Schema, input side, without $schema', () => {
    const schema = z.object({ city: z.string().describe('City name'), unit: z.enum(['c', 'f']).default('c') });
    const jsonSchema = toModelJsonSchema({ name: 'get_weather', inputSchema: schema });
    expect(jsonSchema).toEqual({
      type: 'object',
      properties: { city: { type: 'string', description: 'City name' }, unit: { type: 'string', enum: ['c', 'f'], default: 'c' } },
      required: ['city'],
    });
    expect(toModelJsonSchema({ name: 'get_weather', inputSchema: schema })).toBe(jsonSchema);
  });

  it('exports recursive zod schemas with $ref the validator understands', () => {
    const node: z.ZodType<{ name: string; children: unknown[] }> = z.object({ name: z.string(), get children() { return z.array(node); } });
    expect(toModelJsonSchema({ name: 'tree', inputSchema: node })).toMatchObject({ properties: { children: { items: { $ref: '#' } } } });
  });

  it('uses a wrapped valibot schema (as @valibot/to-json-schema wraps it)', () => {
    const wrapped = withJsonSchema(v.object({ city: v.string() }), { $schema: 'x', type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
    expect(toModelJsonSchema({ name: 'w', inputSchema: wrapped })).toEqual({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] });
  });

  it('explains what to do with a plain valibot or zod mini schema', () => {
    expect(() => toModelJsonSchema({ name: 'w', inputSchema: v.object({ city: v.string() }) })).toThrow(InvalidToolError);
    expect(() => toModelJsonSchema({ name: 'w', inputSchema: v.object({ city: v.string() }) })).toThrow(/valibot schema .*toStandardJsonSchema\(schema\)` from `@valibot\/to-json-schema`.*inputJsonSchema/);
    expect(() => toModelJsonSchema({ name: 'm', inputSchema: zm.object({ city: zm.string() }) })).toThrow(/zod schema .*inputJsonSchema: z\.toJSONSchema\(schema, \{ io: "input" \}\)/);
  });

  it('prefers inputJsonSchema when given', () => {
    const inputJsonSchema = { type: 'object', properties: { city: { type: 'string' } } };
    expect(toModelJsonSchema({ name: 'w', inputSchema: v.object({ city: v.string() }), inputJsonSchema })).toBe(inputJsonSchema);
  });

  it('reports a zod schema that JSON Schema cannot represent', () => {
    expect(() => toModelJsonSchema({ name: 'when', inputSchema: z.object({ at: z.date() }) })).toThrow(/Tool "when": turning its zod inputSchema into JSON Schema failed \(Date cannot be represented in JSON Schema\)/);
  });
});

describe('createToolRegistry with Standard Schemas', () => {
  it('accepts zod and valibot schemas and still rejects non-schemas', () => {
    const tools = [
      defineTool({ name: 'a', description: '', inputSchema: z.object({}) }),
      defineTool({ name: 'b', description: '', inputSchema: v.object({}) }),
    ];
    expect([...createToolRegistry(tools).keys()]).toEqual(['a', 'b']);
    expect(() => createToolRegistry([{ name: 'c', description: '', inputSchema: 'nope' as never }])).toThrow(/must be a JSON Schema object or a Standard Schema/);
  });
});
