import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { demoModel } from './demo-model';

describe('the demo model under a context budget', () => {
  it('a few long stories fill a small budget: earlier turns are summarized by the demo model, nothing is lost', { timeout: 30_000 }, async () => {
    const agent = createAgent({ model: demoModel({ chunkDelayMs: 0 }), context: { maxInputTokens: 3_000, keepRecentTurns: 1 } });
    await agent.send('Hello');
    for (let story = 0; story < 5; story++) await agent.send('Tell me a long story');
    const { compactions = [], messages } = agent.getState();
    expect(compactions.length).toBeGreaterThan(0);
    expect(compactions[0]!.summary).toMatch(/^Summary of the conversation so far \(written by the demo model, offline\):/);
    expect(compactions[0]!.summary).toContain('the user asked "Tell me a long story"');
    expect(compactions[0]!.trigger).toBe('budget');
    expect(messages.filter((message) => message.role === 'user')).toHaveLength(6);

    await agent.send('What time is it?');
    const made = await agent.compact({ instructions: 'the stories' });
    expect(made?.summary).toContain('Then the user asked');
  });
});
