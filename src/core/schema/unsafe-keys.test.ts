import { afterEach, describe, expect, it } from 'vitest';
import { validateJsonSchema } from './json-schema-validator';
import { findUnsafeKeys } from './unsafe-keys';

describe('unsafe keys', () => {
  afterEach(() => {
    // Belt and braces: if anything ever assigned through __proto__, later tests must not inherit it.
    delete (Object.prototype as Record<string, unknown>)['polluted'];
  });

  it('refuses an own __proto__ key anywhere, and pollutes nothing', () => {
    const value: unknown = JSON.parse('{"__proto__":{"polluted":1}}');
    const result = validateJsonSchema({ type: 'object' }, value);
    expect(result).toEqual({ ok: false, issues: [{ path: '$.__proto__', message: 'key __proto__ is not allowed; remove it' }] });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
  });

  it('finds __proto__ in nested objects and arrays, whatever the schema', () => {
    const value: unknown = JSON.parse('{"a":[{"b":{"__proto__":{"polluted":1}}}]}');
    expect(findUnsafeKeys(value)).toEqual([{ path: '$.a[0].b.__proto__', message: 'key __proto__ is not allowed; remove it' }]);
    expect(validateJsonSchema(true, value).ok).toBe(false);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('allows constructor and prototype as ordinary data', () => {
    const value: unknown = JSON.parse('{"constructor":{"prototype":{"polluted":1}},"prototype":1}');
    const schema = { type: 'object', properties: { constructor: { type: 'object' }, prototype: { type: 'number' } }, required: ['constructor'] };
    expect(validateJsonSchema(schema, value)).toEqual({ ok: true, value });
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('does not mistake inherited members for properties', () => {
    // `constructor` and `toString` exist on every object, but not as own properties of {}.
    expect(validateJsonSchema({ required: ['constructor', 'toString'] }, {})).toEqual({
      ok: false,
      issues: [
        { path: '$.constructor', message: 'required property is missing' },
        { path: '$.toString', message: 'required property is missing' },
      ],
    });
    expect(validateJsonSchema({ additionalProperties: false }, JSON.parse('{"constructor":1}')).ok).toBe(false);
  });

  it('never changes the value', () => {
    const value = { a: [1, { b: 2 }], c: 'x' };
    const frozen = structuredClone(value);
    validateJsonSchema({ type: 'object', properties: { a: { type: 'array', items: { type: 'string' } } }, additionalProperties: false }, value);
    expect(value).toEqual(frozen);
  });

  it('reports nesting deeper than 64 levels', () => {
    let value: unknown = {};
    for (let level = 0; level < 70; level++) value = { next: value };
    const issues = findUnsafeKeys(value);
    expect(issues).toHaveLength(1);
    expect(issues[0]!.message).toMatch(/nested more than 64 levels deep/);
  });
});
