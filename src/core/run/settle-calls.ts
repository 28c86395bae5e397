import type { AgentEvent } from '../store/events';
import type { AgentState } from '../store/state';
import { isFinalToolCallState } from '../store/tool-call-states';

/**
 * Gives every unfinished call that `matches` its one final state, with the reason people and the
 * model read. Its own module because stopping a paused run needs it without loading the loop.
 *
 * @example
 * ```ts
 * settleCalls({ getState, dispatch, now }, () => true, 'cancelled', 'The user stopped the run.');
 * ```
 */
export function settleCalls(
  context: { getState: () => AgentState; dispatch: (event: AgentEvent) => void; now: () => number },
  matches: (call: AgentState['toolCalls'][number]) => boolean,
  state: 'cancelled' | 'output-error',
  error: string,
): void {
  for (const call of context.getState().toolCalls) {
    if (isFinalToolCallState(call.state) || !matches(call)) continue;
    context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state, by: state === 'cancelled' ? 'user' : 'runtime', at: context.now(), error });
  }
}
