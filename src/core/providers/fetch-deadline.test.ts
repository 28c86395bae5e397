import { describe, expect, it } from 'vitest';
import { deadlineOption, fetchWithDeadline, isRequestTimeout, RequestTimeoutError, withIdleDeadline } from './fetch-deadline';

/** A fetch that never answers and ignores its signal (a stuck proxy); it keeps the signal it got. */
function hangingFetch() {
  const seen: { signal?: AbortSignal | null | undefined } = {};
  const fetchFunction = ((_url: RequestInfo | URL, init?: RequestInit) => {
    seen.signal = init?.signal;
    return new Promise<Response>(() => {});
  }) as typeof fetch;
  return { fetchFunction, seen };
}

/** A body that sends `first` and then nothing more; `cancelled` says whether its reader was cancelled. */
function stallingBody(first: string) {
  const state = { cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(new TextEncoder().encode(first)),
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe('fetchWithDeadline', () => {
  it('gives up a request whose fetch never settles, even one that ignores its signal, naming the URL and the deadline', async () => {
    const { fetchFunction, seen } = hangingFetch();
    const error = await fetchWithDeadline(fetchFunction, 'https://app.test/api/agent/sessions', {}, { timeoutMs: 10, until: 'answer' }).catch((reason: unknown) => reason);
    expect(error).toBeInstanceOf(RequestTimeoutError);
    expect(isRequestTimeout(error)).toBe(true);
    expect((error as Error).message).toBe('No answer from https://app.test/api/agent/sessions within 10 ms (waiting for the whole answer); the request was given up.');
    expect(seen.signal?.aborted).toBe(true);
  });

  it("rejects with the caller's own reason when the caller aborts first", async () => {
    const { fetchFunction } = hangingFetch();
    const controller = new AbortController();
    const request = fetchWithDeadline(fetchFunction, '/api/agent/tools', {}, { timeoutMs: 60_000, until: 'answer', signal: controller.signal });
    controller.abort(new Error('left the page'));
    await expect(request).rejects.toThrow('left the page');
  });

  it("'answer' reads the whole body within the deadline: a body that stalls is given up, a whole one comes back read", async () => {
    const stalled = stallingBody('{"sessions":[');
    const halfway = (async () => new Response(stalled.body)) as typeof fetch;
    await expect(fetchWithDeadline(halfway, '/api/agent/sessions', {}, { timeoutMs: 10, until: 'answer' })).rejects.toBeInstanceOf(RequestTimeoutError);
    const whole = (async () => Response.json({ sessions: [] }, { status: 200 })) as typeof fetch;
    expect(await (await fetchWithDeadline(whole, '/api/agent/sessions', {}, { timeoutMs: 1_000, until: 'answer' })).json()).toEqual({ sessions: [] });
    const empty = (async () => new Response(null, { status: 204 })) as typeof fetch;
    expect((await fetchWithDeadline(empty, '/api/agent/sessions/a', { method: 'DELETE' }, { timeoutMs: 1_000, until: 'answer' })).status).toBe(204);
  });

  it("'headers' hands the body on to stream, and the caller's Stop still ends it afterwards", async () => {
    const seen: { signal?: AbortSignal | null | undefined } = {};
    const streaming = (async (_url: RequestInfo | URL, init?: RequestInit) => {
      seen.signal = init?.signal;
      return new Response(stallingBody('{"type":"text-start"}\n').body);
    }) as typeof fetch;
    const controller = new AbortController();
    const response = await fetchWithDeadline(streaming, '/api/agent/model', { method: 'POST' }, { timeoutMs: 10, until: 'headers', signal: controller.signal });
    // Past the deadline for the headers, the body is still there to read.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(seen.signal?.aborted).toBe(false);
    expect(new TextDecoder().decode((await response.body!.getReader().read()).value)).toBe('{"type":"text-start"}\n');
    controller.abort(new Error('stop'));
    expect(seen.signal?.aborted).toBe(true);
  });
});

describe('withIdleDeadline', () => {
  it('passes chunks on, and errors with a timeout (cancelling the source) when the next one does not come', async () => {
    const { body, state } = stallingBody('first part');
    const reader = withIdleDeadline(body, 10, '/api/agent/model').getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toBe('first part');
    const error = await reader.read().catch((reason: unknown) => reason);
    expect(isRequestTimeout(error)).toBe(true);
    expect((error as Error).message).toContain('/api/agent/model within 10 ms');
    expect(state.cancelled).toBe(true);
  });
});

describe('deadlineOption', () => {
  it('takes a positive number (Infinity for none), the default when absent, and refuses anything else by name', () => {
    expect(deadlineOption('remoteModel', 'idleTimeoutMs', undefined, 120_000)).toBe(120_000);
    expect(deadlineOption('remoteModel', 'idleTimeoutMs', Infinity, 120_000)).toBe(Infinity);
    for (const bad of [0, -1, Number.NaN, '30s']) expect(() => deadlineOption('remoteModel', 'idleTimeoutMs', bad, 1)).toThrow(/remoteModel: `idleTimeoutMs` must be a positive number/);
  });
});
