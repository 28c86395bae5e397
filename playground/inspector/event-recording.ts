import type { AgentState, LoggedEvent } from 'react-agent-kit';
import { replayEvents } from './replay-events';

/** A state known exactly: the agent's state right after the event with this cursor. */
interface Checkpoint {
  cursor: number;
  state: AgentState;
}

export interface EventRecordingOptions {
  /** How many events to keep; older ones are dropped, a block at a time. Default 5,000. */
  capacity?: number;
  /** Keep a state about every this many events, so a past state is at most this many reducer steps away. Default 200. */
  checkpointEvery?: number;
}

/**
 * The events of an agent as an inspector keeps them, and the state after any of them.
 *
 * Memory stays bounded: at most `capacity` events (plus one block), and a state every
 * `checkpointEvery` events. States cost little: the reducer never mutates, so a kept state shares
 * everything that did not change after it with the states around it. The state after an event
 * that is not kept is replayed on demand from the nearest kept state before it, with the kit's reducer.
 *
 * It is a mutable log (appends are O(1) per event); `version` changes with every change, for a view
 * to know when to read it again.
 */
export interface EventRecording {
  /** The kept events, oldest first; their cursors are consecutive. */
  readonly events: readonly LoggedEvent[];
  /** The cursor before the first kept event: `stateAt(baseCursor)` is the state the kept events start from. */
  readonly baseCursor: number;
  /** The newest event's cursor (`baseCursor` when none). */
  readonly lastCursor: number;
  /** Events dropped to stay within `capacity`. */
  readonly dropped: number;
  /** The state after the newest event. */
  readonly latest: AgentState;
  /** Increases with every change. */
  readonly version: number;
  /**
   * Appends events that follow the newest one. `stateAfter` is the state after the last of them
   * (the agent's store has it; it is kept as a checkpoint when due); without it, it is replayed.
   * Throws when the events do not continue the recording (a gap: start a new recording).
   */
  add(events: readonly LoggedEvent[], stateAfter?: AgentState): void;
  /** The state right after the event with this cursor (`baseCursor`: before the first kept event). Throws outside the recording. */
  stateAt(cursor: number): AgentState;
  /** The kept event with this cursor, if any. */
  eventAt(cursor: number): LoggedEvent | undefined;
}

/**
 * Starts a recording from a known state: `base` is the agent's state after the event with cursor
 * `baseCursor` (0 and the initial state for an agent's whole history).
 *
 * @example
 * const recording = createEventRecording(agent.store.getInitialState(), 0);
 * recording.add(agent.eventsSince(0).events);
 * recording.stateAt(3).messages.length; // the message count after the third event
 */
export function createEventRecording(base: AgentState, baseCursor: number, options: EventRecordingOptions = {}): EventRecording {
  const capacity = options.capacity ?? 5_000;
  const checkpointEvery = options.checkpointEvery ?? 200;
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  if (!Number.isInteger(checkpointEvery) || checkpointEvery < 1) throw new RangeError(`checkpointEvery must be a positive integer, got ${checkpointEvery}`);

  let events: LoggedEvent[] = [];
  // Oldest first; the first is always at `baseCursor`.
  let checkpoints: Checkpoint[] = [{ cursor: baseCursor, state: base }];
  let latest = base;
  let lastCursor = baseCursor;
  let dropped = 0;
  let version = 0;

  const firstKept = () => checkpoints[0]!.cursor;

  const append = (batch: readonly LoggedEvent[], stateAfter: AgentState) => {
    for (const logged of batch) events.push(logged);
    lastCursor = batch.at(-1)!.cursor;
    latest = stateAfter;
    if (lastCursor - checkpoints.at(-1)!.cursor >= checkpointEvery) checkpoints.push({ cursor: lastCursor, state: stateAfter });
  };

  const stateAt = (cursor: number): AgentState => {
    if (!Number.isInteger(cursor) || cursor < firstKept() || cursor > lastCursor) {
      throw new RangeError(`cursor ${cursor} is outside the recording (${firstKept()}..${lastCursor})`);
    }
    if (cursor === lastCursor) return latest;
    const from = checkpoints[lastAtOrBefore(checkpoints, cursor)]!;
    const offset = firstKept() + 1;
    return replayEvents(from.state, events.slice(from.cursor + 1 - offset, cursor + 1 - offset));
  };

  // Drops whole blocks (up to a kept state), so the kept events always start at a known state.
  const trim = () => {
    if (events.length <= capacity + checkpointEvery) return;
    const target = lastCursor - capacity;
    let keepFrom = checkpoints.findIndex((checkpoint) => checkpoint.cursor >= target);
    if (keepFrom === -1) keepFrom = checkpoints.length;
    // No kept state near the target (events came in very large batches): replay one there.
    const near = keepFrom < checkpoints.length && checkpoints[keepFrom]!.cursor - target <= checkpointEvery;
    const kept = near ? checkpoints.slice(keepFrom) : [{ cursor: target, state: stateAt(target) }, ...checkpoints.slice(keepFrom)];
    const cut = kept[0]!.cursor - firstKept();
    events = events.slice(cut);
    checkpoints = kept;
    dropped += cut;
  };

  return {
    get events() {
      return events;
    },
    get baseCursor() {
      return firstKept();
    },
    get lastCursor() {
      return lastCursor;
    },
    get dropped() {
      return dropped;
    },
    get latest() {
      return latest;
    },
    get version() {
      return version;
    },
    add(batch, stateAfter) {
      if (batch.length === 0) return;
      const gap = batch.findIndex((logged, index) => logged.cursor !== lastCursor + 1 + index);
      if (gap !== -1) throw new RangeError(`events must continue the recording at cursor ${lastCursor + 1 + gap}, got ${batch[gap]!.cursor}`);
      if (stateAfter) append(batch, stateAfter);
      else {
        // Replayed a block at a time, so a long backlog gets its checkpoints too.
        for (let start = 0; start < batch.length; start += checkpointEvery) {
          const block = batch.slice(start, start + checkpointEvery);
          append(block, replayEvents(latest, block));
        }
      }
      trim();
      version += 1;
    },
    stateAt,
    eventAt(cursor) {
      return events[cursor - firstKept() - 1];
    },
  };
}

/** Index of the last checkpoint at or before `cursor` (binary search; the first is always at or before it). */
function lastAtOrBefore(checkpoints: readonly Checkpoint[], cursor: number): number {
  let low = 0;
  let high = checkpoints.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (checkpoints[middle]!.cursor <= cursor) low = middle;
    else high = middle - 1;
  }
  return low;
}
