import type { AgentEvent, LoggedEvent } from './events';

/** How many events the log keeps by default; older ones are dropped (a view that fell further behind re-reads the state). */
export const defaultEventLogCapacity = 10_000;

/**
 * The ordered log of applied events. Every event gets a cursor, one more than the previous,
 * so a view that reconnects can ask for what it missed with `since(cursor)`.
 *
 * The log is bounded: streaming appends one event per token, and a long session must not grow
 * without limit. `since` tells the caller when the events it asks for are gone.
 *
 * @example
 * ```ts
 * const log = createEventLog();
 * log.append({ type: 'error-clear' }, Date.now());
 * log.since(0); // { events: [{ cursor: 1, ... }], complete: true }
 * ```
 */
export interface EventLog {
  append(event: AgentEvent, at: number): LoggedEvent;
  /** Events with a cursor greater than `cursor`. `complete` is false when some were already dropped. */
  since(cursor: number): { events: LoggedEvent[]; complete: boolean };
  /** The cursor of the newest event (0 when empty). */
  readonly cursor: number;
}

export function createEventLog(capacity = defaultEventLogCapacity): EventLog {
  if (!Number.isInteger(capacity) || capacity < 1) {
    throw new RangeError(`Event log capacity must be a positive integer, got ${String(capacity)}.`);
  }
  let entries: LoggedEvent[] = [];
  let cursor = 0;
  return {
    append(event, at) {
      cursor += 1;
      const logged: LoggedEvent = { cursor, at, event };
      entries.push(logged);
      // Drop in batches so appends stay amortized O(1).
      if (entries.length > capacity * 1.5) entries = entries.slice(entries.length - capacity);
      return logged;
    },
    since(after) {
      const first = entries[0];
      const oldest = first ? first.cursor : cursor + 1;
      const startIndex = Math.max(0, after + 1 - oldest);
      return { events: entries.slice(startIndex), complete: after + 1 >= oldest };
    },
    get cursor() {
      return cursor;
    },
  };
}
