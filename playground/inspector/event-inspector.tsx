import { useDeferredValue, useMemo, useState } from 'react';
import type { Agent, AgentEventType, LoggedEvent } from 'react-agent-kit';
import { EventList, timeOf } from './event-list';
import { StateTree } from './state-tree';
import { useEventRecording } from './use-event-recording';

const deltaTypes: ReadonlySet<AgentEventType> = new Set(['text-delta', 'reasoning-delta', 'tool-call-input-delta']);

const count = (value: number, noun: string) => `${value.toLocaleString('en-US')} ${noun}${value === 1 ? '' : 's'}`;

/** `all`, `no-deltas`, or one event type. */
type Filter = 'all' | 'no-deltas' | AgentEventType;

function matches(filter: Filter, logged: LoggedEvent): boolean {
  if (filter === 'all') return true;
  if (filter === 'no-deltas') return !deltaTypes.has(logged.event.type);
  return logged.event.type === filter;
}

/**
 * The event inspector: the agent's event log (time, type, what it did; filtered by type), and the
 * agent's state as a tree, as it was right after the selected event (replayed from the recording),
 * or as it is now. Read-only: it only reads the agent, which runs on undisturbed. Key it by agent.
 *
 * @example
 * <EventInspector key={agentKey(agent)} agent={agent} />
 */
export function EventInspector({ agent }: { agent: Agent }) {
  const { recording, fromStart, version } = useEventRecording(agent);
  const [filter, setFilter] = useState<Filter>('all');
  const [chosen, setChosen] = useState<number | null>(null);
  // A selected event that was dropped from the recording is no longer there to show.
  const selected = chosen !== null && chosen > recording.baseCursor && chosen <= recording.lastCursor ? chosen : null;

  const { shown, counts } = useMemo(() => {
    const counts = new Map<AgentEventType, number>();
    const shown: LoggedEvent[] = [];
    for (const logged of recording.events) {
      counts.set(logged.event.type, (counts.get(logged.event.type) ?? 0) + 1);
      if (matches(filter, logged)) shown.push(logged);
    }
    return { shown, counts };
    // `version` changes whenever the (mutable) recording does.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [recording, version, filter]);

  // Replaying can take a few milliseconds on a long thread: let typing and streaming go first.
  const deferred = useDeferredValue(selected);
  const cursor = deferred !== null && deferred > recording.baseCursor && deferred <= recording.lastCursor ? deferred : null;
  // The state after an event never changes, so it is replayed once per selection.
  const past = useMemo(() => (cursor === null ? null : recording.stateAt(cursor)), [recording, cursor]);
  const state = past ?? recording.latest;
  const event = cursor === null ? undefined : recording.eventAt(cursor);

  const total = recording.events.length;
  return (
    <div className="pg-inspector">
      <div className="pg-inspector-bar">
        <label className="pg-inspector-filter">
          <span className="pg-visually-hidden">Show</span>
          <select value={filter} onChange={(change) => setFilter(change.target.value as Filter)}>
            <option value="all">All events ({total.toLocaleString('en-US')})</option>
            <option value="no-deltas">All but deltas</option>
            {[...counts].sort(([a], [b]) => a.localeCompare(b)).map(([type, count]) => (
              <option key={type} value={type}>
                {type} ({count.toLocaleString('en-US')})
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="pg-toggle" aria-pressed={selected === null} onClick={() => setChosen(null)} title="Show the state as it is now, and follow new events">
          Live
        </button>
      </div>
      {(recording.dropped > 0 || !fromStart) && (
        <p className="pg-inspector-note" data-testid="inspector-note">
          {recording.dropped > 0
            ? `Keeps the last ${total.toLocaleString('en-US')} events; ${recording.dropped.toLocaleString('en-US')} older ones were let go to save memory.`
            : `Starts at event #${recording.baseCursor + 1}: the agent's log no longer had older ones.`}
        </p>
      )}
      <EventList events={shown} selected={selected} onSelect={setChosen} label="Events" />
      <section className="pg-inspector-state" aria-label="State">
        <p className="pg-inspector-point">
          <span data-testid="inspector-point">
            {event ? (
              <>
                After <strong>#{event.cursor}</strong> <code>{event.event.type}</code> at {timeOf(event.at)}
              </>
            ) : (
              'Now (live)'
            )}
          </span>
          <span className="pg-inspector-counts" data-testid="inspector-counts">
            {count(state.messages.length, 'message')} · {count(state.toolCalls.length, 'tool call')} · {state.status}
          </span>
        </p>
        {event && <StateTree className="pg-tree-event" label="Event" value={event.event} />}
        <StateTree label="State" value={state} />
      </section>
    </div>
  );
}
