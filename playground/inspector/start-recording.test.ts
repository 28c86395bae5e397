import { expect, test } from 'vitest';
import { createAgent } from 'react-agent-kit';
import { scriptedModel, text } from '../../src/testing/index';
import { startRecording } from './use-event-recording';

test('an inspector opened after a run replays the agent’s whole history from the state it started with', async () => {
  const agent = createAgent({ model: scriptedModel([text('First answer, in a few chunks.'), text('Second answer.')]) });
  await agent.send('One');
  await agent.send('Two');
  const { recording, fromStart } = startRecording(agent);
  expect(fromStart).toBe(true);
  expect(recording.baseCursor).toBe(0);
  expect(recording.latest).toEqual(agent.getState());
  expect(recording.stateAt(0)).toBe(agent.store.getInitialState());
});

test('when the agent’s log has let go of its oldest events, it starts from the state as it is', async () => {
  // About 20,000 streamed chunks: more than the agent's log keeps.
  const agent = createAgent({ model: scriptedModel([text('word '.repeat(40_000))]) });
  await agent.send('A very long answer, please');
  const { events, complete } = agent.eventsSince(0);
  expect(complete).toBe(false);
  const { recording, fromStart } = startRecording(agent);
  expect(fromStart).toBe(false);
  expect(recording.baseCursor).toBe(events.at(-1)!.cursor);
  expect(recording.events).toHaveLength(0);
  expect(recording.latest).toBe(agent.getState());
});
