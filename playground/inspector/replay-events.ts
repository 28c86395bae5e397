import { reduce, type AgentEvent, type AgentState, type LoggedEvent } from 'react-agent-kit';

type DeltaEvent = Extract<AgentEvent, { type: 'text-delta' | 'reasoning-delta' | 'tool-call-input-delta' }>;

const isDelta = (event: AgentEvent): event is DeltaEvent => event.type === 'text-delta' || event.type === 'reasoning-delta' || event.type === 'tool-call-input-delta';

/** Whether `next` streams into the same part (or tool input) as `previous`, so the two can be applied as one. */
function continues(previous: DeltaEvent, next: DeltaEvent): boolean {
  if (previous.type === 'tool-call-input-delta') return next.type === 'tool-call-input-delta' && previous.toolCallId === next.toolCallId;
  if (next.type === 'tool-call-input-delta') return false;
  return previous.type === next.type && previous.messageId === next.messageId && previous.partId === next.partId;
}

/**
 * Applies logged events to a state with the kit's own reducer, as the agent did. Consecutive
 * deltas into one part are joined and applied once: each reducer call copies the message list,
 * so replaying a streamed reply token by token would cost the thread's length per token. The
 * result is the same state the agent's store reached (its store joins deltas the same way).
 * Never changes `state` or the events (the reducer returns new objects).
 *
 * @example
 * const then = replayEvents(createInitialState(), agent.eventsSince(0).events);
 */
export function replayEvents(state: AgentState, events: readonly LoggedEvent[]): AgentState {
  let current = state;
  let pending: DeltaEvent | null = null as DeltaEvent | null;
  for (const { event } of events) {
    if (isDelta(event)) {
      if (pending && continues(pending, event)) {
        pending = { ...pending, delta: pending.delta + event.delta };
        continue;
      }
      if (pending) current = reduce(current, pending);
      pending = event;
      continue;
    }
    if (pending) current = reduce(current, pending);
    pending = null;
    current = reduce(current, event);
  }
  return pending ? reduce(current, pending) : current;
}
