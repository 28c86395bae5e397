/**
 * `toNodeHandler`: a fetch handler behind Node's `http` server, Express or Connect, spending
 * nothing on strangers. The handler gets the request as soon as its headers are in, with a body
 * that is read only when the handler asks (so `authorize` answers before any of it is read). A
 * body past the size limit gets a complete 413 (the rest is drained, never reset before the
 * answer); a body that stops arriving, or trickles in slower than a minimum rate, gets a 408 and
 * the connection closes (a body that keeps moving is never cut, see `bodyDeadline`); a `Host`
 * that cannot make a URL gets a 400. No connection outlives its deadline with a body unfinished.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { bodyDeadline, bodyPace, type BodyDeadline, type BodyPace } from './body-deadline';
import { nodeRequestBody, type NodeRequestBody } from './node-request-body';
import { requestUrl } from './node-request-url';

/** A standard fetch handler: what `createAgentHandler` returns, and what edge runtimes serve. */
export type FetchHandler = (request: Request) => Promise<Response> | Response;

export interface NodeHandlerOptions {
  /**
   * Largest request body accepted, in bytes. A larger `Content-Length` gets 413 without reaching
   * the handler; a body without one that grows past it gets 413 as soon as it does. Default: what
   * the handler declares (`createAgentHandler`'s `maxBodyBytes` property: its session routes take
   * up to 32 MiB, each route still checks its own limit), else 1 MiB.
   */
  maxBodyBytes?: number;
  /**
   * The longest a request's body may go without a byte arriving, in milliseconds (counted from the
   * request's arrival until the first byte). A body that stops for longer, still unanswered, gets
   * 408; either way the connection closes. A body that keeps moving is not cut, however long it
   * takes, unless it is slower than `minBodyBytesPerSecond`. After an answer, what is left of the
   * body has this long to arrive before the connection closes. Default 30 s.
   */
  bodyTimeoutMs?: number;
  /**
   * The slowest average a body may arrive at, in bytes a second: after its first `bodyTimeoutMs`,
   * a body gets one more second for every this many bytes received, and a 408 when it falls
   * behind (a client that sends a byte now and then cannot hold a connection for long).
   * Default 8 KiB (64 kbit/s, a poor mobile uplink).
   */
  minBodyBytesPerSecond?: number;
}

const defaultMaxBodyBytes = 1024 * 1024;

/** The limit a handler declares for its largest route (`createAgentHandler`'s do), if any. */
function handlerLimit(handler: FetchHandler): number | undefined {
  const declared = (handler as { maxBodyBytes?: unknown }).maxBodyBytes;
  return typeof declared === 'number' && declared > 0 ? declared : undefined;
}

/**
 * Serves a fetch handler from Node's `http` server, Express or Connect. Streams the response
 * body as it is produced (model steps stream token by token), enforces the body's size limit and
 * deadline, and aborts the request's signal when the client disconnects.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeHandler((request) => new Response('ok'), { bodyTimeoutMs: 10_000 })).listen(3000);
 * // Express: app.use('/api/agent', toNodeHandler(handler));
 * ```
 */
export function toNodeHandler(handler: FetchHandler, options: NodeHandlerOptions = {}) {
  const maxBodyBytes = positive('maxBodyBytes', options.maxBodyBytes, handlerLimit(handler) ?? defaultMaxBodyBytes);
  const pace = bodyPace('toNodeHandler', options.bodyTimeoutMs, options.minBodyBytesPerSecond);
  return async (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void): Promise<void> => {
    const controller = new AbortController();
    let body: NodeRequestBody | undefined;
    const deadline = watchDeadline(request, pace, () => {
      body?.expire();
      controller.abort(new Error('The request body stopped arriving.'));
      if (!response.headersSent) refuse(response, 408, 'body-timeout', `The request body stopped arriving (nothing for ${pace.idleMs} ms, or slower than ${pace.minBytesPerSecond} bytes a second).`, { close: true });
      // An answer is out and the client is still sending: nothing more to say on this connection.
      else request.socket.destroy();
    });
    response.once('finish', () => {
      // What is left of the body is read and dropped, so the client can read the answer instead of
      // meeting a reset; the deadline above, no longer told of progress, ends a client that keeps sending.
      body?.release();
      if (!request.readableEnded) request.resume();
    });
    response.on('close', () => {
      if (!response.writableFinished) controller.abort(new Error('The client disconnected.'));
    });

    const url = requestUrl(request);
    if (!url) return refuse(response, 400, 'invalid-host', 'The request needs a valid Host header, such as "example.com" or "127.0.0.1:3000".');
    // A middleware in front (Express's `express.json()`) may have read the body already.
    const parsed = alreadyReadBody(request);
    if ((parsed?.bytes.byteLength ?? declaredLength(request)) > maxBodyBytes) return refuse(response, 413, 'body-too-large', `The request body exceeds ${maxBodyBytes} bytes.`);
    if (!parsed && hasBody(request)) body = nodeRequestBody(request, maxBodyBytes, (bytes) => deadline.progress(bytes));
    let fetchRequest: Request;
    try {
      fetchRequest = toRequest(request, url, parsed ?? body, controller.signal);
    } catch {
      return refuse(response, 400, 'invalid-request', `A ${request.method} request cannot be served here.`);
    }
    try {
      const fetchResponse = await handler(fetchRequest);
      // The deadline answered first, or the body outgrew the limit while the handler read it.
      if (response.headersSent || body?.status() === 'too-large') {
        await fetchResponse.body?.cancel().catch(() => {});
        if (!response.headersSent) refuse(response, 413, 'body-too-large', `The request body exceeds ${maxBodyBytes} bytes.`);
        return;
      }
      await writeResponse(fetchResponse, response, controller.signal);
    } catch (error) {
      if (response.headersSent) return void response.end();
      if (body?.status() === 'too-large') return refuse(response, 413, 'body-too-large', `The request body exceeds ${maxBodyBytes} bytes.`);
      // The client is gone or the deadline answered: there is no one to tell.
      if (controller.signal.aborted) return;
      if (next) return next(error);
      // Never echo internals to the client; the host's logs get the error.
      refuse(response, 500, 'internal-error', 'Internal server error.');
      console.error('[react-agent-kit] request failed:', error);
    }
  };
}

