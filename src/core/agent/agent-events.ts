/**
 * `agent.on(type, listener)`: the agent's events by kind, for an app that logs tool calls, sends
 * analytics or mirrors state without diffing the whole state. Listeners are called after the
 * reducer applied the event (`agent.getState()` already shows it), in the order the events were
 * logged, even when a listener's command dispatches more events (they wait in a queue). A
 * listener that throws, or returns a promise that rejects, is reported and skipped: the other
 * listeners and the run go on.
 */
import type { AgentEvent, AgentEventType, LoggedEvent } from '../store/events';
import { reportSafely, type ReportError } from './report-error';

/** The event of one type. */
export type AgentEventOf<Type extends AgentEventType> = Extract<AgentEvent, { type: Type }>;

/**
 * Called with each event of its type and the event as logged (`cursor`, `at`). Read only: the
 * event's objects are the state's.
 */
export type AgentEventListener<Type extends AgentEventType = AgentEventType> = (event: AgentEventOf<Type>, logged: LoggedEvent) => unknown;

// Every event type, so a misspelt one is refused (a listener that never fires is a silent bug);
// the Record type makes adding an event type without adding it here a compile error.
const eventTypes: Record<AgentEventType, 1> = {
  'run-start': 1,
  'remote-state-update': 1,
  'messages-replace': 1,
  'run-resume': 1,
  'run-finish': 1,
  'message-add': 1,
  'message-finish': 1,
  'message-first-token': 1,
  'message-feedback': 1,
  'message-remove': 1,
  'messages-truncate': 1,
  'step-start': 1,
  'step-finish': 1,
  'text-start': 1,
  'text-delta': 1,
  'text-end': 1,
  'reasoning-start': 1,
  'reasoning-delta': 1,
  'reasoning-end': 1,
  'reasoning-metadata': 1,
  'notice-add': 1,
  'source-add': 1,
  'tool-call-start': 1,
  'tool-call-input-delta': 1,
  'tool-call-update': 1,
  'tool-always-allow': 1,
  'tool-call-progress': 1,
  'tool-call-sub-agent': 1,
  'error-clear': 1,
  'compaction-add': 1,
  'usage-add': 1,
  'todos-update': 1,
  'branch-fork': 1,
  'branch-switch': 1,
  'queue-add': 1,
  'queue-update': 1,
  'queue-remove': 1,
  'state-restore': 1,
};

/** A listener as the agent keeps it, whatever its type. */
type StoredListener = (event: AgentEvent, logged: LoggedEvent) => unknown;

export interface AgentEvents {
  on<Type extends AgentEventType>(type: Type, listener: AgentEventListener<Type>): () => void;
  /** Called by the agent's dispatch with every logged event. */
  emit(logged: LoggedEvent): void;
}

/**
 * @example
 * ```ts
 * const events = createAgentEvents(consoleReportError);
 * const off = events.on('tool-call-update', (event) => console.log(event.toolCallId, event.state));
 * ```
 */
export function createAgentEvents(reportError: ReportError): AgentEvents {
  const listeners = new Map<AgentEventType, Set<StoredListener>>();
  const queue: LoggedEvent[] = [];
  let delivering = false;

  const deliver = (logged: LoggedEvent) => {
    const eventType = logged.event.type;
    const report = (error: unknown) => reportSafely(reportError, error, { kind: 'listener', eventType });
    // A copy: a listener may unsubscribe itself (or others) while being called.
    for (const listener of [...(listeners.get(eventType) ?? [])]) {
      try {
        const returned = listener(logged.event, logged);
        if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function') (returned as PromiseLike<unknown>).then(undefined, report);
      } catch (error) {
        report(error);
      }
    }
  };

  return {
    on(type, listener) {
      if (!Object.hasOwn(eventTypes, type)) throw new TypeError(`agent.on(${JSON.stringify(type)}): not an event type; use one of ${Object.keys(eventTypes).join(', ')}.`);
      if (typeof listener !== 'function') throw new TypeError(`agent.on(${JSON.stringify(type)}, listener): the listener must be a function.`);
      const set = listeners.get(type) ?? new Set();
      listeners.set(type, set);
      const stored = listener as unknown as StoredListener;
      set.add(stored);
      return () => {
        set.delete(stored);
        if (set.size === 0 && listeners.get(type) === set) listeners.delete(type);
      };
    },
    emit(logged) {
      // O(1) for events nobody listens to (a streamed token, usually).
      if (!listeners.has(logged.event.type)) return;
      queue.push(logged);
      if (delivering) return;
      delivering = true;
      try {
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) deliver(next);
      } finally {
        delivering = false;
      }
    },
  };
}
