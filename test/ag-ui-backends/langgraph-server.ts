/**
 * A LangGraph JS graph served over AG-UI as LangGraph's own stack serves it: the graph runs in
 * `@langchain/langgraph-api`'s LangGraph API server (the one `langgraph dev` runs, in memory, on
 * loopback; its `experimental/embed` server lacks the `/assistants` routes the integration
 * needs), and `@ag-ui/langgraph`'s `LangGraphAgent` (the official
 * integration, talking to that API with the LangGraph SDK) turns each AG-UI run into a LangGraph
 * run. A second loopback server is the AG-UI endpoint: it reads the POSTed `RunAgentInput`, runs
 * `LangGraphAgent.run(input)` (structured interrupts on: `emitInterruptOutcome`) and writes each
 * event with `@ag-ui/encoder`'s `EventEncoder`; an error the observable raises is written as
 * `RUN_ERROR`; a request the client closes stops the run with the integration's `abortRun()`
 * (which cancels it on LangGraph's server). Nothing here maps events. Records each input and the
 * events of each run.
 */
import { createServer } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BaseEvent, RunAgentInput } from '@ag-ui/core';
import { LangGraphAgent } from '@ag-ui/langgraph';
import { serveAgUiRuns } from './serve-ag-ui-runs';

export interface LangGraphAgUiServer {
  url: string;
  /** LangGraph's own API server behind it (for the LangGraph SDK's client). */
  deploymentUrl: string;
  /** What each run posted, in order. */
  inputs: RunAgentInput[];
  /** The events each run sent, in order. */
  events: BaseEvent[][];
  /** Runs whose request the client closed before the run ended. */
  aborted: number;
  close(): Promise<void>;
}

/** A free loopback port (LangGraph's server takes a port number, not 0). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Serves the graph exported as `graph` from `graphFile` (as graph id `agent`) through LangGraph's API server and `@ag-ui/langgraph`. */
export async function startLangGraphServer(directory: string, graphFile: string): Promise<LangGraphAgUiServer> {
  const port = await freePort();
  // Its logger reads the level once, when loaded: only errors, so test output stays readable.
  process.env.LOG_LEVEL ??= 'error';
  const { startServer } = await import('@langchain/langgraph-api/server');
  // LangGraph's server imports the graph's TypeScript file natively, through tsx (its own dependency, which `langgraph dev` registers).
  const { register } = await import('tsx/esm/api');
  const unregister = register();
  // Its working directory is where the in-memory server saves its state on the way out: one of
  // its own, so servers of several test files never share (or delete) each other's.
  const workingDirectory = await mkdtemp(join(tmpdir(), 'langgraph-api-'));
  const api = await startServer({ port, nWorkers: 1, host: '127.0.0.1', cwd: workingDirectory, graphs: { agent: `${join(directory, graphFile)}:graph` } });
  const deploymentUrl = `http://127.0.0.1:${port}`;
  const runs = await serveAgUiRuns((input) => {
    const agent = new LangGraphAgent({ deploymentUrl, graphId: 'agent', emitInterruptOutcome: true });
    // The integration's own Stop: it cancels the run on LangGraph's server (unsubscribing alone leaves it running).
    return { events: agent.run(input), stop: () => agent.abortRun() };
  });
  const closeRuns = runs.close;
  const served: LangGraphAgUiServer = Object.assign(runs, {
    deploymentUrl,
    close: async () => {
      await closeRuns();
      await api.cleanup();
      await unregister();
      // Where the in-memory server saved its state on the way out: nothing to keep.
      await rm(workingDirectory, { recursive: true, force: true });
    },
  });
  return served;
}
