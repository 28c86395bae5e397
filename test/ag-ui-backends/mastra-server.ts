/**
 * A Mastra agent served over AG-UI the way AG-UI's docs serve an agent: a Node http server on
 * loopback reads the POSTed `RunAgentInput`, runs it through `@ag-ui/mastra`'s `MastraAgent`
 * (Mastra's own agent loop, tools, suspension and memory; the integration's own event mapping)
 * and writes each event with `@ag-ui/encoder`'s `EventEncoder`. An error the observable raises is
 * written as `RUN_ERROR`, as the AG-UI docs' servers do. Nothing here maps events: it only moves
 * them. A request the client closes aborts Mastra's run (see `stoppedBy`). Records each input,
 * and counts requests the client closed before the run ended.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { EventEncoder } from '@ag-ui/encoder';
import { MastraAgent } from '@ag-ui/mastra';
import type { Agent } from '@mastra/core/agent';

export interface MastraAgUiServer {
  url: string;
  /** What each run posted, in order. */
  inputs: RunAgentInput[];
  /** The events each run sent, in order. */
  events: BaseEvent[][];
  /** Runs whose request the client closed before the run ended. */
  aborted: number;
  close(): Promise<void>;
}

/**
 * The agent with `signal` in the options of each run it starts or resumes. `@ag-ui/mastra` passes
 * Mastra no abort signal and its observable's teardown does nothing, so without this a closed
 * request (Stop) would leave Mastra's run and its model stream going on the server.
 */
function stoppedBy(agent: Agent, signal: AbortSignal): Agent {
  return new Proxy(agent, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      if (key !== 'stream' && key !== 'resumeStream') return value.bind(target);
      return (first: unknown, options?: Record<string, unknown>) => value.call(target, first, { ...options, abortSignal: signal });
    },
  });
}

/** Serves `agent()` (called per request, so a test can swap the Mastra agent) over AG-UI. */
export async function startMastraServer(agent: () => Agent): Promise<MastraAgUiServer> {
  const encoder = new EventEncoder();
  const served: MastraAgUiServer = { url: '', inputs: [], events: [], aborted: 0, close: async () => {} };
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
      const stop = new AbortController();
      const subscription = new MastraAgent({ agent: stoppedBy(agent(), stop.signal), resourceId: 'r1', agentId: 'a' })
        .run(input)
        .subscribe({
          next: write,
          error: (error: unknown) => {
            write({ type: 'RUN_ERROR', message: error instanceof Error ? error.message : String(error) } as BaseEvent);
            ended = true;
            response.end();
          },
          complete: () => {
            ended = true;
            response.end();
          },
        });
      response.on('close', () => {
        if (ended) return;
        served.aborted += 1;
        subscription.unsubscribe();
        stop.abort();
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
