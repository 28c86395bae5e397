import { describe, expect, it } from 'vitest';
import { applyJsonPatch, JsonPatchError } from './json-patch';

describe('applyJsonPatch', () => {
  it('applies the RFC 6902 operations without changing the document', () => {
    const document = { a: { b: [1, 2] }, c: 'x', 'd/e': 1, 'f~g': 2 };
    const frozen = structuredClone(document);
    const result = applyJsonPatch(document, [
      { op: 'add', path: '/a/b/-', value: 3 },
      { op: 'add', path: '/a/b/0', value: 0 },
      { op: 'replace', path: '/c', value: 'y' },
      { op: 'remove', path: '/d~1e' },
      { op: 'copy', from: '/f~0g', path: '/h' },
      { op: 'move', from: '/c', path: '/a/c' },
      { op: 'test', path: '/a/b', value: [0, 1, 2, 3] },
    ]);
    expect(result).toEqual({ a: { b: [0, 1, 2, 3], c: 'y' }, 'f~g': 2, h: 2 });
    expect(document).toEqual(frozen);
    expect(applyJsonPatch({ a: 1 }, [{ op: 'replace', path: '', value: [1] }])).toEqual([1]);
  });

  it('shares the branches the patch does not touch', () => {
    const document = { kept: { deep: [1] }, changed: { n: 1 } };
    const result = applyJsonPatch(document, [{ op: 'replace', path: '/changed/n', value: 2 }]) as typeof document;
    expect(result.kept).toBe(document.kept);
    expect(result.changed).not.toBe(document.changed);
  });

  it('keeps a member named __proto__ as data (a hostile patch cannot change a prototype)', () => {
    const document = JSON.parse('{"__proto__":{"a":1}}') as Record<string, unknown>;
    const result = applyJsonPatch(document, [
      { op: 'add', path: '/__proto__/polluted', value: true },
      { op: 'add', path: '/x', value: 1 },
    ]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.__proto__)).toBe(Object.prototype);
    expect(JSON.stringify(result)).toBe('{"__proto__":{"a":1,"polluted":true},"x":1}');
    const added = applyJsonPatch({}, [{ op: 'add', path: '/__proto__', value: { polluted: true } }]) as Record<string, unknown>;
    expect(Object.getPrototypeOf(added)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(added)).toBe('{"__proto__":{"polluted":true}}');
  });

  it.each([
    [[{ op: 'remove', path: '/missing' }], 'there is no member "missing"'],
    [[{ op: 'replace', path: '/list/5', value: 1 }], 'index 5 is out of bounds'],
    [[{ op: 'add', path: 'list', value: 1 }], 'is not a JSON Pointer'],
    [[{ op: 'test', path: '/list/0', value: 2 }], 'the value differs'],
    [[{ op: 'move', from: '/list', path: '/list/0' }], 'cannot move a value into itself'],
    [[{ op: 'frobnicate', path: '/list' }], 'unknown op "frobnicate"'],
    [[{ op: 'add', path: '/list/x', value: 1 }], '"x" is not an array index'],
  ])('refuses an operation that does not apply: %j', (patch, message) => {
    expect(() => applyJsonPatch({ list: [1] }, patch)).toThrow(JsonPatchError);
    expect(() => applyJsonPatch({ list: [1] }, patch)).toThrow(message);
  });
});
