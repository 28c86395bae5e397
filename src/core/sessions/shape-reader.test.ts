import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { describeValue, ShapeReader } from './shape-reader';

describe('describeValue', () => {
  it('says briefly what was found', () => {
    expect([undefined, null, 'x', 3, Number.NaN, -Infinity, true, 5n, [1], [1, 2], {}, () => {}, Symbol('s')].map(describeValue)).toEqual([
      'nothing', 'null', '"x"', '3', 'NaN', '-Infinity', 'true', '5n', 'a list of 1 item', 'a list of 2 items', 'an object', 'a function', 'a symbol',
    ]);
    expect(describeValue('é'.repeat(1000))).toBe(`"${'é'.repeat(40)}…"`);
  });
});

describe('ShapeReader', () => {
  it('names the location of a bad value below its root, and only writes it out on failure', () => {
    const reader = new ShapeReader('state');
    reader.enter('messages');
    reader.enter(3);
    expect(reader.string('ok', 'id')).toBe('ok');
    let error: unknown;
    try {
      reader.list('x', 'parts');
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(PersistenceError);
    expect(error).toMatchObject({ code: 'corrupt', message: 'This is not a saved conversation that react-agent-kit can read: state.messages[3].parts: expected a list, got "x".' });
    expect(reader.pathFromRoot('toolCalls', 0)).toBe('state.toolCalls[0]');
  });
});
