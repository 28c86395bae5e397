import { describe, expect, it } from 'vitest';
import { toolCallIds } from './tool-call-ids';

describe('toolCallIds', () => {
  it('keeps a free provider id, suffixes a taken one, and treats a completed id as a new call', () => {
    const ids = toolCallIds(new Set(['call_0', 'call_0-2']));
    expect(ids.start('call_0')).toBe('call_0-3');
    expect(ids.open('call_0')).toBe('call_0-3');
    ids.complete('call_0');
    expect(ids.open('call_0')).toBeUndefined();
    expect(ids.start('call_0')).toBe('call_0-4');
    expect(ids.start('toolu_1')).toBe('toolu_1');
  });

  it('gives a fresh id for an empty id, and for a taken id that a suffix cannot make safe', () => {
    const ids = toolCallIds(new Set(['call 0', 'x'.repeat(65)]));
    expect(ids.start('')).toMatch(/^call_[0-9a-z]+$/);
    expect(ids.start('call 0')).toMatch(/^call_[0-9a-z]+$/);
    expect(ids.start('x'.repeat(65))).toMatch(/^call_[0-9a-z]+$/);
  });

  it('cuts a long safe id so the suffixed id stays within 64 characters', () => {
    const long = 'a'.repeat(64);
    const id = toolCallIds(new Set([long])).start(long);
    expect(id).toBe(`${'a'.repeat(56)}-2`);
  });
});
