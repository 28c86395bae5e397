import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { hangingModel, scriptedModel, stateFromEvents, text } from '../../testing/index';
import { replyTiming } from './message-timing';

/** Issue 33, item 6: each reply's time to first token, tokens per second and duration. */

afterEach(() => {
  vi.useRealTimers();
});

describe('reply timing', () => {
  it('records when the reply answered and ended: time to first token, duration, tokens per second', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = 1_700_000_000_000;
    vi.setSystemTime(start);
    const model = scriptedModel(() => {
      // The provider takes 400 ms to answer...
      vi.setSystemTime(start + 400);
      return { items: [text('Hello there, how can I help?')], usage: { outputTokens: 20 } };
    });
    const agent = createAgent({ model });
    // ... and streams for 2 s after its first token.
    agent.on('message-first-token', () => void vi.setSystemTime(start + 2_400));
    await agent.send('Hi');
    const reply = agent.getState().messages[1]!;
    expect(reply.timing).toEqual({ firstTokenAt: start + 400, finishedAt: start + 2_400 });
    expect(replyTiming(reply)).toEqual({ timeToFirstTokenMs: 400, durationMs: 2_400, tokensPerSecond: 10 });
    expect(replyTiming(agent.getState().messages[0]!)).toBeUndefined();
    // The log replays it.
    expect(stateFromEvents(agent.eventsSince(0).events.map(({ event }) => event)).messages[1]!.timing).toEqual(reply.timing);
  });

  it('a stopped reply has a duration; one that said nothing has no first token and no rate', async () => {
    const agent = createAgent({ model: hangingModel({ text: '' }) });
    const run = agent.send('Hi');
    await vi.waitFor(() => expect(agent.getState().messages[1]?.status).toBe('streaming'));
    await agent.stop();
    await run;
    const reply = agent.getState().messages[1]!;
    expect(reply.status).toBe('stopped');
    const timing = replyTiming(reply)!;
    expect(timing.timeToFirstTokenMs).toBeUndefined();
    expect(timing.tokensPerSecond).toBeUndefined();
    expect(timing.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('a reply recorded before timing was kept has none', () => {
    expect(replyTiming({ id: 'm', role: 'assistant', parts: [], status: 'done', createdAt: 0 })).toBeUndefined();
  });
});
