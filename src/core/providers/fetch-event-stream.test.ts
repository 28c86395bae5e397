import { describe, expect, it, vi } from 'vitest';
import { isRetryableError } from '../model/retry-policy';
import { ApiCallError } from './api-call-error';
import { fetchEventStream } from './fetch-event-stream';

const base = { label: 'Test', url: 'http://localhost:1/v1/messages', requestBody: { hello: 'world' }, apiKey: 'secret-key' };

function bodyThatBreaks(): ReadableStream<Uint8Array> {
  let pulls = 0;
  return new ReadableStream({
    pull(controller) {
      if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('data: one\n\ndata: two\n\ndata: half'));
      else controller.error(new TypeError('terminated'));
    },
  });
}

async function dataOf(events: AsyncIterable<{ data: string }>): Promise<string[]> {
  const data: string[] = [];
  for await (const event of events) data.push(event.data);
  return data;
}

describe('fetchEventStream', () => {
  it('POSTs the body as JSON with the given headers, leaving out headers without a value', async () => {
    const fetch = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => new Response('data: ok\n\n', { headers: { 'content-type': 'text/event-stream' } }));
    const events = await fetchEventStream({ ...base, headers: { 'x-one': '1', 'x-none': undefined }, fetch });
    expect(await dataOf(events)).toEqual(['ok']);
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe(base.url);
    if (!init) throw new Error('fetch got no init');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({ 'x-one': '1' });
    expect(JSON.parse(init.body as string)).toEqual({ hello: 'world' });
  });

  it('calls fetch without a `this`, as browsers require of their global fetch', async () => {
    const fetch = vi.fn(function (this: unknown) {
      expect(this).toBeUndefined();
      return Promise.resolve(new Response('data: ok\n\n'));
    });
    await fetchEventStream({ ...base, headers: {}, fetch });
    expect(fetch).toHaveBeenCalledOnce();
  });

  it('turns a rejected fetch into a retryable ApiCallError that does not contain the key', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed: secret-key');
    });
    const error = await fetchEventStream({ ...base, headers: {}, fetch }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiCallError);
    expect(isRetryableError(error)).toBe(true);
    expect((error as Error).message).toBe('Could not reach Test at http://localhost:1/v1/messages: fetch failed: [redacted]');
  });

  it('lets an abort stay an abort', async () => {
    const controller = new AbortController();
    const abort = new DOMException('Stopped.', 'AbortError');
    controller.abort(abort);
    const fetch = vi.fn(async () => {
      throw abort;
    });
    await expect(fetchEventStream({ ...base, headers: {}, fetch, signal: controller.signal })).rejects.toBe(abort);
  });

  it('rejects a failure status with an ApiCallError', async () => {
    const fetch = vi.fn(async () => new Response('{"error":{"message":"nope"}}', { status: 403 }));
    await expect(fetchEventStream({ ...base, headers: {}, fetch })).rejects.toMatchObject({ statusCode: 403, message: 'Test refused access (403): nope' });
  });

  it('rejects a JSON or HTML answer to a stream request, even with status 200, saying what came back', async () => {
    const json = vi.fn(async () => new Response('{"error":{"message":"stream not supported"}}', { headers: { 'content-type': 'application/json' } }));
    const error = await fetchEventStream({ ...base, headers: {}, fetch: json }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ statusCode: 200, isRetryable: false, message: 'Test answered without an event stream (200): stream not supported' });
    const html = vi.fn(async () => new Response('<!doctype html><p>App</p>', { headers: { 'content-type': 'text/html; charset=utf-8' } }));
    await expect(fetchEventStream({ ...base, headers: {}, fetch: html })).rejects.toMatchObject({ message: 'Test answered without an event stream (200).' });
  });

  it('ends the events quietly when the connection breaks mid-stream, dropping the half event', async () => {
    const fetch = vi.fn(async () => new Response(bodyThatBreaks()));
    expect(await dataOf(await fetchEventStream({ ...base, headers: {}, fetch }))).toEqual(['one', 'two']);
  });

  it('passes the abort on when the stream breaks because of it', async () => {
    const controller = new AbortController();
    const fetch = vi.fn(async () => new Response(bodyThatBreaks()));
    const events = await fetchEventStream({ ...base, headers: {}, fetch, signal: controller.signal });
    controller.abort(new DOMException('Stopped.', 'AbortError'));
    await expect(dataOf(events)).rejects.toMatchObject({ name: 'AbortError' });
  });
});
