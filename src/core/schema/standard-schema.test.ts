import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import * as zm from 'zod/mini';
import { formatStandardPath, hasStandardJsonSchema, isStandardSchema } from './standard-schema';

describe('isStandardSchema', () => {
  it('recognizes zod 4, zod mini and valibot schemas', () => {
    expect(isStandardSchema(z.object({ a: z.string() }))).toBe(true);
    expect(isStandardSchema(zm.object({ a: zm.string() }))).toBe(true);
    expect(isStandardSchema(v.object({ a: v.string() }))).toBe(true);
  });

  it('recognizes function-shaped schemas (as ArkType makes them)', () => {
    const callable = Object.assign(() => true, { '~standard': { version: 1, vendor: 'arktype', validate: (value: unknown) => ({ value }) } });
    expect(isStandardSchema(callable)).toBe(true);
  });

  it('rejects JSON Schemas and lookalikes', () => {
    expect(isStandardSchema({ type: 'object' })).toBe(false);
    expect(isStandardSchema(null)).toBe(false);
    expect(isStandardSchema({ '~standard': { version: 2, vendor: 'x', validate: () => ({ value: 1 }) } })).toBe(false);
    expect(isStandardSchema({ '~standard': { version: 1, vendor: 'x' } })).toBe(false);
  });
});

describe('hasStandardJsonSchema', () => {
  it('is true for zod 4 classic and false for zod mini and plain valibot', () => {
    expect(hasStandardJsonSchema(z.string())).toBe(true);
    expect(hasStandardJsonSchema(zm.string())).toBe(false);
    expect(hasStandardJsonSchema(v.string())).toBe(false);
  });
});

describe('formatStandardPath', () => {
  it('writes keys, indexes and path segments like the JSON Schema validator', () => {
    expect(formatStandardPath(undefined)).toBe('$');
    expect(formatStandardPath(['items', 2, { key: 'name' }])).toBe('$.items[2].name');
    expect(formatStandardPath(['first name'])).toBe('$["first name"]');
  });

  it('matches the paths zod and valibot report', async () => {
    const value = { items: [{ name: 'a' }, { name: 1 }] };
    const zodResult = await z.object({ items: z.array(z.object({ name: z.string() })) })['~standard'].validate(value);
    const valibotResult = await v.object({ items: v.array(v.object({ name: v.string() })) })['~standard'].validate(value);
    expect(formatStandardPath(zodResult.issues?.[0]?.path)).toBe('$.items[1].name');
    expect(formatStandardPath(valibotResult.issues?.[0]?.path)).toBe('$.items[1].name');
  });
});
