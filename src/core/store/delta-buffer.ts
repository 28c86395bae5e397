import type { AgentEvent } from './events';

/** The events a token stream consists of: a text or reasoning part's start, deltas and end, and a tool call's input deltas. */
export type StreamEvent = Extract<AgentEvent, { type: 'text-start' | 'text-delta' | 'text-end' | 'reasoning-start' | 'reasoning-delta' | 'reasoning-end' | 'tool-call-input-delta' }>;

type DeltaEvent = Extract<StreamEvent, { delta: string }>;

/** Whether `event` is buffered until the next frame (see {@link DeltaBuffer}). */
export function isStreamEvent(event: AgentEvent): event is StreamEvent {
  return /^(text|reasoning)-(start|delta|end)$|^tool-call-input-delta$/.test(event.type);
}

/**
 * Stream events not yet applied to the state, deltas merged while they continue the same part: a
 * burst of 40,000 tokens into one part is one event whose text is their concatenation. A part's
 * start and end wait here too, so a reply of 5,000 short parts is applied (and announced) per
 * frame, not per part: each application copies the message's parts once (`applyStreamEvents`).
 * Deltas to different parts stay separate and in order.
 */
export interface DeltaBuffer {
  add(event: StreamEvent): void;
  /** Hands out the merged events in arrival order and empties the buffer. */
  take(): StreamEvent[];
  readonly size: number;
}

export function createDeltaBuffer(): DeltaBuffer {
  let events: StreamEvent[] = [];
  return {
    add(event) {
      const last = events.at(-1);
      // A new object: the logged event stays as it was.
      if (last && 'delta' in last && 'delta' in event && continuesPart(last, event)) events[events.length - 1] = { ...last, delta: last.delta + event.delta };
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
