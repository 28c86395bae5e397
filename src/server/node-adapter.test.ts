import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rawHttp } from '../../test/server/raw-http';
import { toNodeHandler, type FetchHandler } from './node-adapter';

let server: Server | undefined;
afterEach(
  () =>
    new Promise<void>((resolve) => {
      server?.closeAllConnections();
      return server ? server.close(() => resolve()) : resolve();
    }),
);

async function serve(handler: FetchHandler, maxBodyBytes?: number, before?: (request: IncomingMessage) => Promise<void>): Promise<string> {
  const node = toNodeHandler(handler, maxBodyBytes ? { maxBodyBytes } : {});
  // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node:http drops the handler's promise; a rejection would fail the test as an unhandled rejection
  server = createServer(async (request, response) => {
    await before?.(request);
    await node(request, response);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const portOf = (url: string) => Number(new URL(url).port);

describe('toNodeHandler', () => {
  it('passes method, path, headers and body to the fetch handler and returns its response', async () => {
    const url = await serve(async (request) =>
      Response.json({ method: request.method, path: new URL(request.url).pathname, header: request.headers.get('x-test'), body: await request.json() }, { status: 201 }),
    );
    const response = await fetch(`${url}/api/echo?x=1`, { method: 'POST', headers: { 'x-test': 'yes', 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', path: '/api/echo', header: 'yes', body: { a: 1 } });
  });

  it('takes a body a middleware already read (express.json(), express.text()), and still reads one it skipped', async () => {
    /** What body-parser does: reads the stream, leaves the value on request.body (JSON only when the type says so). */
    const parser = async (request: IncomingMessage) => {
      if (!/^(application\/json|text\/)/.test(request.headers['content-type'] ?? '')) return;
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const text = Buffer.concat(chunks).toString('utf8');
      (request as IncomingMessage & { body?: unknown }).body = request.headers['content-type']!.startsWith('application/json') ? JSON.parse(text) : text;
    };
    const url = await serve(async (request) => Response.json({ type: request.headers.get('content-type'), body: await request.text() }), 100, parser);
    const json = await fetch(`${url}/model`, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify({ prompt: [1, 'é'] }) });
    expect(await json.json()).toEqual({ type: 'application/json', body: '{"prompt":[1,"é"]}' });
    const text = await fetch(`${url}/model`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'plain words' });
    expect(await text.json()).toEqual({ type: 'text/plain', body: 'plain words' });
    // Not parsed by the middleware: read from the stream as usual.
    const raw = await fetch(`${url}/model`, { method: 'POST', headers: { 'content-type': 'application/x-ndjson' }, body: '{"a":1}\n' });
    expect(await raw.json()).toEqual({ type: 'application/x-ndjson', body: '{"a":1}\n' });
    // The size limit holds for a body read elsewhere too.
    const big = await fetch(`${url}/model`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ text: 'x'.repeat(200) }) });
    expect(big.status).toBe(413);
  });

  it('streams the body as it is produced', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const url = await serve(() => {
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream({
          async start(controller) {
            controller.enqueue(encoder.encode('first\n'));
            await gate;
            controller.enqueue(encoder.encode('second\n'));
            controller.close();
          },
        }),
      );
    });
    const response = await fetch(url);
    const reader = response.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('first\n');
    release();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += new TextDecoder().decode(chunk.value);
    expect(rest).toBe('second\n');
  });

  it('refuses a body over the limit with 413 without calling the handler', async () => {
    let called = false;
    const url = await serve(() => {
      called = true;
      return new Response('ok');
    }, 10);
    const response = await fetch(url, { method: 'POST', body: 'x'.repeat(100) });
    expect(response.status).toBe(413);
    expect(called).toBe(false);
  });

  it('answers 500 without internals when the handler throws', async () => {
    const url = await serve(() => {
      throw new Error('secret database password in message');
    });
    const original = console.error;
    console.error = () => {};
    try {
      const response = await fetch(url);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain('secret');
    } finally {
      console.error = original;
    }
  });

  it('refuses options that are not positive numbers at creation', () => {
    expect(() => toNodeHandler(() => new Response(), { maxBodyBytes: 0 })).toThrow(/`maxBodyBytes` must be a positive number/);
    expect(() => toNodeHandler(() => new Response(), { bodyTimeoutMs: -1 })).toThrow(/`bodyTimeoutMs` must be a positive number/);
  });

  it('drains the body of a request answered without reading it, so the connection serves the next request', async () => {
    const url = await serve((request) => new Response(`${request.method} ${new URL(request.url).pathname}`, { status: request.method === 'POST' ? 401 : 200 }));
    const post = 'POST /first HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 11\r\n\r\nhello world';
    const get = 'GET /second HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n';
    const reply = await rawHttp(portOf(url), (socket) => void socket.write(post + get), { until: 'close', giveUpAfterMs: 2000 });
    expect(reply.end).toBe('closed');
    expect(reply.text).toMatch(/^HTTP\/1\.1 401 [^]*POST \/first[^]*HTTP\/1\.1 200 [^]*GET \/second/);
  });

  it('keeps a target such as //other.example/x a path on the request\'s own host', async () => {
    const url = await serve((request) => new Response(request.url));
    const reply = await rawHttp(portOf(url), (socket) => void socket.write('GET //other.example/x HTTP/1.1\r\nHost: app.example.com\r\n\r\n'), { until: 'response', giveUpAfterMs: 2000 });
    expect(reply.body).toBe('http://app.example.com//other.example/x');
  });

  it('gives the handler an empty body when middleware before it already read the request', async () => {
    const url = await serve(
      async (request) => new Response(`[${await request.text()}]`),
      undefined,
      async (request) => {
        for await (const _chunk of request) void _chunk;
      },
    );
    const response = await fetch(url, { method: 'POST', body: 'already parsed' });
    expect(await response.text()).toBe('[]');
  });

  it('leaves no listeners behind on a connection that serves many requests', async () => {
    const counts: number[] = [];
    const sockets = new Set<unknown>();
    const url = await serve(
      async (request) => new Response(await request.text()),
      undefined,
      async (request) => {
        sockets.add(request.socket);
        counts.push(request.socket.listenerCount('close') + request.socket.listenerCount('end'));
      },
    );
    for (let index = 0; index < 25; index += 1) expect(await (await fetch(url, { method: 'POST', body: `request ${index}` })).text()).toBe(`request ${index}`);
    // The connections are reused, and each request leaves its connection as it found it.
    expect(sockets.size).toBeLessThan(5);
    expect(new Set(counts).size).toBe(1);
  });
});
