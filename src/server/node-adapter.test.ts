import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { toNodeHandler, type FetchHandler } from './node-adapter';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function serve(handler: FetchHandler, maxBodyBytes?: number): Promise<string> {
  server = createServer(toNodeHandler(handler, maxBodyBytes ? { maxBodyBytes } : {}));
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('toNodeHandler', () => {
  it('passes method, path, headers and body to the fetch handler and returns its response', async () => {
    const url = await serve(async (request) =>
      Response.json({ method: request.method, path: new URL(request.url).pathname, header: request.headers.get('x-test'), body: await request.json() }, { status: 201 }),
    );
    const response = await fetch(`${url}/api/echo?x=1`, { method: 'POST', headers: { 'x-test': 'yes', 'content-type': 'application/json' }, body: JSON.stringify({ a: 1 }) });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ method: 'POST', path: '/api/echo', header: 'yes', body: { a: 1 } });
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
});
