import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PersistenceError } from './persistence-error';
import { createSaveScheduler } from './save-scheduler';

describe('createSaveScheduler', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves once after the quiet time; each change restarts it, but the max delay caps the wait', async () => {
    const save = vi.fn(async () => 'saved' as const);
    const scheduler = createSaveScheduler(save, { delayMs: 100, maxDelayMs: 250, onError: () => undefined });
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(99);
    expect(save).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(save).toHaveBeenCalledTimes(1);
    for (let step = 0; step < 5; step++) {
      scheduler.schedule();
      await vi.advanceTimersByTimeAsync(60);
    }
    // Changes 60 ms apart never leave 100 ms of quiet: the 250 ms cap saved them once.
    expect(save).toHaveBeenCalledTimes(2);
  });

  it('reports a failure without throwing, does not retry on its own, and saves on the next flush', async () => {
    const errors: PersistenceError[] = [];
    const results: string[] = [];
    let fail = true;
    const scheduler = createSaveScheduler(
      async () => {
        if (fail) throw new DOMException('full', 'QuotaExceededError');
        return 'saved';
      },
      { onError: (error) => errors.push(error), onFlush: (result) => results.push(result) },
    );
    expect(await scheduler.flush()).toBe('failed');
    expect(errors.map((error) => error.code)).toEqual(['quota-exceeded']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(results).toEqual(['failed']);
    fail = false;
    expect(await scheduler.flush()).toBe('saved');
    expect(results).toEqual(['failed', 'saved']);
  });

  it('runs saves one after another, in order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    let calls = 0;
    const scheduler = createSaveScheduler(
      async () => {
        const call = ++calls;
        order.push(`start ${call}`);
        if (call === 1) await new Promise<void>((resolve) => (release = resolve));
        order.push(`end ${call}`);
        return 'saved';
      },
      { onError: () => undefined },
    );
    const first = scheduler.flush();
    const second = scheduler.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start 1']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['start 1', 'end 1', 'start 2', 'end 2']);
  });

  it('dispose saves and ignores later changes', async () => {
    const save = vi.fn(async () => 'saved' as const);
    const scheduler = createSaveScheduler(save, { onError: () => undefined });
    expect(await scheduler.dispose()).toBe('saved');
    scheduler.schedule();
    await vi.advanceTimersByTimeAsync(5000);
    expect(save).toHaveBeenCalledTimes(1);
  });
});
