import { useCallback } from 'react';
import type { AgentState, ToolCall } from '../core/index';
import { useAgentSelector } from './use-agent-selector';

/**
 * One tool call by id; re-renders only when that call changes (state, input, progress, output).
 *
 * @example
 * ```tsx
 * const call = useToolCall(part.toolCallId);
 * return <span>{call?.name}: {call?.state}</span>;
 * ```
 */
export function useToolCall(id: string): ToolCall | undefined {
  const select = useCallback((state: AgentState) => state.toolCalls.findLast((call) => call.id === id), [id]);
  return useAgentSelector(select);
}
