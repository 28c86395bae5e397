import { describe, expect, test } from 'vitest';
import { createAgent, createInitialState, defineTool, reduce, type AgentEvent, type AgentState, type LoggedEvent } from 'react-agent-kit';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { createEventRecording } from './event-recording';
import { replayEvents } from './replay-events';

/** The state after each prefix of the events, one reducer call per event: what the recording must agree with. */
function statesByReduce(base: AgentState, events: readonly LoggedEvent[]): AgentState[] {
  const states = [base];
  for (const { event } of events) states.push(reduce(states.at(-1)!, event));
  return states;
}

const logged = (events: AgentEvent[], firstCursor = 1): LoggedEvent[] => events.map((event, index) => ({ cursor: firstCursor + index, at: 1_000 + index, event }));

/** A user message and a streamed reply of `tokens` deltas, as the runtime would log them. */
function exchange(turn: number, tokens: number): AgentEvent[] {
  const user = { id: `u${turn}`, role: 'user' as const, parts: [{ type: 'text' as const, id: `ut${turn}`, text: `question ${turn}`, status: 'done' as const }], status: 'done' as const, createdAt: turn };
  const reply = { id: `a${turn}`, role: 'assistant' as const, parts: [], status: 'streaming' as const, createdAt: turn };
  return [
    { type: 'run-start', runId: `r${turn}` },
    { type: 'message-add', message: user },
    { type: 'message-add', message: reply },
    { type: 'text-start', messageId: `a${turn}`, partId: `p${turn}` },
    ...Array.from({ length: tokens }, (_, index): AgentEvent => ({ type: 'text-delta', messageId: `a${turn}`, partId: `p${turn}`, delta: `w${index} ` })),
    { type: 'text-end', messageId: `a${turn}`, partId: `p${turn}` },
    { type: 'message-finish', messageId: `a${turn}`, status: 'done' },
    { type: 'run-finish', runId: `r${turn}`, status: 'idle' },
  ];
}

const getTime = defineTool({ name: 'get_time', description: 'The time', inputSchema: { type: 'object', properties: {} } as const, execute: () => ({ time: '12:00' }) });

describe('replayEvents', () => {
  test('joins the deltas of one part and reaches the state of one reducer call per event', () => {
    const events = logged([...exchange(1, 30), ...exchange(2, 5)]);
    const replayed = replayEvents(createInitialState(), events);
    expect(replayed).toEqual(statesByReduce(createInitialState(), events).at(-1));
    expect(replayed.messages[1]!.parts[0]).toMatchObject({ type: 'text', text: expect.stringMatching(/^w0 w1 .* w29 $/) });
  });

  test('keeps deltas of different parts apart and in order', () => {
    const events = logged([
      ...exchange(1, 0).slice(0, 4),
      { type: 'reasoning-start', messageId: 'a1', partId: 'r' },
      { type: 'text-delta', messageId: 'a1', partId: 'p1', delta: 'a' },
      { type: 'reasoning-delta', messageId: 'a1', partId: 'r', delta: 'b' },
      { type: 'text-delta', messageId: 'a1', partId: 'p1', delta: 'c' },
    ]);
    expect(replayEvents(createInitialState(), events)).toEqual(statesByReduce(createInitialState(), events).at(-1));
  });
});

describe('createEventRecording', () => {
  test('gives the state after every event of a real run, and the agent’s state after the last', async () => {
    const model = scriptedModel([toolCall('get_time'), text('It is noon, and the answer streams in several chunks of words.')]);
    const agent = createAgent({ model, tools: [getTime] });
    await agent.send('What time is it?');
    const { events, complete } = agent.eventsSince(0);
    expect(complete).toBe(true);
    expect(events.map((entry) => entry.event.type)).toEqual(expect.arrayContaining(['message-add', 'text-delta', 'tool-call-update', 'run-finish']));

    const recording = createEventRecording(agent.store.getInitialState(), 0, { checkpointEvery: 4 });
    recording.add(events);
    const expected = statesByReduce(agent.store.getInitialState(), events);
    for (let cursor = 0; cursor <= events.length; cursor++) expect(recording.stateAt(cursor)).toEqual(expected[cursor]);
    expect(recording.latest).toEqual(agent.getState());
    // Right after the user's message was added, the state had that one message.
    const userAdded = events.find((entry) => entry.event.type === 'message-add')!.cursor;
    expect(recording.stateAt(userAdded).messages.map((message) => message.role)).toEqual(['user']);
    expect(recording.latest.messages.length).toBeGreaterThan(1);
  });

  test('keeps the state the agent’s store gave, and replays from it', () => {
    const events = logged(exchange(1, 10));
    const expected = statesByReduce(createInitialState(), events);
    const recording = createEventRecording(createInitialState(), 0, { checkpointEvery: 3 });
    // As a live view gets them: a batch per store notification, with the store's state.
    recording.add(events.slice(0, 5), expected[5]);
    recording.add(events.slice(5, 9), expected[9]);
    recording.add(events.slice(9), expected.at(-1));
    expect(recording.latest).toBe(expected.at(-1));
    expect(recording.stateAt(9)).toBe(expected[9]);
    for (let cursor = 0; cursor <= events.length; cursor++) expect(recording.stateAt(cursor)).toEqual(expected[cursor]);
    expect(recording.version).toBe(3);
  });

  test('stays within its capacity, dropping the oldest events a block at a time, and still replays what it kept', () => {
    const events = logged(Array.from({ length: 40 }, (_, turn) => exchange(turn, 20)).flat());
    const expected = statesByReduce(createInitialState(), events);
    const recording = createEventRecording(createInitialState(), 0, { capacity: 100, checkpointEvery: 10 });
    for (let start = 0; start < events.length; start += 7) {
      const batch = events.slice(start, start + 7);
      recording.add(batch, expected[start + batch.length]);
      expect(recording.events.length).toBeLessThanOrEqual(110 + 7);
    }
    expect(recording.dropped).toBeGreaterThan(events.length - 120);
    expect(recording.dropped + recording.events.length).toBe(events.length);
    expect(recording.events[0]!.cursor).toBe(recording.baseCursor + 1);
    expect(recording.lastCursor).toBe(events.length);
    for (let cursor = recording.baseCursor; cursor <= recording.lastCursor; cursor++) expect(recording.stateAt(cursor)).toEqual(expected[cursor]);
    expect(() => recording.stateAt(recording.baseCursor - 1)).toThrow(RangeError);
    expect(recording.eventAt(recording.baseCursor)).toBeUndefined();
    expect(recording.eventAt(recording.lastCursor)).toBe(events.at(-1));
  });

  test('drops to a replayed state when batches are larger than its capacity', () => {
    const events = logged(exchange(1, 300));
    const expected = statesByReduce(createInitialState(), events);
    const recording = createEventRecording(createInitialState(), 0, { capacity: 50, checkpointEvery: 10 });
    recording.add(events, expected.at(-1));
    expect(recording.events).toHaveLength(50);
    expect(recording.stateAt(recording.baseCursor)).toEqual(expected[recording.baseCursor]);
  });

  test('refuses events that do not continue it', () => {
    const recording = createEventRecording(createInitialState(), 10);
    expect(() => recording.add(logged([{ type: 'error-clear' }], 12))).toThrow(/cursor 11/);
    recording.add(logged([{ type: 'error-clear' }], 11));
    expect(recording.lastCursor).toBe(11);
    expect(() => createEventRecording(createInitialState(), 0, { capacity: 0 })).toThrow(RangeError);
  });
});