function toRequest(request: IncomingMessage, url: URL, body: NodeRequestBody | ReadBody | undefined, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  if (body && 'bytes' in body) {
    // Sent on as the middleware left it: the framing headers described the bytes it read.
    headers.delete('content-length');
    headers.delete('transfer-encoding');
    if (body.contentType) headers.set('content-type', body.contentType);
    return new Request(url, { method: request.method, headers, signal, body: body.bytes });
  }
  // `duplex: 'half'` is what a streamed request body needs; the DOM types do not know it yet (a spread is not checked for extra properties).
  return new Request(url, { method: request.method, headers, signal, ...(body ? { body: body.stream, duplex: 'half' } : {}) });
}

/** A body a middleware read before the handler: its bytes, and the type they now have. */
interface ReadBody {
  bytes: Uint8Array<ArrayBuffer>;
  contentType?: string;
}

/**
 * The body when a middleware in front already read it (Express's `express.json()` or
 * `express.text()`, body-parser): the stream is spent and the value is on `request.body`. An
 * object goes on as JSON, text and bytes as they are. `undefined` while the stream is unread (a
 * parser that skipped this content type), so the handler reads it itself.
 */
function alreadyReadBody(request: IncomingMessage): ReadBody | undefined {
  const value = (request as IncomingMessage & { body?: unknown }).body;
  if (value === undefined || !request.readableEnded || !hasBody(request)) return undefined;
  if (typeof value === 'string') return { bytes: new TextEncoder().encode(value) };
  if (value instanceof Uint8Array) return { bytes: new Uint8Array(value) };
  return { bytes: new TextEncoder().encode(JSON.stringify(value)), contentType: 'application/json' };
}

/** HTTP/1.1 framing: a request has a body when it declares a length above 0 or a transfer encoding. */
function hasBody(request: IncomingMessage): boolean {
  if (request.method === 'GET' || request.method === 'HEAD') return false;
  return request.headers['transfer-encoding'] !== undefined || declaredLength(request) > 0;
}

function declaredLength(request: IncomingMessage): number {
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  return Number.isFinite(declared) ? declared : 0;
}

/**
 * Calls `expire` if the request's body falls behind `pace` while it is still arriving; the body
 * reports its progress as the handler reads it.
 */
function watchDeadline(request: IncomingMessage, pace: BodyPace, expire: () => void): BodyDeadline {
  const socket = request.socket;
  const deadline = bodyDeadline(pace, () => {
    clear();
    if (!request.complete && !socket.destroyed) expire();
  });
  const clear = () => {
    deadline.stop();
    request.off('end', clear);
    socket.off('close', clear);
  };
  request.once('end', clear);
  socket.once('close', clear);
  return deadline;
}

/** A JSON refusal with its length, so the client knows where it ends even if the connection then closes. */
function refuse(response: ServerResponse, status: number, code: string, message: string, options: { close?: boolean } = {}): void {
  if (response.headersSent) return void response.end();
  const body = JSON.stringify({ error: { code, message } });
  response
    .writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      ...(options.close ? { connection: 'close' } : {}),
    })
    .end(body);
}

async function writeResponse(fetchResponse: Response, response: ServerResponse, signal: AbortSignal): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  fetchResponse.headers.forEach((value, name) => {
    headers[name] = name === 'set-cookie' ? fetchResponse.headers.getSetCookie() : value;
  });
  response.writeHead(fetchResponse.status, fetchResponse.statusText, headers);
  if (!fetchResponse.body) {
    response.end();
    return;
  }
  const body = Readable.fromWeb(fetchResponse.body as import('node:stream/web').ReadableStream, { signal });
  await new Promise<void>((resolve) => {
    body.on('error', () => resolve());
    body.on('end', () => resolve());
    body.pipe(response);
  }).finally(() => response.end());
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !(value > 0)) throw new TypeError(`toNodeHandler: \`${name}\` must be a positive number, got ${typeof value === 'number' ? value : JSON.stringify(value)}.`);
  return value;
}
