import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';

/** A standard fetch handler: what `createAgentHandler` returns, and what edge runtimes serve. */
export type FetchHandler = (request: Request) => Promise<Response> | Response;

export interface NodeHandlerOptions {
  /** Largest request body accepted, in bytes; larger ones get 413 without reaching the handler. Default 1 MiB. */
  maxBodyBytes?: number;
}

/**
 * Serves a fetch handler from Node's `http` server, Express or Connect. Streams the response
 * body as it is produced (model steps stream token by token), stops reading a body over the
 * size limit, and aborts the request's signal when the client disconnects.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * createServer(toNodeHandler((request) => new Response('ok'))).listen(3000);
 * // Express: app.use('/api/agent', toNodeHandler(handler));
 * ```
 */
export function toNodeHandler(handler: FetchHandler, options: NodeHandlerOptions = {}) {
  const maxBodyBytes = options.maxBodyBytes ?? 1024 * 1024;
  return async (request: IncomingMessage, response: ServerResponse, next?: (error?: unknown) => void): Promise<void> => {
    const controller = new AbortController();
    response.on('close', () => {
      if (!response.writableFinished) controller.abort(new Error('The client disconnected.'));
    });
    try {
      const body = await readBody(request, maxBodyBytes);
      if (body === 'too-large') {
        response.writeHead(413, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'body-too-large', message: `Request body exceeds ${maxBodyBytes} bytes.` } }));
        return;
      }
      const fetchResponse = await handler(toRequest(request, body, controller.signal));
      await writeResponse(fetchResponse, response, controller.signal);
    } catch (error) {
      if (next) return next(error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      // Never echo internals to the client; the host's logs get the error.
      response.end(JSON.stringify({ error: { code: 'internal-error', message: 'Internal server error.' } }));
      console.error('[react-agent-kit] request failed:', error);
    }
  };
}

function toRequest(request: IncomingMessage, body: Buffer | null, signal: AbortSignal): Request {
  const protocol = (request.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  // Express strips its mount path from `url` and keeps the full one in `originalUrl`.
  const path = (request as IncomingMessage & { originalUrl?: string }).originalUrl ?? request.url ?? '/';
  const url = new URL(path, `${protocol}://${request.headers.host ?? 'localhost'}`);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else if (value !== undefined) headers.set(name, value);
  }
  return new Request(url, { method: request.method, headers, signal, ...(body && body.length > 0 ? { body: new Uint8Array(body) } : {}) });
}

async function readBody(request: IncomingMessage, maxBytes: number): Promise<Buffer | null | 'too-large'> {
  if (request.method === 'GET' || request.method === 'HEAD') return null;
  const declared = Number(request.headers['content-length'] ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) return 'too-large';
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBytes) return 'too-large';
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
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
