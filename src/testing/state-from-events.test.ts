import { describe, expect, it } from 'vitest';
import { createAgent, createInitialState, defineTool, type AgentEvent } from '../core/index';
import { scriptedModel } from '../core/scripted/scripted-model';
import { stateFromEvents } from './state-from-events';
import { text, toolCall } from './step-builders';

const events: AgentEvent[] = [
  { type: 'message-add', message: { id: 'm1', role: 'assistant', status: 'done', createdAt: 0, parts: [] } },
  { type: 'tool-call-start', messageId: 'm1', toolCallId: 'c1', name: 'write_file' },
  { type: 'tool-call-update', toolCallId: 'c1', state: 'running', by: 'runtime', at: 0 },
  { type: 'tool-call-progress', toolCallId: 'c1', progress: { percent: 40 } },
];

describe('stateFromEvents', () => {
  it('applies the events with the reducer, from an empty state', () => {
    const state = stateFromEvents(events);
    expect(state.messages.map((message) => message.id)).toEqual(['m1']);
    expect(state.toolCalls).toMatchObject([{ id: 'c1', name: 'write_file', messageId: 'm1', state: 'running', progress: { percent: 40 } }]);
    expect(stateFromEvents([])).toEqual(createInitialState());
  });

  it('goes on from a given state', () => {
    const running = stateFromEvents(events);
    const done = stateFromEvents([{ type: 'tool-call-update', toolCallId: 'c1', state: 'output-available', by: 'runtime', at: 5, output: 'ok' }], running);
    expect(done.toolCalls[0]).toMatchObject({ state: 'output-available', output: 'ok' });
    expect(running.toolCalls[0]!.state).toBe('running');
  });

  it('rebuilds what a real run produced from its event log', async () => {
    const echo = defineTool({ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object' }, execute: (input) => input });
    const agent = createAgent({ model: scriptedModel([toolCall('echo', { said: 'hi' }), text('Done.')]), tools: [echo] });
    await agent.send('Echo hi');
    const { events: logged, complete } = agent.eventsSince(0);
    expect(complete).toBe(true);
    expect(stateFromEvents(logged.map(({ event }) => event))).toEqual(agent.getState());
  });

  it('gives an agent its starting state', () => {
    const agent = createAgent({ model: scriptedModel([]), initialState: stateFromEvents(events) });
    expect(agent.getState().toolCalls[0]!.progress).toEqual({ percent: 40 });
  });
});
