import { describe, expect, it, vi } from 'vitest';
import { createAgent } from '../agent/create-agent';
import type { LanguageModel } from '../model/language-model';
import { createYieldPacer } from './yield-to-host';

describe('reading a buffered reply', () => {
  it('gives the host a turn once a slice of work is used up, never inside one', async () => {
    let time = 0;
    const pacer = createYieldPacer(() => time);
    expect(pacer.maybeYield()).toBeUndefined();
    time = 7;
    expect(pacer.maybeYield()).toBeUndefined();
    time = 9;
    const turn = pacer.maybeYield();
    expect(turn).toBeInstanceOf(Promise);
    await turn;
    expect(pacer.maybeYield()).toBeUndefined();
  });

  it('does not wait on timers, so fake timers in an app\'s tests never hold a reply back', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'setImmediate'] });
    try {
      let time = 0;
      const pacer = createYieldPacer(() => time);
      time = 100;
      await pacer.maybeYield(); // would hang until the test advanced the clock, were it a timer
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets timers run while thousands of chunks that are already there are read, and loses none', async () => {
    const chunks = 20_000;
    const model: LanguageModel = {
      specificationVersion: 'v3',
      provider: 'test',
      modelId: 'buffered',
      doStream: async () => ({
        stream: new ReadableStream({
          start(controller) {
            controller.enqueue({ type: 'text-start', id: 't' });
            for (let index = 0; index < chunks; index++) controller.enqueue({ type: 'text-delta', id: 't', delta: 'word ' });
            controller.enqueue({ type: 'text-end', id: 't' });
            controller.enqueue({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1 }, outputTokens: { total: chunks } } });
            controller.close();
          },
        }),
      }),
    };
    const agent = createAgent({ model });
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    // Slow each chunk down a little, as rendering would: reading them takes many slices.
    agent.subscribe(() => {
      const until = performance.now() + 0.01;
      while (performance.now() < until);
    });
    await agent.send('go');
    clearInterval(timer);
    const reply = agent.getState().messages.at(-1)!.parts[0];
    expect(reply?.type === 'text' && reply.text.length).toBe(chunks * 5);
    expect(ticks).toBeGreaterThan(1);
  });
});
