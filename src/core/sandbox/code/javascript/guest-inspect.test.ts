import { format, inspect } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { guestInspect } from './guest-inspect';

declare global {
  var __inspect: (value: unknown) => string;
  var __format: (...args: unknown[]) => string;
}

class Point {
  constructor(
    public x: number,
    public y: number,
  ) {}
}

const circular: Record<string, unknown> = { name: 'loop' };
circular.self = circular;

// Values a program commonly prints, each compared with what Node's own util prints.
const values: [string, unknown][] = [
  ['string', 'plain text'],
  ['numbers', [1, -0, 1.5, NaN, Infinity]],
  ['bigint', 12n],
  ['nested', { a: 1, b: 'two', c: [3, 4], d: { e: { f: { g: 1 } } } }],
  ['keys that need quotes', { 'a-b': 1, 'with space': 2, ok_1: 3 }],
  ['quotes in strings', ["it's", 'say "hi"', 'both \' and "', 'line\nbreak']],
  ['short array', [1, 2, 3]],
  ['grouped numbers', Array.from({ length: 30 }, (_, index) => index * 7)],
  ['grouped strings', ['alpha', 'beta', 'gamma', 'delta', 'epsilon', 'zeta', 'eta', 'theta']],
  ['long array', Array.from({ length: 120 }, (_, index) => index)],
  ['long object', { first: 'a fairly long value here', second: 'another fairly long value', third: 42 }],
  ['array of objects', [{ id: 1, name: 'one' }, { id: 2, name: 'two' }]],
  ['map and set', [new Map<string, unknown>([['a', 1], ['b', { c: 2 }]]), new Set([1, 'x'])]],
  ['empty', [{}, [], new Map(), new Set()]],
  ['class instance', new Point(1, 2)],
  ['null prototype', Object.assign(Object.create(null), { a: 1 })],
  ['functions', [function named() {}, () => 1, class Thing {}]],
  ['date', new Date(Date.UTC(2024, 0, 2, 3, 4, 5))],
  ['regexp', /ab+c/gi],
  ['undefined and null', [undefined, null, true]],
  ['circular', circular],
  ['typed array', new Uint8Array([1, 2, 3])],
  ['deep', { level1: { level2: { level3: { level4: 'deep' } } } }],
  ['sparse-free wide', { matrix: [[1, 2, 3], [4, 5, 6], [7, 8, 9]] }],
];

describe('guestInspect (the runtime\'s console formatting)', () => {
  beforeAll(() => {
    if (globalThis.__inspect === undefined) guestInspect();
  });

  it.each(values)('prints %s as Node does', (_, value) => {
    expect(globalThis.__inspect(value)).toBe(inspect(value));
  });

  it.each([
    ['%s is %d years', 'Ada', 36],
    ['%i%%', 42.9],
    ['%j', { a: [1] }],
    ['%O and %O', [1], { b: 2 }],
    ['no placeholders', { a: 1 }, 'tail'],
    ['%s', 'only one', 'extra', 3],
  ])('formats %s as util.format', (...args) => {
    expect(globalThis.__format(...args)).toBe(format(...args));
  });
});
