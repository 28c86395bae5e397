import { useEffect, useState } from 'react';
import type { Agent } from 'react-agent-kit';
import { createEventRecording, type EventRecording } from './event-recording';

/** A recording, and where it started: from the agent's first event, or later (its log had dropped older ones). */
export interface AgentRecording {
  recording: EventRecording;
  /** Whether the agent's log still had every event since the agent was created when recording started. */
  fromStart: boolean;
}

/**
 * Starts recording an agent: its whole history when the agent's event log still has it (replayed
 * from the state the agent started with), otherwise from its current state.
 */
export function startRecording(agent: Agent): AgentRecording {
  const { events, complete } = agent.eventsSince(0);
  if (complete) {
    const recording = createEventRecording(agent.store.getInitialState(), 0);
    recording.add(events);
    return { recording, fromStart: true };
  }
  return { recording: createEventRecording(agent.getState(), events.at(-1)?.cursor ?? 0), fromStart: false };
}

/**
 * Records the agent's events while the component is mounted, and re-renders it when new ones come
 * (at most once per store notification: once per frame while a reply streams). Only reads the
 * agent (`eventsSince`, `getState`, `store.subscribe`), so the running agent is not disturbed.
 *
 * One recording per agent: key the component by the agent, so another conversation or model starts
 * a new one.
 *
 * @example
 * const { recording } = useEventRecording(agent);
 */
export function useEventRecording(agent: Agent): AgentRecording & { version: number } {
  const [current, setCurrent] = useState(() => startRecording(agent));
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const { recording } = current;
    const pull = () => {
      const { events, complete } = agent.eventsSince(recording.lastCursor);
      if (!complete) {
        // Fell behind the agent's log (not while subscribed: it keeps thousands of events): start again.
        setCurrent(startRecording(agent));
        return;
      }
      if (events.length === 0) return;
      recording.add(events, agent.getState());
      setVersion(recording.version);
    };
    pull(); // What happened between the render and now.
    return agent.store.subscribe(pull);
  }, [agent, current]);

  return { ...current, version };
}
