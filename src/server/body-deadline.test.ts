import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyDeadline, bodyPace } from './body-deadline';

describe('bodyDeadline', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Sends `bytes` every `everyMs`, `times` times, and says whether the deadline fired meanwhile. */
  function run(pace: { idleMs: number; minBytesPerSecond: number }, steps: { everyMs: number; bytes: number; times: number }[]) {
    let expired = 0;
    const deadline = bodyDeadline(pace, () => (expired += 1));
    for (const { everyMs, bytes, times } of steps) {
      for (let step = 0; step < times; step++) {
        vi.advanceTimersByTime(everyMs);
        deadline.progress(bytes);
      }
    }
    return { deadline, expired: () => expired };
  }

  it('never cuts a body that keeps moving at or above the minimum rate, however long it takes', () => {
    // 1 KiB every 100 ms (10 KiB/s) for 10 minutes, against a 1 s idle limit and 8 KiB/s.
    const { deadline, expired } = run({ idleMs: 1000, minBytesPerSecond: 8192 }, [{ everyMs: 100, bytes: 1024, times: 6000 }]);
    expect(expired()).toBe(0);
    deadline.stop();
    vi.advanceTimersByTime(60_000);
    expect(expired()).toBe(0);
  });

  it('cuts a body that stops for longer than idleMs, once', () => {
    const { expired } = run({ idleMs: 1000, minBytesPerSecond: 1 }, [{ everyMs: 100, bytes: 1024, times: 50 }]);
    vi.advanceTimersByTime(999);
    expect(expired()).toBe(0);
    vi.advanceTimersByTime(1);
    expect(expired()).toBe(1);
    vi.advanceTimersByTime(10_000);
    expect(expired()).toBe(1);
  });

  it('cuts a body that trickles in below the minimum rate, though it never stops for idleMs', () => {
    // One byte every 500 ms against a 1 s idle limit: the rate (2 B/s against 100 B/s) ends it at about 1 s.
    const { expired } = run({ idleMs: 1000, minBytesPerSecond: 100 }, [{ everyMs: 500, bytes: 1, times: 2 }]);
    expect(expired()).toBe(0);
    vi.advanceTimersByTime(500);
    expect(expired()).toBe(1);
  });

  it('waits idleMs for the first byte, and has no timer at all for an Infinity deadline', () => {
    let expired = 0;
    bodyDeadline({ idleMs: 300, minBytesPerSecond: 1 }, () => (expired += 1));
    vi.advanceTimersByTime(300);
    expect(expired).toBe(1);
    bodyDeadline({ idleMs: Infinity, minBytesPerSecond: 1 }, () => (expired += 1));
    expect(vi.getTimerCount()).toBe(0);
  });

  it('checks its options', () => {
    expect(bodyPace('toNodeHandler', undefined, undefined)).toEqual({ idleMs: 30_000, minBytesPerSecond: 8192 });
    expect(() => bodyPace('toNodeHandler', 0, undefined)).toThrow('toNodeHandler: `bodyTimeoutMs` must be a positive number, got 0.');
    expect(() => bodyPace('createAgentHandler', undefined, Number.NaN)).toThrow('createAgentHandler: `minBodyBytesPerSecond` must be a positive number, got NaN.');
  });
});
