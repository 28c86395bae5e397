import { createInitialState, reduce, type AgentEvent, type AgentState } from '../core/index';

/**
 * Builds an `AgentState` from events, with the agent's own reducer: the state an agent would
 * be in after emitting them, starting from `initial` (default: an empty conversation). Pass it
 * to `createAgent({ initialState })` to render or test an exact state. `agent.store` is read
 * only, so this (or a real run with a scripted model) is how a test puts an agent into a state:
 * through the same events the runtime emits, never by writing the store.
 *
 * @example
 * ```ts
 * import { createAgent } from 'react-agent-kit';
 * import { scriptedModel, stateFromEvents } from 'react-agent-kit/testing';
 *
 * const initialState = stateFromEvents([
 *   { type: 'message-add', message: { id: 'm1', role: 'assistant', status: 'done', createdAt: 0, parts: [] } },
 *   { type: 'tool-call-start', messageId: 'm1', toolCallId: 'c1', name: 'write_file' },
 *   { type: 'tool-call-update', toolCallId: 'c1', state: 'running', by: 'runtime', at: 0 },
 *   { type: 'tool-call-progress', toolCallId: 'c1', progress: { percent: 40 } },
 * ]);
 * const agent = createAgent({ model: scriptedModel([]), initialState });
 * agent.getState().toolCalls[0]?.progress; // { percent: 40 }
 * ```
 */
export function stateFromEvents(events: Iterable<AgentEvent>, initial: AgentState = createInitialState()): AgentState {
  let state = initial;
  for (const event of events) state = reduce(state, event);
  return state;
}
