import type { Tool } from '@ag-ui/core';
import { createId } from '../core/index';
import { fetchWithDeadline, withIdleDeadline, type EngineStep, type EngineStepResult } from '../core/internal';
import { createEventMapper } from './event-mapping';
import { remoteApprovalToolName, resumeEntries } from './interrupts';
import { toRunAgentInput } from './run-input';
import { AgUiProtocolError, parseAgUiEvent, readEventData } from './sse-events';

/** Where and how the runs go: the endpoint, its headers, and the limits of one run's request. */
export interface RemoteRunOptions {
  url: string;
  headers: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  fetch: typeof globalThis.fetch;
  threadId: string;
  /** Tools of the agent not offered to the remote agent (still run here when it calls them: never, as it does not know them). */
  hiddenTools: ReadonlySet<string>;
  responseTimeoutMs: number;
  idleTimeoutMs: number;
  maxEventChars: number;
}

/**
 * The engine step of `agUiAgent`: one AG-UI run per step. Posts the `RunAgentInput` built from the
 * state (`Accept: text/event-stream`), reads the server-sent events within the deadlines (the
 * response to start, then between two chunks) and maps each into the kit's events as it comes.
 * Ends with an error the person can read when the server refuses, the agent reports
 * `RUN_ERROR`, an event is malformed, or the body ends before `RUN_FINISHED`. Stop aborts the
 * request, so the server sees the connection close.
 *
 * @example
 * ```ts
 * createAgent({ model, [engineStepKey]: remoteRunStep({ url, headers: {}, fetch, threadId, hiddenTools, responseTimeoutMs, idleTimeoutMs, maxEventChars }) });
 * ```
 */
export function remoteRunStep(options: RemoteRunOptions): EngineStep {
  return async (context) => {
    const { signal } = context;
    const tools: Tool[] = context.tools.filter((tool) => tool.name !== remoteApprovalToolName && !options.hiddenTools.has(tool.name)).map((tool) => ({ name: tool.name, description: tool.description ?? '', parameters: tool.inputSchema }));
    const state = context.getState();
    const input = toRunAgentInput({ threadId: options.threadId, runId: createId('run'), state, stepMessageId: context.messageId, tools, resume: resumeEntries(state, context.messageId) });
    const failed = (message: string, retryable: boolean, code: 'model-error' | 'model-stream-interrupted' = 'model-error'): EngineStepResult => ({ usage: null, error: { code, message, retryable } });
    let body: ReadableStream<Uint8Array>;
    try {
      const headers = typeof options.headers === 'function' ? await options.headers() : options.headers;
      const response = await fetchWithDeadline(
        options.fetch,
        options.url,
        { method: 'POST', headers: { ...headers, 'Content-Type': 'application/json', Accept: 'text/event-stream' }, body: JSON.stringify(input) },
        { timeoutMs: options.responseTimeoutMs, until: 'headers', signal },
      );
      if (!response.ok) {
        const detail = (await response.text().catch(() => '')).slice(0, 300);
        return failed(`The agent at ${options.url} answered ${response.status}${detail ? `: ${detail}` : '.'}`, response.status === 408 || response.status === 429 || response.status >= 500);
      }
      const type = response.headers.get('content-type') ?? '';
      if (!/text\/event-stream/i.test(type) || !response.body) {
        await response.body?.cancel().catch(() => {});
        return failed(`The agent at ${options.url} answered with ${type || 'no content type'}, not an event stream (text/event-stream). Is the URL the agent's AG-UI endpoint?`, false);
      }
      body = withIdleDeadline(response.body, options.idleTimeoutMs, options.url);
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      return failed(`The agent at ${options.url} could not be reached: ${error instanceof Error ? error.message : String(error)}`, true);
    }

    const mapper = createEventMapper({
      messageId: context.messageId,
      dispatch: context.dispatch,
      getState: context.getState,
      now: context.now,
      offeredTools: new Set(tools.map((tool) => tool.name)),
      takenToolCallIds: context.takenToolCallIds,
    });
    const events = readEventData(body, options.maxEventChars);
    try {
      for await (const data of events) {
        if (signal.aborted) throw signal.reason;
        const step = mapper.apply(parseAgUiEvent(data));
        if (step.kind === 'finished') return { usage: null };
        if (step.kind === 'failed') return failed(step.message || 'The agent reported an error without a message.', true);
      }
    } catch (error) {
      if (signal.aborted) throw signal.reason;
      if (error instanceof AgUiProtocolError) return failed(error.message, false);
      return failed(`The connection to the agent broke: ${error instanceof Error ? error.message : String(error)}`, true, 'model-stream-interrupted');
    } finally {
      // Also when the run ended early: the rest of the body is not read, and the request ends.
      await events.return();
    }
    if (signal.aborted) throw signal.reason;
    return failed('The connection to the agent closed before the run finished (no RUN_FINISHED or RUN_ERROR).', true, 'model-stream-interrupted');
  };
}
