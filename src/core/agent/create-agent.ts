import { createId } from '../ids';
import { defaultRetryPolicy } from '../model/retry-policy';
import { assertLanguageModel } from '../model/validate-model';
import { createAgentStore } from '../store';
import type { AgentState } from '../state';
import { createToolRegistry } from '../tools/define-tool';
import { AgentCommandError, type Agent, type AgentOptions, type RunResult } from './agent-options';
import { runLoop } from './run-loop';

const defaultMaxSteps = 20;

/**
 * Creates an agent: the loop, its tools and its store. Throws at once for a model or tool
 * list it cannot use, naming what is wrong.
 *
 * @example
 * ```ts
 * import { createAgent, demoModel } from 'react-agent-kit';
 *
 * const agent = createAgent({ model: demoModel(), instructions: 'You are concise.' });
 * await agent.send('Hello!');
 * agent.getState().messages.at(-1); // the streamed reply
 * ```
 */
export function createAgent(options: AgentOptions): Agent {
  if (typeof options !== 'object' || options === null) throw new TypeError('createAgent: pass an options object, e.g. `createAgent({ model })`.');
  const { model } = options;
  assertLanguageModel(model);
  const tools = createToolRegistry(options.tools);
  const maxSteps = options.limits?.maxSteps ?? defaultMaxSteps;
  if (!Number.isInteger(maxSteps) || maxSteps < 1) throw new RangeError(`createAgent: limits.maxSteps must be a positive integer, got ${String(maxSteps)}.`);
  const retryPolicy = { ...defaultRetryPolicy, ...options.retry };
  const now = Date.now;
  const agentStore = createAgentStore(options.initialState);
  const getState = () => agentStore.store.getState();
  const dispatch = agentStore.dispatch;

  let active: { controller: AbortController; done: Promise<RunResult> } | null = null;

  function startRun(runId: string): Promise<RunResult> {
    const controller = new AbortController();
    const done = runLoop({
      runId,
      model,
      instructions: options.instructions,
      tools,
      onToolCall: options.onToolCall,
      maxSteps,
      maxOutputTokens: options.limits?.maxOutputTokens,
      temperature: options.temperature,
      retryPolicy,
      getState,
      dispatch,
      signal: controller.signal,
      now,
    })
      .catch((error: unknown) => ({
        // A bug in the loop must still end the run visibly, never leave it "running".
        status: 'error' as const,
        error: { code: 'internal-error' as const, message: `Internal error in the agent loop: ${String(error)}`, retryable: true, at: now() },
      }))
      .then((outcome): RunResult => {
        active = null;
        const error = outcome.status === 'error' ? outcome.error : null;
        dispatch({ type: 'run-finish', runId, status: outcome.status, ...(error ? { error } : {}) });
        return { status: outcome.status, error };
      });
    active = { controller, done };
    return done;
  }

  function assertIdle(): void {
    const status = getState().status;
    if (status === 'running' || active) {
      throw new AgentCommandError('agent-busy', 'The agent is already running. Wait for the run to finish or call stop() first; messages are not queued.');
    }
    if (status === 'awaiting-people') {
      throw new AgentCommandError('agent-busy', 'The agent is waiting for an approval or an answer. Settle it first.');
    }
  }

  const agent: Agent = {
    model,
    store: agentStore.store,
    async send(text) {
      if (typeof text !== 'string') throw new AgentCommandError('invalid-message', `send(text): text must be a string, got ${typeof text}.`);
      if (text.trim() === '') throw new AgentCommandError('empty-message', 'send(text): the message is empty; nothing was sent.');
      assertIdle();
      const runId = createId('run');
      dispatch({ type: 'run-start', runId });
      dispatch({
        type: 'message-add',
        message: { id: createId('msg'), role: 'user', parts: [{ type: 'text', id: createId('part'), text, status: 'done' }], status: 'done', createdAt: now(), runId },
      });
      return startRun(runId);
    },
    async stop() {
      const run = active;
      if (!run) return;
      run.controller.abort(new DOMException('Stopped by the user.', 'AbortError'));
      await run.done;
    },
    async retry() {
      const state = getState();
      if (state.status !== 'error') throw new AgentCommandError('nothing-to-retry', 'retry(): the last run did not fail; there is nothing to retry.');
      assertIdle();
      const failed = lastFailedAnswer(state);
      // A failed reply with no tool calls is only a partial answer: the new attempt replaces it.
      if (failed) dispatch({ type: 'message-remove', messageId: failed });
      const runId = createId('run');
      dispatch({ type: 'run-start', runId });
      return startRun(runId);
    },
    getState,
    subscribe: (listener) => agentStore.store.subscribe(listener),
    eventsSince: (cursor) => agentStore.log.since(cursor),
  };
  return agent;
}

function lastFailedAnswer(state: AgentState): string | undefined {
  const last = state.messages.at(-1);
  if (!last || last.role !== 'assistant' || last.status !== 'error') return undefined;
  return last.parts.some((part) => part.type === 'tool-call') ? undefined : last.id;
}
