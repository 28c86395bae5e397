/**
 * A Mastra agent served over AG-UI the way AG-UI's docs serve an agent: a Node http server on
 * loopback reads the POSTed `RunAgentInput`, runs it through `@ag-ui/mastra`'s `MastraAgent`
 * (Mastra's own agent loop, tools, suspension and memory; the integration's own event mapping)
 * and writes each event with `@ag-ui/encoder`'s `EventEncoder`. An error the observable raises is
 * written as `RUN_ERROR`, as the AG-UI docs' servers do. Nothing here maps events: it only moves
 * them. A request the client closes aborts Mastra's run (see `stoppedBy`). Records each input,
 * and counts requests the client closed before the run ended.
 */
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { MastraAgent } from '@ag-ui/mastra';
import type { Agent } from '@mastra/core/agent';
import { serveAgUiRuns } from './serve-ag-ui-runs';

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
  return serveAgUiRuns((input) => {
    const stop = new AbortController();
    const events = new MastraAgent({ agent: stoppedBy(agent(), stop.signal), resourceId: 'r1', agentId: 'a' }).run(input);
    return { events, stop: () => stop.abort() };
  });
}
