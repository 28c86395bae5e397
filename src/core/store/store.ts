import { createStore, type StoreApi } from 'zustand/vanilla';
import { createEventLog, type EventLog } from './event-log';
import type { AgentEvent, LoggedEvent } from './events';
import { reduce } from './reducer';
import { createInitialState, type AgentState } from './state';

/**
 * The agent's store: a zustand vanilla store of `AgentState`, written only by `dispatch`,
 * which logs the event and applies the reducer. Hooks subscribe to `store` with selectors.
 *
 * @example
 * ```ts
 * const agentStore = createAgentStore();
 * agentStore.dispatch({ type: 'run-start', runId: 'r1' });
 * agentStore.store.getState().status; // 'running'
 * ```
 */
export interface AgentStore {
  readonly store: StoreApi<AgentState>;
  readonly log: EventLog;
  dispatch(event: AgentEvent): LoggedEvent;
  /** Replace the whole state (loading a snapshot). Logged as nothing: views simply re-read. */
  replace(state: AgentState): void;
}

export function createAgentStore(initial: AgentState = createInitialState(), now: () => number = Date.now): AgentStore {
  const store = createStore<AgentState>()(() => initial);
  const log = createEventLog();
  return {
    store,
    log,
    dispatch(event) {
      const logged = log.append(event, now());
      const next = reduce(store.getState(), event);
      // replace=true: the reducer returns the whole state; zustand must not merge it.
      if (next !== store.getState()) store.setState(next, true);
      return logged;
    },
    replace(state) {
      store.setState(state, true);
    },
  };
}
