import { createStore } from 'zustand/vanilla';
import { createEventLog, type EventLog } from './event-log';
import type { AgentEvent, LoggedEvent } from './events';
import type { ReadonlyAgentStore } from './readonly-agent-store';
import { reduce } from './reducer';
import { createInitialState, type AgentState } from './state';

/**
 * The agent's store: a zustand vanilla store of `AgentState`, written only by `dispatch`,
 * which logs the event and applies the reducer. `store` is a read-only view of it (no
 * `setState`) that hooks subscribe to with selectors.
 *
 * @example
 * ```ts
 * const agentStore = createAgentStore();
 * agentStore.dispatch({ type: 'run-start', runId: 'r1' });
 * agentStore.store.getState().status; // 'running'
 * ```
 */
export interface AgentStore {
  readonly store: ReadonlyAgentStore;
  readonly log: EventLog;
  dispatch(event: AgentEvent): LoggedEvent;
}

export function createAgentStore(initial: AgentState = createInitialState(), now: () => number = Date.now): AgentStore {
  // The writable store never leaves this function: every change goes through `dispatch`, so the log holds all of them.
  const writable = createStore<AgentState>()(() => initial);
  const store: ReadonlyAgentStore = Object.freeze({ getState: writable.getState, getInitialState: writable.getInitialState, subscribe: writable.subscribe });
  const log = createEventLog();
  return {
    store,
    log,
    dispatch(event) {
      const logged = log.append(event, now());
      const next = reduce(writable.getState(), event);
      // replace=true: the reducer returns the whole state; zustand must not merge it.
      if (next !== writable.getState()) writable.setState(next, true);
      return logged;
    },
  };
}
