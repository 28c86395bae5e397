import { useCallback } from 'react';
import type { AgentState, ToolCall, ToolCallState } from '../core/index';
import { shallowEqual, useAgentSelector } from './use-agent-selector';

/** Which tool calls `useToolCalls` and `useToolCallIds` return. Every field narrows the list. */
export interface ToolCallFilter {
  /** One state or several (for example `['running', 'input-streaming']`). */
  state?: ToolCallState | readonly ToolCallState[];
  /** Only calls of this tool. */
  name?: string;
  /** Only calls made during this run (matched through the message that made them). */
  runId?: string;
}

/**
 * The conversation's tool calls, in call order, optionally filtered by state, tool name or run.
 * Re-renders only when a call in the result changes, enters or leaves it: the reducer keeps
 * the identity of calls that did not change, and the result is compared one level deep.
 *
 * @example
 * ```tsx
 * function Activity() {
 *   const running = useToolCalls({ state: ['input-streaming', 'running'] });
 *   return running.length > 0 ? <p>Working: {running.map((call) => call.name).join(', ')}</p> : null;
 * }
 * ```
 */
export function useToolCalls(filter: ToolCallFilter = {}): ToolCall[] {
  const select = useFilterSelector(filter, allCalls);
  return useAgentSelector(select, shallowEqual);
}

/**
 * The ids of the tool calls that match `filter`, in call order. Changes only when a call
 * enters or leaves the result, not while one streams or reports progress, so a list can
 * render rows that each subscribe to their own call (`useToolCall(id)`).
 *
 * @example
 * ```tsx
 * const ids = useToolCallIds({ name: 'read_file' });
 * return ids.map((id) => <MyRow key={id} id={id} />);
 * ```
 */
export function useToolCallIds(filter: ToolCallFilter = {}): string[] {
  const select = useFilterSelector(filter, toUniqueIds);
  return useAgentSelector(select, shallowEqual);
}

function useFilterSelector<Result>(filter: ToolCallFilter, finish: (calls: ToolCall[]) => Result): (state: AgentState) => Result {
  const { name, runId } = filter;
  // A key, so that an inline array (`state: ['running']`) does not make a new selector each render.
  const statesKey = filter.state === undefined ? '' : typeof filter.state === 'string' ? filter.state : filter.state.join(' ');
  return useCallback(
    (state: AgentState) => {
      const states = statesKey === '' ? null : new Set(statesKey.split(' '));
      const messageIds = runId === undefined ? null : messagesOfRun(state, runId);
      return finish(
        state.toolCalls.filter(
          (call) =>
            (states === null || states.has(call.state)) &&
            (name === undefined || call.name === name) &&
            (messageIds === null || messageIds.has(call.messageId)),
        ),
      );
    },
    // `finish` is a module-level function in both uses, so it never changes the selector by itself.
    [statesKey, name, runId, finish],
  );
}

function allCalls(calls: ToolCall[]): ToolCall[] {
  return calls;
}

function messagesOfRun(state: AgentState, runId: string): Set<string> {
  const ids = new Set<string>();
  for (const message of state.messages) if (message.runId === runId) ids.add(message.id);
  return ids;
}

/** Ids in call order; a repeated id (the state looks calls up by their last occurrence) appears once, where it last occurs. */
function toUniqueIds(calls: ToolCall[]): string[] {
  const lastIndex = new Map<string, number>();
  calls.forEach((call, index) => lastIndex.set(call.id, index));
  return calls.flatMap((call, index) => (lastIndex.get(call.id) === index ? [call.id] : []));
}
