import * as v from 'valibot';
import { describe, expectTypeOf, it } from 'vitest';
import * as z from 'zod';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import type { FromJsonSchema, InferToolInput } from './infer-json-schema';

// These tests run in the type checker (`tsc`); at run time `expectTypeOf` does nothing.

describe('FromJsonSchema', () => {
  it('reads scalars, literals and type lists', () => {
    expectTypeOf<FromJsonSchema<{ type: 'string' }>>().toEqualTypeOf<string>();
    expectTypeOf<FromJsonSchema<{ type: 'integer' }>>().toEqualTypeOf<number>();
    expectTypeOf<FromJsonSchema<{ type: 'boolean' }>>().toEqualTypeOf<boolean>();
    expectTypeOf<FromJsonSchema<{ type: 'null' }>>().toEqualTypeOf<null>();
    expectTypeOf<FromJsonSchema<{ readonly type: readonly ['string', 'null'] }>>().toEqualTypeOf<string | null>();
    expectTypeOf<FromJsonSchema<{ readonly enum: readonly ['c', 'f'] }>>().toEqualTypeOf<'c' | 'f'>();
    expectTypeOf<FromJsonSchema<{ const: 42 }>>().toEqualTypeOf<42>();
  });

  it('reads objects: required keys required, the rest optional', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { enum: ['c', 'f'] },
        days: { type: 'integer' },
        tags: { type: 'array', items: { type: 'string' } },
        where: { type: 'object', properties: { lat: { type: 'number' }, lon: { type: 'number' } }, required: ['lat', 'lon'] },
      },
      required: ['city', 'where'],
      additionalProperties: false,
    } as const;
    expectTypeOf<FromJsonSchema<typeof schema>>().toEqualTypeOf<{
      city: string;
      where: { lat: number; lon: number };
      unit?: 'c' | 'f';
      days?: number;
      tags?: string[];
    }>();
  });

  it('reads anyOf and oneOf as unions, records, and falls back to unknown', () => {
    const union = { anyOf: [{ type: 'string' }, { type: 'object', properties: { id: { type: 'number' } }, required: ['id'] }] } as const;
    expectTypeOf<FromJsonSchema<typeof union>>().toEqualTypeOf<string | { id: number }>();
    expectTypeOf<FromJsonSchema<{ readonly oneOf: readonly [{ type: 'number' }, { type: 'null' }] }>>().toEqualTypeOf<number | null>();
    expectTypeOf<FromJsonSchema<{ type: 'object'; additionalProperties: { type: 'number' } }>>().toEqualTypeOf<Record<string, number>>();
    expectTypeOf<FromJsonSchema<{ type: 'object' }>>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<FromJsonSchema<{ type: 'array' }>>().toEqualTypeOf<unknown[]>();
    expectTypeOf<FromJsonSchema<{ $ref: '#/$defs/x' }>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromJsonSchema<Record<string, unknown>>>().toEqualTypeOf<unknown>();
    expectTypeOf<FromJsonSchema<{ type: string }>>().toEqualTypeOf<unknown>();
  });
});

describe('InferToolInput', () => {
  it('uses a Standard Schema output type', () => {
    const schema = z.object({ n: z.string().transform(Number), unit: z.enum(['c', 'f']).default('c') });
    expectTypeOf<InferToolInput<typeof schema>>().toEqualTypeOf<{ n: number; unit: 'c' | 'f' }>();
    const valibot = v.object({ city: v.string(), days: v.optional(v.number()) });
    expectTypeOf<InferToolInput<typeof valibot>>().toEqualTypeOf<{ city: string; days?: number | undefined }>();
  });
});

describe('defineTool inference', () => {
  it('types execute from an inline JSON Schema, with or without as const', () => {
    defineTool({
      name: 'get_weather',
      description: '',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } as const,
      execute: ({ city }) => city.toUpperCase(),
    });
    const tool = defineTool({
      name: 'get_weather',
      description: '',
      inputSchema: { type: 'object', properties: { city: { type: 'string' }, unit: { enum: ['c', 'f'] } }, required: ['city'] },
      needsApproval: (input) => input.unit === 'f',
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ city: string; unit?: 'c' | 'f' }>();
        return input.city.length;
      },
    });
    expectTypeOf(tool).toExtend<ToolDefinition<{ city: string; unit?: 'c' | 'f' }, number>>();
  });

  it('types execute from zod and valibot schemas', () => {
    defineTool({
      name: 'add',
      description: '',
      inputSchema: z.object({ a: z.number(), b: z.number() }),
      execute: (input) => {
        expectTypeOf(input).toEqualTypeOf<{ a: number; b: number }>();
        return input.a + input.b;
      },
    });
    defineTool({
      name: 'greet',
      description: '',
      inputSchema: v.object({ name: v.string() }),
      execute: ({ name }) => {
        expectTypeOf(name).toEqualTypeOf<string>();
        return `hi ${name}`;
      },
    });
  });

  it('keeps explicit annotations and explicit type arguments working', () => {
    const annotated = defineTool({
      name: 'add',
      description: '',
      inputSchema: { type: 'object', properties: { a: { type: 'number' } }, required: ['a'] },
      execute: ({ a }: { a: number }) => a * 2,
    });
    expectTypeOf(annotated.execute).parameter(0).toEqualTypeOf<{ a: number }>();
    const schemaFromElsewhere: Record<string, unknown> = { type: 'object' };
    const explicit = defineTool<{ from: string }, string>({ name: 'move', description: '', inputSchema: schemaFromElsewhere, execute: ({ from }) => from });
    expectTypeOf(explicit).toEqualTypeOf<ToolDefinition<{ from: string }, string>>();
  });

  it('produces definitions that fit a plain tool list', () => {
    const tools: readonly ToolDefinition<never, unknown>[] = [
      defineTool({ name: 'a', description: '', inputSchema: { type: 'object', properties: { x: { type: 'string' } } }, execute: ({ x }) => x }),
      defineTool({ name: 'b', description: '', inputSchema: z.object({ y: z.number() }), execute: ({ y }) => y }),
    ];
    expectTypeOf(tools).toExtend<readonly ToolDefinition<never, unknown>[]>();
  });

  it('rejects a wrong use of the inferred input', () => {
    defineTool({
      name: 'get_weather',
      description: '',
      inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] },
      // @ts-expect-error city is a string, not a number
      execute: ({ city }) => city.toFixed(1),
    });
  });
});
