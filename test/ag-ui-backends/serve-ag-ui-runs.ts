/**
 * The HTTP half both real backends share: a loopback server that reads each POSTed
 * `RunAgentInput`, hands it to the framework's AG-UI integration, and writes the events it emits
 * with `@ag-ui/encoder` (SSE). An error of the run is written as RUN_ERROR; a client that leaves
 * before the end stops the run (`stop`, the framework's own way) and is counted in `aborted`.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';

/** What a test reads of the runs served. */
export interface ServedRuns {
  url: string;
  inputs: RunAgentInput[];
  events: BaseEvent[][];
  aborted: number;
  close: () => Promise<void>;
}

/** A run as the integration gives it: its events, and how to stop it. */
export interface IntegrationRun {
  events: { subscribe(observer: { next: (event: BaseEvent) => void; error: (error: unknown) => void; complete: () => void }): { unsubscribe(): void } };
  stop: () => void;
}

/** Serves `run` on 127.0.0.1 and a free port, at `/agent`. */
export async function serveAgUiRuns(run: (input: RunAgentInput) => IntegrationRun): Promise<ServedRuns> {
  const encoder = new EventEncoder();
  const served: ServedRuns = { url: '', inputs: [], events: [], aborted: 0, close: async () => {} };
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const input = JSON.parse(Buffer.concat(chunks).toString('utf8')) as RunAgentInput;
      served.inputs.push(input);
      const sent: BaseEvent[] = [];
      served.events.push(sent);
      response.writeHead(200, { 'content-type': encoder.getContentType() });
      let ended = false;
      const write = (event: BaseEvent) => {
        sent.push(event);
        response.write(encoder.encodeSSE(event));
      };
      const end = () => {
        ended = true;
        response.end();
      };
      const { events, stop } = run(input);
      const subscription = events.subscribe({
        next: write,
        error: (error: unknown) => {
          write({ type: 'RUN_ERROR', message: error instanceof Error ? error.message : String(error) } as BaseEvent);
          end();
        },
        complete: end,
      });
      response.on('close', () => {
        if (ended) return;
        served.aborted += 1;
        subscription.unsubscribe();
        stop();
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  served.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/agent`;
  served.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return served;
}
