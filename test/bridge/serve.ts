/**
 * Serves a fetch handler on 127.0.0.1 (an ephemeral port) through the kit's Node adapter, so the
 * bridge tests cross a real socket: real fetch, real disconnects, a server that can be stopped.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toNodeHandler, type FetchHandler } from '../../src/server/index';

export interface Served {
  url: string;
  /** Requests seen, as `METHOD /path`. */
  requests: string[];
  /** Stops listening and drops open connections (the server is "down" afterwards). */
  stop(): Promise<void>;
}

export async function serve(handler: FetchHandler): Promise<Served> {
  const node = toNodeHandler(handler);
  return serveRaw((request, response) => void node(request, response));
}

/** A raw server for answers no kit handler would give (garbage, a cut connection, a 503). */
export async function serveRaw(listener: (request: IncomingMessage, response: ServerResponse, index: number) => void): Promise<Served> {
  const requests: string[] = [];
  const server = createServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    listener(request, response, requests.length - 1);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
