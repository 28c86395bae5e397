/**
 * Contract: the server spends nothing on strangers. `authorize` runs on the headers before any of
 * the body is read (an unauthorized request gets its 401 even if its body never comes); a body
 * that trickles in is cut off at a deadline (`bodyTimeoutMs`) with a 408 and the connection is
 * closed; a body over the limit always gets a complete 413 (never a reset before the answer),
 * whether it declares its length or not; a malformed or missing `Host` is a 400, not a 500; and
 * with CORS configured, every response carries `Vary: Origin` (preflights, refusals and errors too).
 * Both layers: the fetch handler (`createAgentHandler`) and the Node adapter (`toNodeHandler`)
 * over a real loopback socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/index';
import { createAgentHandler, toNodeHandler, type AgentHandlerOptions, type NodeHandlerOptions } from '../../src/server/index';
import { blast, rawHttp } from '../server/raw-http';

const base = 'http://localhost/api/agent';
const bodyTimeoutMs = 200;
const token = 'Bearer member';

const ran: unknown[] = [];
const echo = defineTool({
  name: 'echo',
  description: 'Returns its input.',
  inputSchema: { type: 'object' },
  execute: (input) => {
    ran.push(input);
    return input;
  },
});

function agentHandler(options: Partial<AgentHandlerOptions> = {}) {
  return createAgentHandler({
    basePath: '/api/agent',
    tools: [echo],
    authorize: (request) => request.headers.get('authorization') === token,
    bodyTimeoutMs,
    onError: () => {},
    ...options,
  });
}

/** A body that records whether anyone asked for its bytes, and never ends. */
function neverEndingBody() {
  const record = { pulls: 0 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull() {
        record.pulls += 1;
        // Nothing more ever comes: the reader waits until it gives up.
        return new Promise<void>(() => {});
      },
    },
    // No read ahead: `pull` runs only when someone reads.
    { highWaterMark: 0 },
  );
  return { stream, record };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body, duplex: 'half' } as RequestInit);
}

describe('the fetch handler', () => {
  it('answers 401 from the headers without reading any of the body', async () => {
    const { stream, record } = neverEndingBody();
    const response = await agentHandler()(post('/tools/echo', stream));
    expect(response.status).toBe(401);
    expect(record.pulls).toBe(0);
  });

  it('cuts off a body that never ends with a 408 once bodyTimeoutMs passes, and runs nothing', async () => {
    for (const path of ['/tools/echo', '/model']) {
      const { stream } = neverEndingBody();
      const handler = agentHandler({ model: 'never-called' as never });
      const response = await handler(post(path, stream, { authorization: token }));
      expect([path, response.status, (await response.json()).error.code]).toEqual([path, 408, 'body-timeout']);
    }
    expect(ran).toEqual([]);
  });

  it('sends Vary: Origin on every response when CORS is configured', async () => {
    const handler = agentHandler({ cors: { origins: ['https://app.example.com'] } });
    const allowed = { origin: 'https://app.example.com' };
    const other = { origin: 'https://evil.example' };
    const responses = {
      'allowed preflight': await handler(new Request(`${base}/tools`, { method: 'OPTIONS', headers: allowed })),
      'refused preflight': await handler(new Request(`${base}/tools`, { method: 'OPTIONS', headers: other })),
      'unauthorized': await handler(new Request(`${base}/tools`, { headers: allowed })),
      'unauthorized, other origin': await handler(new Request(`${base}/tools`, { headers: other })),
      'no origin': await handler(new Request(`${base}/tools`, { headers: { authorization: token } })),
      'outside the base path': await handler(new Request('http://localhost/elsewhere', { headers: allowed })),
      'wrong method': await handler(new Request(`${base}/tools`, { method: 'DELETE', headers: { ...allowed, authorization: token } })),
      'success': await handler(new Request(`${base}/tools`, { headers: { ...allowed, authorization: token } })),
      'authorize throws': await agentHandler({ cors: { origins: ['https://app.example.com'] }, authorize: () => { throw new Error('down'); } })(new Request(`${base}/tools`, { headers: allowed })),
    };
    for (const [name, response] of Object.entries(responses)) expect([name, response.headers.get('vary')]).toEqual([name, 'Origin']);
  });

  it('keeps the Vary of a response from authorize and adds Origin to it', async () => {
    const handler = agentHandler({ cors: { origins: ['https://app.example.com'] }, authorize: () => new Response('no', { status: 403, headers: { vary: 'Cookie' } }) });
    const response = await handler(new Request(`${base}/tools`, { headers: { origin: 'https://app.example.com' } }));
    expect([response.status, response.headers.get('vary')]).toEqual([403, 'Cookie, Origin']);
  });
});

