import { useCallback, useSyncExternalStore } from 'react';
import type { AgentState, ToolCall } from '../core/index';
import { useAgentInstance } from './agent-context';
import { keyedIndexFor } from './keyed-index';

const pickToolCalls = (state: AgentState) => state.toolCalls;

/**
 * One tool call by id; re-renders only when that call changes (state, input, progress, output).
 * Every call's card watches its own id through one shared index, so a busy step costs nothing
 * to the other cards of the thread.
 *
 * @example
 * ```tsx
 * const call = useToolCall(part.toolCallId);
 * return <span>{call?.name}: {call?.state}</span>;
 * ```
 */
export function useToolCall(id: string): ToolCall | undefined {
  const index = keyedIndexFor(useAgentInstance().store, pickToolCalls);
  const subscribe = useCallback((onChange: () => void) => index.subscribe(id, onChange), [index, id]);
  const getSnapshot = useCallback(() => index.get(id), [index, id]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
