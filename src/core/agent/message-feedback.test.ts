import { describe, expect, it } from 'vitest';
import { scriptedModel, stateFromEvents, text } from '../../testing/index';
import { memorySessionStorage } from '../sessions/memory-session-storage';
import { createSnapshot, readSnapshot } from '../sessions/snapshot-format';
import { createAgent } from './create-agent';

/** Issue 33, item 4: a person's rating of a reply, kept in its message. */

describe('setFeedback', () => {
  it('keeps the rating and comment in the reply; a new one replaces it; null takes it back; the log replays it', async () => {
    const agent = createAgent({ model: scriptedModel([[text('Paris.')]]) });
    await agent.send('Capital of France?');
    const reply = agent.getState().messages[1]!;
    await agent.setFeedback(reply.id, { rating: 'down', comment: '  Too short  ' });
    expect(agent.getState().messages[1]!.feedback).toMatchObject({ rating: 'down', comment: 'Too short' });
    expect(agent.getState().messages[1]!.feedback!.at).toBeTypeOf('number');
    await agent.setFeedback(reply.id, { rating: 'up', comment: '   ' });
    expect(agent.getState().messages[1]!.feedback).toEqual({ rating: 'up', at: expect.any(Number) });
    expect(stateFromEvents(agent.eventsSince(0).events.map(({ event }) => event))).toEqual(agent.getState());
    await agent.setFeedback(reply.id, null);
    expect('feedback' in agent.getState().messages[1]!).toBe(false);
  });

  it('refuses what is no reply, another rating, and a comment that is not text; nothing changes', async () => {
    const agent = createAgent({ model: scriptedModel([[text('Paris.')]]) });
    await agent.send('Capital of France?');
    const [question, reply] = agent.getState().messages;
    const before = agent.getState();
    await expect(agent.setFeedback(question!.id, { rating: 'up' })).rejects.toMatchObject({ code: 'unknown-message' });
    await expect(agent.setFeedback('nope', { rating: 'up' })).rejects.toMatchObject({ code: 'unknown-message' });
    await expect(agent.setFeedback(reply!.id, { rating: 'meh' } as never)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(agent.setFeedback(reply!.id, { rating: 'up', comment: 42 } as never)).rejects.toMatchObject({ code: 'invalid-input' });
    await expect(agent.setFeedback(reply!.id, { rating: 'up', comment: 'x'.repeat(4_001) })).rejects.toMatchObject({ code: 'invalid-input' });
    expect(agent.getState()).toBe(before);
  });

  it('is saved with the session and read back; a stored rating that is not up or down is refused as corrupt', async () => {
    const storage = memorySessionStorage();
    const first = createAgent({ model: scriptedModel([[text('Paris.')]]), session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 } });
    await first.session!.ready;
    await first.send('Capital of France?');
    await first.setFeedback(first.getState().messages[1]!.id, { rating: 'up', comment: 'Right' });
    await first.dispose();
    const second = createAgent({ model: scriptedModel([]), session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 } });
    await second.session!.ready;
    expect(second.getState().messages[1]!.feedback).toMatchObject({ rating: 'up', comment: 'Right' });
    await second.dispose();

    // A stored rating that is not up or down is refused as corrupt.

    const state = second.getState();
    const messages = state.messages.map((message, index) => (index === 1 ? { ...message, feedback: { rating: 'sideways', at: 1 } } : message));
    expect(() => readSnapshot(createSnapshot({ ...state, messages } as never))).toThrow(/state\.messages\[1\]\.feedback\.rating: expected "up" or "down", got "sideways"/);
  });
});
