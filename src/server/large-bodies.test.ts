/**
 * Large request bodies (issue 26, item 5): the handler reads only so many at once (per user and in
 * total), turning the rest away with 503 and `retry-after` before reading any of their body; and a
 * body's deadline moves with the body, so a save that keeps arriving over a slow uplink is not
 * cut while one that stalls is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { rawHttp } from '../../test/server/raw-http';
import { createAgentHandler, type AgentHandlerOptions } from './agent-handler';
import { toNodeHandler, type NodeHandlerOptions } from './node-adapter';
import { memoryServerSessionStore } from './sessions/memory-server-session-store';
import { conversation } from './sessions/server-session-store-contract';

const base = 'http://localhost/api/agent';

function handlerWith(options: Partial<AgentHandlerOptions> = {}) {
  return createAgentHandler({
    basePath: '/api/agent',
    authorize: (request) => ({ userId: request.headers.get('x-user') ?? 'nobody' }),
    sessions: { store: memoryServerSessionStore() },
    onError: () => {},
    ...options,
  });
}

/** A session save of a little over 4 KiB, as bytes. */
function saveBytes(text = 'x'.repeat(4096)): Uint8Array {
  return new TextEncoder().encode(JSON.stringify({ snapshot: conversation(text), expectedRevision: null }));
}

/**
 * A save whose body arrives up to its last 100 bytes and then waits for `finish()`: a large body
 * in flight. `reading` settles once the handler asked for its bytes (it was let in); `pulls` counts
 * every ask.
 */
function heldSave(user: string, options: { declareLength: boolean }) {
  const bytes = saveBytes();
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  let started!: () => void;
  const reading = new Promise<void>((resolve) => (started = resolve));
  const record = { pulls: 0 };
  let sent = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        record.pulls += 1;
        started();
        if (sent === bytes.byteLength - 100) await finished;
        const end = sent === 0 ? bytes.byteLength - 100 : bytes.byteLength;
        controller.enqueue(bytes.slice(sent, end));
        sent = end;
        if (sent === bytes.byteLength) controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-user': user };
  if (options.declareLength) headers['content-length'] = String(bytes.byteLength);
  const request = new Request(`${base}/sessions/chat-${user}-${Math.random().toString(36).slice(2)}`, { method: 'PUT', headers, body, duplex: 'half' } as RequestInit);
  return { request, finish, reading, record };
}

describe('large bodies: how many at once', () => {
  it('lets in at most maxConcurrentPerUser per user and maxConcurrent in all, and turns the rest away with 503 and retry-after before reading their body', async () => {
    const handler = handlerWith({ largeBodies: { minBytes: 1024, maxConcurrent: 3, maxConcurrentPerUser: 2, retryAfterSeconds: 7 } });
    const ada1 = heldSave('ada', { declareLength: true });
    const ada2 = heldSave('ada', { declareLength: true });
    const answers = [handler(ada1.request), handler(ada2.request)];
    await Promise.all([ada1.reading, ada2.reading]);

    // A third from the same user: past its own limit.
    const ada3 = heldSave('ada', { declareLength: true });
    const refused = await handler(ada3.request);
    expect([refused.status, refused.headers.get('retry-after'), ((await refused.json()) as { error: { code: string } }).error.code]).toEqual([503, '7', 'busy']);
    expect(ada3.record.pulls).toBe(0);

    // Another user fills the last place; a third user finds none.
    const bob = heldSave('bob', { declareLength: true });
    answers.push(handler(bob.request));
    await bob.reading;
    const grace = heldSave('grace', { declareLength: true });
    expect((await handler(grace.request)).status).toBe(503);
    expect(grace.record.pulls).toBe(0);

    // Small bodies are not counted.
    const small = await handler(new Request(`${base}/sessions/small`, { method: 'PUT', headers: { 'x-user': 'grace', 'content-type': 'application/json' }, body: JSON.stringify({ snapshot: conversation('hi'), expectedRevision: null }) }));
    expect(small.status).toBe(200);

    // Each answered save gives its place back.
    ada1.finish();
    expect((await answers[0]!).status).toBe(200);
    const graceAgain = heldSave('grace', { declareLength: true });
    graceAgain.finish();
    expect((await handler(graceAgain.request)).status).toBe(200);
    ada2.finish();
    bob.finish();
    expect((await Promise.all(answers.slice(1))).map((response) => response.status)).toEqual([200, 200]);
  });

  it('counts a body without a length as its bytes arrive: it takes a place once it is large, or gets the 503 when none is free', async () => {
    const handler = handlerWith({ largeBodies: { minBytes: 1024, maxConcurrent: 1 } });
    const chunked = heldSave('ada', { declareLength: false });
    const answer = handler(chunked.request);
    await chunked.reading;
    // Its first 4 KiB are in: it holds the only place.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const declared = heldSave('bob', { declareLength: true });
    expect((await handler(declared.request)).status).toBe(503);
    chunked.finish();
    expect((await answer).status).toBe(200);

    const holder = heldSave('bob', { declareLength: true });
    const held = handler(holder.request);
    await holder.reading;
    const late = heldSave('grace', { declareLength: false });
    late.finish();
    const refused = await handler(late.request);
    expect([refused.status, refused.headers.get('retry-after')]).toEqual([503, '5']);
    holder.finish();
    expect((await held).status).toBe(200);
  });

  it('refuses limits it cannot use', () => {
    expect(() => handlerWith({ largeBodies: { maxConcurrent: 0 } })).toThrow(/`largeBodies.maxConcurrent` must be a whole number of at least 1/);
    expect(() => handlerWith({ largeBodies: { minBytes: -1 } })).toThrow(/`largeBodies.minBytes` must be a positive number/);
    expect(() => handlerWith({ minBodyBytesPerSecond: 0 })).toThrow(/`minBodyBytesPerSecond` must be a positive number/);
  });
});

