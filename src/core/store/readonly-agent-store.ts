import type { AgentState } from './state';

/**
 * The agent's state as a store that can be read and watched but not written: `agent.store`.
 * State changes only through the agent's commands, which the runtime turns into events that
 * the one reducer applies; a store with `setState` would let a view change the state without
 * an event, out of step with the event log that reconnecting views replay.
 *
 * It has exactly what zustand's `useStore` reads (`getState`, `getInitialState`, `subscribe`),
 * so it works with zustand's hooks and with `useSyncExternalStore`.
 *
 * @example
 * ```ts
 * import { useStore } from 'zustand';
 *
 * const status = useStore(agent.store, (state) => state.status);
 * const stop = agent.store.subscribe((state, previous) => {
 *   if (state.status !== previous.status) console.log(state.status);
 * });
 * ```
 */
export interface ReadonlyAgentStore {
  /** The current state. The same object until the next change (the reducer never mutates it). */
  getState(): AgentState;
  /** The state the agent started from. */
  getInitialState(): AgentState;
  /** Called after every state change with the new and the previous state. Returns an unsubscribe function. */
  subscribe(listener: (state: AgentState, previous: AgentState) => void): () => void;
}
