import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { toJsonData } from './json-data';

describe('toJsonData', () => {
  it('passes JSON data through as a JSON round trip gives it back', () => {
    expect(toJsonData(undefined)).toEqual({ ok: true, value: undefined });
    expect(toJsonData('text')).toEqual({ ok: true, value: 'text' });
    expect(toJsonData(Number.POSITIVE_INFINITY)).toEqual({ ok: true, value: null });
    expect(toJsonData({ a: [1, { b: null }], c: undefined })).toEqual({ ok: true, value: { a: [1, { b: null }] } });
    expect(toJsonData(Object.assign(Object.create(null), { a: 1 }))).toEqual({ ok: true, value: { a: 1 } });
  });

  it('accepts the same object twice when it is not a cycle', () => {
    const shared = { id: 1 };
    expect(toJsonData({ first: shared, second: shared })).toEqual({ ok: true, value: { first: { id: 1 }, second: { id: 1 } } });
  });

  it('accepts plain objects from another realm', () => {
    expect(toJsonData(runInNewContext('({ a: [1, 2] })'))).toEqual({ ok: true, value: { a: [1, 2] } });
  });

  it('names where the problem is, with keys that are not identifiers quoted', () => {
    expect(toJsonData({ 'a b': [{ c: 1n }] })).toEqual({ ok: false, problem: 'a BigInt (1) at output["a b"][0].c' });
    expect(toJsonData({ [Symbol('k')]: 1 }, 'input')).toEqual({ ok: false, problem: 'an object with symbol keys at input' });
  });

  it('refuses nesting past 1,000 levels instead of overflowing the stack', () => {
    let deep: unknown = 'leaf';
    for (let level = 0; level < 5_000; level++) deep = [deep];
    const checked = toJsonData(deep);
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.problem).toMatch(/nested more than 1000 levels deep/);
  });

  it('reports a toJSON that throws', () => {
    const value = {
      toJSON() {
        throw new Error('no');
      },
    };
    expect(toJsonData(value)).toEqual({ ok: false, problem: 'output cannot be written as JSON (no)' });
  });
});
