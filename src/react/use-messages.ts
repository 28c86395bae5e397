import { useCallback, useSyncExternalStore } from 'react';
import type { AgentState, Message } from '../core/index';
import { useAgentInstance } from './agent-context';
import { keyedIndexFor } from './keyed-index';

const pickMessages = (state: AgentState) => state.messages;

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
export function useMessageIds(): readonly string[] {
  const index = keyedIndexFor(useAgentInstance().store, pickMessages);
  const subscribe = useCallback((onChange: () => void) => index.subscribeIds(onChange), [index]);
  return useSyncExternalStore(subscribe, index.ids, index.ids);
}

/**
 * One message by id; re-renders only when that message changes. However long the thread, a
 * streamed token costs the one streaming message's listener, never a call per message.
 *
 * @example
 * ```tsx
 * const message = useMessage(id);
 * ```
 */
export function useMessage(id: string): Message | undefined {
  const index = keyedIndexFor(useAgentInstance().store, pickMessages);
  const subscribe = useCallback((onChange: () => void) => index.subscribe(id, onChange), [index, id]);
  const getSnapshot = useCallback(() => index.get(id), [index, id]);
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
