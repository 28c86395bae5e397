/**
 * For the tests of `agUiHandler`: the handler behind Node's http server on a loopback port (with
 * the kit's node adapter), driven by `@ag-ui/client`'s real `HttpAgent`, and every run's events
 * checked by AG-UI's own verifier (`verifyEvents`, which throws on a protocol violation).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpAgent, verifyEvents, type RunAgentParameters } from '@ag-ui/client';
import { EventType, type BaseEvent, type RunFinishedEvent } from '@ag-ui/core';
import { from, lastValueFrom, toArray } from 'rxjs';
import { agUiHandler, toNodeHandler, type AgUiHandler, type AgUiHandlerOptions } from '../../src/server/index';

export interface ServedHandler {
  url: string;
  handler: AgUiHandler;
  close(): Promise<void>;
}

/** Serves a new handler with `options` on 127.0.0.1 and a free port. */
export async function serveAgUi(options: AgUiHandlerOptions): Promise<ServedHandler> {
  const handler = agUiHandler(options);
  const node = toNodeHandler(handler);
  const server: Server = createServer((request, response) => void node(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    handler,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await handler.close();
    },
  };
}

/** A client for `url` with a user message on thread `threadId`. */
export function clientWith(url: string, text: string, threadId = 'thread-1'): HttpAgent {
  const agent = new HttpAgent({ url, threadId });
  agent.addMessage({ id: `user-${text.length}-${Math.random().toString(36).slice(2, 8)}`, role: 'user', content: text });
  return agent;
}

/**
 * One run through `HttpAgent.runAgent`, its events recorded as the client received them and
 * piped through `verifyEvents`; rejects with the verifier's error on a protocol violation.
 */
export async function runVerified(agent: HttpAgent, parameters?: RunAgentParameters): Promise<BaseEvent[]> {
  const events: BaseEvent[] = [];
  let failure: unknown;
  try {
    await agent.runAgent(parameters, { onEvent: ({ event }) => void events.push(event) });
  } catch (error) {
    failure = error;
  }
  await lastValueFrom(from(events).pipe(verifyEvents(), toArray()));
  // A RUN_ERROR makes runAgent reject; the events say what it was.
  if (failure !== undefined && !events.some((event) => event.type === EventType.RUN_ERROR)) throw failure instanceof Error ? failure : new Error(JSON.stringify(failure));
  return events;
}

/** The run's RUN_FINISHED event. */
export function finishedOf(events: readonly BaseEvent[]): RunFinishedEvent {
  const finished = events.find((event) => event.type === EventType.RUN_FINISHED);
  if (!finished) throw new Error(`The run did not finish: ${events.map((event) => event.type).join(', ')}`);
  return finished as RunFinishedEvent;
}

/** The types of `events`, in order. */
export const typesOf = (events: readonly BaseEvent[]) => events.map((event) => event.type);
