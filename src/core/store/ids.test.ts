import { afterEach, describe, expect, it, vi } from 'vitest';
import { createId } from './ids';

afterEach(() => vi.unstubAllGlobals());

describe('createId', () => {
  it('is the prefix, the separator and 16 random hex digits', () => {
    expect(createId('msg')).toMatch(/^msg_[0-9a-f]{16}$/);
    expect(createId('session', '-')).toMatch(/^session-[0-9a-f]{16}$/);
    expect(new Set(Array.from({ length: 1000 }, () => createId('call'))).size).toBe(1000);
  });

  it('stays random without crypto (no counter that two tabs would share)', () => {
    vi.stubGlobal('crypto', undefined);
    const ids = Array.from({ length: 1000 }, () => createId('part'));
    expect(ids.every((id) => /^part_[0-9a-f]{16}$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(1000);
  });
});