describe('toNodeHandler over a real socket', () => {
  let server: Server | undefined;
  afterEach(async () => {
    ran.length = 0;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  });

  async function listen(handlerOptions: Partial<AgentHandlerOptions> = {}, nodeOptions: NodeHandlerOptions = { bodyTimeoutMs, maxBodyBytes: 64 * 1024 }): Promise<number> {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- toNodeHandler is made for createServer: it answers every failure itself, so its promise never rejects
    server = createServer(toNodeHandler(agentHandler(handlerOptions), nodeOptions));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  const head = (headers: string) => `POST /api/agent/tools/echo HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n${headers}\r\n`;

  it('answers an unauthorized request from its headers, before its body arrives', async () => {
    const port = await listen();
    const reply = await rawHttp(port, (socket) => void socket.write(head('Content-Length: 1000\r\n')), { until: 'response', giveUpAfterMs: 2000 });
    expect([reply.end, reply.status]).toEqual(['response', 401]);
  });

  it('cuts off a body that trickles in with a 408 at the deadline, then closes the connection', async () => {
    const port = await listen();
    for (const framing of ['Content-Length: 1000\r\n', 'Transfer-Encoding: chunked\r\n']) {
      const reply = await rawHttp(
        port,
        (socket) => {
          socket.write(head(`Authorization: ${token}\r\n${framing}`));
          const timer = setInterval(() => socket.write(framing.startsWith('Content') ? ' ' : '1\r\n \r\n'), 20);
          return () => clearInterval(timer);
        },
        { until: 'close', giveUpAfterMs: 5000 },
      );
      expect([framing, reply.status, reply.end]).toEqual([framing, 408, expect.stringMatching(/^(closed|error)$/)]);
      expect(JSON.parse(reply.body!).error.code).toBe('body-timeout');
    }
    expect(ran).toEqual([]);
  });

  it('does not let an unauthorized client keep the connection by trickling after its 401', async () => {
    const port = await listen();
    const reply = await rawHttp(
      port,
      (socket) => {
        socket.write(head('Content-Length: 1000\r\n'));
        const timer = setInterval(() => socket.write(' '), 20);
        return () => clearInterval(timer);
      },
      { until: 'close', giveUpAfterMs: 5000 },
    );
    expect([reply.status, reply.end]).toEqual([401, expect.stringMatching(/^(closed|error)$/)]);
  });

  it('answers a body over the limit with a complete 413, with or without Content-Length', async () => {
    // The adapter's limit (64 KiB) and, with a larger adapter limit, the handler's own (64 KiB) both
    // answer 413. The deadlines are long here: this is about size, not time.
    for (const nodeOptions of [{ bodyTimeoutMs: 10_000, maxBodyBytes: 64 * 1024 }, { bodyTimeoutMs: 10_000 }]) {
      const port = await listen({ maxBodyBytes: 64 * 1024, bodyTimeoutMs: 10_000 }, nodeOptions);
      for (const size of [512 * 1024, 4 * 1024 * 1024]) {
        const bytes = new Uint8Array(size).fill(32);
        const chunked = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let offset = 0; offset < size; offset += 64 * 1024) controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
            controller.close();
          },
        });
        for (const [framing, body] of [['content-length', bytes], ['chunked', chunked]] as const) {
          const label = `${nodeOptions.maxBodyBytes ?? 'default'} ${size} ${framing}`;
          const response = await fetch(`http://127.0.0.1:${port}/api/agent/tools/echo`, { method: 'POST', headers: { authorization: token }, body, duplex: 'half' } as RequestInit).catch((error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message);
          expect([label, typeof response === 'string' ? response : response.status]).toEqual([label, 413]);
          expect((await (response as Response).json()).error.code).toBe('body-too-large');
        }
      }
      server!.closeAllConnections();
      await new Promise<void>((resolve) => server!.close(() => resolve()));
    }
    server = undefined;
    expect(ran).toEqual([]);
  });

  it('lets a client that keeps writing past the limit read its whole 413', async () => {
    const port = await listen({ bodyTimeoutMs: 10_000 }, { bodyTimeoutMs: 10_000, maxBodyBytes: 64 * 1024 });
    const reply = await rawHttp(
      port,
      (socket) => {
        socket.write(head(`Authorization: ${token}\r\nContent-Length: ${8 * 1024 * 1024}\r\n`));
        blast(socket, 8 * 1024 * 1024);
      },
      { until: 'response', giveUpAfterMs: 5000 },
    );
    expect([reply.end, reply.status, JSON.parse(reply.body ?? '{}').error?.code]).toEqual(['response', 413, 'body-too-large']);
  });

  it('refuses a malformed or missing Host with a 400', async () => {
    const port = await listen();
    const requests = {
      'unclosed IPv6 bracket': 'GET /api/agent/tools HTTP/1.1\r\nHost: [::1\r\n\r\n',
      'space in the host': 'GET /api/agent/tools HTTP/1.1\r\nHost: a b\r\n\r\n',
      'empty host': 'GET /api/agent/tools HTTP/1.1\r\nHost: \r\n\r\n',
      'user info in the host': 'GET /api/agent/tools HTTP/1.1\r\nHost: user@127.0.0.1\r\n\r\n',
      'no host on HTTP/1.0': 'GET /api/agent/tools HTTP/1.0\r\n\r\n',
    };
    for (const [name, request] of Object.entries(requests)) {
      const reply = await rawHttp(port, (socket) => void socket.write(request), { until: 'response', giveUpAfterMs: 2000 });
      expect([name, reply.status]).toEqual([name, 400]);
    }
  });
});