describe('large bodies: a deadline that moves with the body, over a real socket', () => {
  let server: Server | undefined;
  afterEach(async () => {
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
  });

  async function listen(handlerOptions: Partial<AgentHandlerOptions>, nodeOptions: NodeHandlerOptions): Promise<number> {
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- toNodeHandler answers every failure itself
    server = createServer(toNodeHandler(handlerWith(handlerOptions), nodeOptions));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    return (server.address() as AddressInfo).port;
  }

  /** Sends a save in `chunks` pieces, one every 25 ms, stopping after `stopAfter` pieces if given. */
  function drip(port: number, chunks: number, stopAfter = chunks) {
    const bytes = Buffer.from(saveBytes('y'.repeat(40 * 1024)));
    const size = Math.ceil(bytes.byteLength / chunks);
    return rawHttp(
      port,
      (socket) => {
        socket.write(`PUT /api/agent/sessions/dripped HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-User: ada\r\nContent-Length: ${bytes.byteLength}\r\n\r\n`);
        let sent = 0;
        const timer = setInterval(() => {
          if (sent >= stopAfter) return clearInterval(timer);
          socket.write(bytes.subarray(sent * size, (sent + 1) * size));
          sent += 1;
        }, 25);
        return () => clearInterval(timer);
      },
      { until: 'response', giveUpAfterMs: 10_000 },
    );
  }

  // Both layers have the same short deadline: nothing may pass 400 ms without a byte.
  const deadlines = { bodyTimeoutMs: 400 };

  it('takes a save that keeps arriving for far longer than bodyTimeoutMs', async () => {
    const port = await listen(deadlines, deadlines);
    // 48 pieces 25 ms apart: more than a second in all, at about 40 KiB/s.
    const reply = await drip(port, 48);
    expect([reply.status, reply.body]).toEqual([200, JSON.stringify({ revision: 1, pieces: 100 })]);
  });

  it('answers 408 to a save that stops arriving', async () => {
    const port = await listen(deadlines, deadlines);
    const reply = await drip(port, 48, 10);
    expect([reply.status, JSON.parse(reply.body ?? '{}').error?.code]).toEqual([408, 'body-timeout']);
  });

  it('answers 408 to a save that keeps arriving, but slower than minBodyBytesPerSecond', async () => {
    // About 35 KiB/s, below a floor of 1 MiB/s: past its first 400 ms it falls behind.
    const strict = { ...deadlines, minBodyBytesPerSecond: 1024 * 1024 };
    const port = await listen(strict, strict);
    const reply = await drip(port, 48);
    expect([reply.status, JSON.parse(reply.body ?? '{}').error?.code]).toEqual([408, 'body-timeout']);
  });
});
