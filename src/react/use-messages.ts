import { useCallback } from 'react';
import type { AgentState, Message } from '../core/index';
import { shallowEqual, useAgentSelector } from './use-agent-selector';

const pickMessageIds = (state: AgentState) => state.messages.map((message) => message.id);

/**
 * The ids of the thread's messages, in order. Changes only when a message is added or
 * removed, not while one streams.
 *
 * @example
 * ```tsx
 * const ids = useMessageIds();
 * return ids.map((id) => <MyMessage key={id} id={id} />);
 * ```
 */
export function useMessageIds(): string[] {
  return useAgentSelector(pickMessageIds, shallowEqual);
}

/**
 * One message by id; re-renders only when that message changes.
 *
 * @example
 * ```tsx
 * const message = useMessage(id);
 * ```
 */
export function useMessage(id: string): Message | undefined {
  const select = useCallback((state: AgentState) => findMessage(state, id), [id]);
  return useAgentSelector(select);
}

function findMessage(state: AgentState, id: string): Message | undefined {
  // Recent messages are the ones that change; search from the end.
  for (let index = state.messages.length - 1; index >= 0; index--) {
    if (state.messages[index]!.id === id) return state.messages[index];
  }
  return undefined;
}
