import { describe, expect, expectTypeOf, it } from 'vitest';
import { scriptedModel } from '../scripted/scripted-model';
import { text } from '../../testing/step-builders';
import type { ReadonlyAgentStore } from '../store/readonly-agent-store';
import type { AgentState } from '../store/state';
import type { Agent } from './agent-options';
import { createAgent } from './create-agent';

describe('agent.store', () => {
  it('has no setState, by type and at run time', () => {
    const agent = createAgent({ model: scriptedModel([text('Hello.')]) });
    expectTypeOf<Agent['store']>().toEqualTypeOf<ReadonlyAgentStore>();
    expectTypeOf<keyof Agent['store']>().toEqualTypeOf<'getState' | 'getInitialState' | 'subscribe'>();
    // Checked without writing `agent.store.setState`, which the architecture test refuses anywhere.
    expectTypeOf(agent.store).not.toHaveProperty('setState');
    expect('setState' in agent.store).toBe(false);
    expect(() => Object.assign(agent.store, { setState: () => {} })).toThrow(TypeError);
  });

  it('reads and watches the state the commands change', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hello.')]) });
    const initial = agent.store.getState();
    const statuses: AgentState['status'][] = [];
    const stop = agent.store.subscribe((state, previous) => {
      if (state.status !== previous.status) statuses.push(state.status);
    });
    await agent.send('Hi');
    stop();
    expect(statuses).toEqual(['running', 'idle']);
    expect(agent.store.getState()).toBe(agent.getState());
    expect(agent.store.getInitialState()).toBe(initial);
    expect(agent.getState().messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });
});
