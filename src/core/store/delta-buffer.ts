import type { AgentEvent } from './events';

type DeltaEvent = Extract<AgentEvent, { type: 'text-delta' | 'reasoning-delta' | 'tool-call-input-delta' }>;

/** The streamed pieces of text: the events a token stream consists of. */
export function isDeltaEvent(event: AgentEvent): event is DeltaEvent {
  return event.type === 'text-delta' || event.type === 'reasoning-delta' || event.type === 'tool-call-input-delta';
}

/**
 * Deltas not yet applied to the state, merged while they continue the same part: a burst of
 * 40,000 tokens into one part is one event whose text is their concatenation, applied by one
 * reducer call. Deltas to different parts stay separate and in order.
 */
export interface DeltaBuffer {
  add(event: DeltaEvent): void;
  /** Hands out the merged events in arrival order and empties the buffer. */
  take(): DeltaEvent[];
  readonly size: number;
}

export function createDeltaBuffer(): DeltaBuffer {
  let events: DeltaEvent[] = [];
  return {
    add(event) {
      const last = events.at(-1);
      // A new object: the logged event stays as it was.
      if (last && continuesPart(last, event)) events[events.length - 1] = { ...last, delta: last.delta + event.delta };
      else events.push(event);
    },
    take() {
      const taken = events;
      events = [];
      return taken;
    },
    get size() {
      return events.length;
    },
  };
}

function continuesPart(previous: DeltaEvent, next: DeltaEvent): boolean {
  if (previous.type === 'tool-call-input-delta') return next.type === 'tool-call-input-delta' && previous.toolCallId === next.toolCallId;
  if (next.type === 'tool-call-input-delta') return false;
  return previous.type === next.type && previous.messageId === next.messageId && previous.partId === next.partId;
}
