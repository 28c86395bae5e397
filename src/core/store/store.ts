import { createStore } from 'zustand/vanilla';
import { createEventLog, type EventLog } from './event-log';
import type { AgentEvent, LoggedEvent } from './events';
import { applyStreamEvents } from './apply-stream-events';
import { createDeltaBuffer, isStreamEvent } from './delta-buffer';
import { frameScheduler, type NotificationScheduler } from './notification-scheduler';
import type { ReadonlyAgentStore } from './readonly-agent-store';
import { reduce } from './reducer';
import { createInitialState, type AgentState } from './state';

/**
 * The agent's store, written only by `dispatch`, which logs the event and applies the reducer.
 * `store` is a read-only view of it (no `setState`) that hooks subscribe to with selectors.
 *
 * Streamed tokens cost O(1) each, whatever the length of the thread or of the reply: stream
 * events (parts' starts, deltas and ends) are buffered (deltas merged while they continue one
 * part) and applied together, copying the streaming message once, with one notification to
 * subscribers, at most once per animation frame. Any other event first applies what is buffered, so order is kept,
 * and notifies at once. Reading the state applies the buffer too, so `getState()` is always
 * exact; only the notification waits for the frame.
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

export function createAgentStore(initial: AgentState = createInitialState(), now: () => number = Date.now, schedule: NotificationScheduler = frameScheduler): AgentStore {
  // Holds the state subscribers were last told about; it never leaves this function, so every
  // change goes through `dispatch` and the log holds all of them.
  const notified = createStore<AgentState>()(() => initial);
  const deltas = createDeltaBuffer();
  let current = initial;
  let cancelScheduled: (() => void) | null = null;

  const applyDeltas = () => {
    if (deltas.size === 0) return;
    current = applyStreamEvents(current, deltas.take());
  };
  const notify = () => {
    cancelScheduled?.();
    cancelScheduled = null;
    applyDeltas();
    // replace=true: the reducer returns the whole state; zustand must not merge it.
    if (current !== notified.getState()) notified.setState(current, true);
  };
  const getState = () => {
    applyDeltas();
    return current;
  };
  const store: ReadonlyAgentStore = Object.freeze({ getState, getInitialState: notified.getInitialState, subscribe: notified.subscribe });
  const log = createEventLog();
  return {
    store,
    log,
    dispatch(event) {
      const logged = log.append(event, now());
      if (isStreamEvent(event)) {
        deltas.add(event);
        cancelScheduled ??= schedule(notify);
        return logged;
      }
      applyDeltas();
      current = reduce(current, event);
      notify();
      return logged;
    },
  };
}
