import { describe, expect, test } from 'vitest';
import { childRanges, childrenOf, pageSize, previewOf } from './tree-model';
import { summarizeEvent } from './event-summary';

describe('childRanges', () => {
  test('shows up to a page of children as they are', () => {
    expect(childRanges(0)).toBeNull();
    expect(childRanges(pageSize)).toBeNull();
  });

  test('groups more into ranges of a page, and 10,000 into a hundred ranges of a hundred', () => {
    expect(childRanges(250)).toEqual([
      { start: 0, end: 100 },
      { start: 100, end: 200 },
      { start: 200, end: 250 },
    ]);
    const ranges = childRanges(10_000)!;
    expect(ranges).toHaveLength(100);
    expect(ranges[99]).toEqual({ start: 9_900, end: 10_000 });
  });

  test('splits a large range again when it opens, so no level shows more than a page', () => {
    const top = childRanges(123_456)!;
    expect(top.length).toBeLessThanOrEqual(pageSize);
    expect(top[0]).toEqual({ start: 0, end: 10_000 });
    expect(childRanges(top[1]!.end - top[1]!.start, top[1]!.start)![0]).toEqual({ start: 10_000, end: 10_100 });
    expect(top.at(-1)).toEqual({ start: 120_000, end: 123_456 });
  });
});

describe('previewOf', () => {
  test('names an object by what it is before its id, and clips long strings', () => {
    expect(previewOf({ id: 'msg_1', parts: [], role: 'user', status: 'done', createdAt: 1 })).toBe('{ role: "user", status: "done", id: "msg_1", … }');
    expect(previewOf({ a: [1], b: {} })).toBe('{ 2 fields }');
    expect(previewOf(Array.from({ length: 10_000 }))).toBe('Array(10,000)');
    expect(previewOf('line one\nline two')).toBe('"line one⏎line two"');
    expect(previewOf('x'.repeat(200))).toHaveLength(82);
    expect([previewOf(null), previewOf(undefined), previewOf(3), previewOf(false)]).toEqual(['null', 'undefined', '3', 'false']);
  });

  test('lists an array’s indexes without reading them, and an object’s keys in order', () => {
    const children = childrenOf(new Array(5));
    expect([children.count, children.keyAt(4)]).toEqual([5, '4']);
    expect(childrenOf({ b: 1, a: 2 }).keyAt(0)).toBe('b');
  });
});

describe('summarizeEvent', () => {
  test('says in one line what an event did', () => {
    expect(summarizeEvent({ type: 'text-delta', messageId: 'm', partId: 'p', delta: 'Hello\nworld' })).toBe('“Hello⏎world”');
    expect(summarizeEvent({ type: 'tool-call-update', toolCallId: 'call_1', state: 'running', by: 'runtime', at: 0 })).toBe('call_1 → running (runtime)');
    expect(summarizeEvent({ type: 'message-add', message: { id: 'm1', role: 'user', status: 'done', createdAt: 0, parts: [{ type: 'text', id: 't', text: 'Hi there', status: 'done' }] } })).toBe('user: “Hi there”');
    expect(summarizeEvent({ type: 'run-finish', runId: 'r', status: 'error', error: { code: 'model-error', message: 'Rate limited', retryable: true, at: 0 } })).toBe('error: Rate limited');
    expect(summarizeEvent({ type: 'text-delta', messageId: 'm', partId: 'p', delta: 'y'.repeat(100) })).toHaveLength(50);
  });
});
