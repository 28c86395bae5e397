import { afterEach, describe, expect, it, vi } from 'vitest';
import { syncRetry } from './sync-retry';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('syncRetry', () => {
  it('retries after 2 s, doubling with each failure up to a minute; a success starts from 2 s again', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const retries = syncRetry(retry);
    const waits: number[] = [];
    for (let failure = 0; failure < 7; failure++) {
      const before = Date.now();
      retries.failed();
      vi.advanceTimersToNextTimer();
      waits.push(Date.now() - before);
    }
    expect(waits).toEqual([2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000]);
    expect(retry).toHaveBeenCalledTimes(7);
    retries.succeeded();
    retries.failed();
    vi.advanceTimersByTime(1_999);
    expect(retry).toHaveBeenCalledTimes(7);
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(8);
    retries.close();
  });

  it('retries when the browser is online again, and close stops the timer and the listener', () => {
    vi.useFakeTimers();
    const page = new EventTarget();
    vi.stubGlobal('addEventListener', page.addEventListener.bind(page));
    vi.stubGlobal('removeEventListener', page.removeEventListener.bind(page));
    const retry = vi.fn();
    const retries = syncRetry(retry);
    page.dispatchEvent(new Event('online'));
    expect(retry).toHaveBeenCalledTimes(1);
    retries.failed();
    retries.close();
    expect(vi.getTimerCount()).toBe(0);
    page.dispatchEvent(new Event('online'));
    vi.advanceTimersByTime(120_000);
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('never keeps a Node process alive', () => {
    const retries = syncRetry(() => undefined);
    const setTimeoutSpy = vi.spyOn(globalThis, 'setTimeout');
    retries.failed();
    const timer = setTimeoutSpy.mock.results[0]!.value as { hasRef(): boolean };
    expect(timer.hasRef()).toBe(false);
    retries.close();
    setTimeoutSpy.mockRestore();
  });
});

describe('syncRetry and a server that names its time', () => {
  it('waits at least what the server asked for (a 503 retry-after), up to a minute', () => {
    vi.useFakeTimers();
    const retry = vi.fn();
    const retries = syncRetry(retry);
    retries.failed(30_000);
    vi.advanceTimersByTime(29_999);
    expect(retry).toHaveBeenCalledTimes(0);
    vi.advanceTimersByTime(1);
    expect(retry).toHaveBeenCalledTimes(1);
    retries.failed(3_600_000);
    vi.advanceTimersByTime(60_000);
    expect(retry).toHaveBeenCalledTimes(2);
    retries.close();
  });
});
