import { describe, expect, it } from 'vitest';
import { createAgent, createInitialState, type AgentState, type Message } from '../core/index';
import { scriptedModel, text } from '../testing/index';
import { keyedIndexFor } from './keyed-index';

const pickMessages = (state: AgentState) => state.messages;
const message = (id: string): Message => ({ id, role: 'user', parts: [{ type: 'text', id: `${id}-part`, text: id, status: 'done' }], status: 'done', createdAt: 0 });

describe('keyedIndexFor', () => {
  it('is one index per store and list, and tells only the changed ids', async () => {
    const agent = createAgent({ model: scriptedModel([text('Reply.')]), initialState: { ...createInitialState(), messages: [message('a'), message('b')] } });
    const index = keyedIndexFor(agent.store, pickMessages);
    expect(keyedIndexFor(agent.store, pickMessages)).toBe(index);
    const heard: string[] = [];
    const stops = ['a', 'b'].map((id) => index.subscribe(id, () => heard.push(id)));
    stops.push(index.subscribeIds(() => heard.push('ids')));
    const idsBefore = index.ids();
    await agent.send('c');
    // Two messages were added (the user's and the reply); a and b never changed.
    expect(heard.filter((entry) => entry !== 'ids')).toEqual([]);
    expect(heard).toContain('ids');
    expect(index.ids()).not.toBe(idsBefore);
    expect(index.ids().slice(0, 2)).toEqual(['a', 'b']);
    expect(index.get(index.ids().at(-1)!)?.role).toBe('assistant');
    heard.length = 0;
    // Rolling back to b removes b and everything after it: b's listener hears that it is gone.
    await agent.rollback('b');
    expect(heard).toContain('b');
    expect(heard).not.toContain('a');
    expect(index.get('b')).toBeUndefined();
    expect(index.ids()).toEqual(['a']);
    for (const stop of stops) stop();
  });

  it('reads the current state when nothing subscribes', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hi.')]) });
    const index = keyedIndexFor(agent.store, pickMessages);
    expect(index.ids()).toEqual([]);
    await agent.send('hello');
    expect(index.ids()).toHaveLength(2);
  });
});
