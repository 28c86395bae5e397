import { describe, expect, it } from 'vitest';
import { AgentCommandError, createAgent, demoModel, suggestFollowUps } from '../index';
import { pause, scriptedModel, stateFromEvents, text } from '../../testing/index';
import { isFollowUpRequest } from './follow-up-request';
import { parseFollowUps } from './parse-follow-ups';

const promptText = (prompt: readonly { role: string; content: unknown }[]) =>
  prompt.map((message) => (typeof message.content === 'string' ? message.content : (message.content as { text?: string }[]).map((part) => part.text ?? '').join(''))).join('\n');

describe('suggestFollowUps', () => {
  it('asks the model once, beside the conversation, and counts its usage and cost in the totals', async () => {
    const model = scriptedModel([
      { items: [text('Sunny and 24 °C in Tokyo.')], usage: { inputTokens: 100, outputTokens: 10 } },
      { items: [text('["And tomorrow?", "What about Osaka?", "Should I take an umbrella?"]')], usage: { inputTokens: 60, outputTokens: 20 } },
    ]);
    const agent = createAgent({ model, costEstimator: ({ usage }) => usage.inputTokens * 0.001 + usage.outputTokens * 0.01 });
    await agent.send('Weather in Tokyo?');
    const before = agent.getState();
    expect(before.usage.totalTokens).toBe(110);

    const suggestions = await suggestFollowUps(agent);

    expect(suggestions).toEqual(['And tomorrow?', 'What about Osaka?', 'Should I take an umbrella?']);
    expect(model.calls).toHaveLength(2);
    const call = model.calls[1]!;
    expect(isFollowUpRequest(call.prompt)).toBe(true);
    expect(call.tools ?? []).toEqual([]);
    expect(call.maxOutputTokens).toBe(160);
    expect(call.prompt[0]!.content).toContain('write up to 3 short messages the person is likely to send next');
    expect(call.prompt[0]!.content).toContain('Answer with a JSON array of strings and nothing else');
    expect(promptText(call.prompt)).toContain('<transcript>\nUser: Weather in Tokyo?\nAssistant: Sunny and 24 °C in Tokyo.\n</transcript>');
    const after = agent.getState();
    expect(after.usage).toEqual({ inputTokens: 160, outputTokens: 30, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 190 });
    expect(after.costUsd).toBeCloseTo(0.1 + 0.1 + 0.06 + 0.2);
    // The thread did not change; the event log replays to the same totals.
    expect(after.messages).toBe(before.messages);
    const replayed = stateFromEvents(agent.eventsSince(0).events.map((logged) => logged.event));
    expect(replayed.usage).toEqual(after.usage);
    expect(replayed.costUsd).toBeCloseTo(after.costUsd!);
  });

  it('asks once per reply: a second caller (another view, another tab) gets the same answer, counted once', async () => {
    const model = scriptedModel([text('Hello.'), { items: [text('["Why?"]')], usage: { inputTokens: 10, outputTokens: 4 } }, text('Again.'), text('["How?"]')]);
    const agent = createAgent({ model });
    await agent.send('Hi');
    const before = agent.getState().usage.totalTokens;
    const [first, second] = await Promise.all([suggestFollowUps(agent), suggestFollowUps(agent)]);
    expect(await suggestFollowUps(agent)).toEqual(['Why?']);
    expect([first, second]).toEqual([['Why?'], ['Why?']]);
    expect(model.calls).toHaveLength(2);
    expect(agent.getState().usage.totalTokens).toBe(before + 14);
    await agent.send('More');
    expect(await suggestFollowUps(agent)).toEqual(['How?']);
    expect(model.calls).toHaveLength(4);
  });

  it('sends only the last messages, and honors maxSuggestions', async () => {
    const model = scriptedModel(({ prompt }) => (isFollowUpRequest(prompt) ? '1. One?\n2. Two?\n3. Three?' : text('ok')));
    const agent = createAgent({ model });
    await agent.send('first');
    await agent.send('second');
    expect(await suggestFollowUps(agent, { maxSuggestions: 2, recentMessages: 2 })).toEqual(['One?', 'Two?']);
    const sent = promptText(model.calls.at(-1)!.prompt);
    expect(sent).toContain('User: second');
    expect(sent).not.toContain('User: first');
    expect(sent).toContain('up to 2 short messages');
  });

  it('gives no suggestions for a junk answer, but counts what it used', async () => {
    const model = scriptedModel([text('Hello.'), { items: [text('I would rather not say.')], usage: { inputTokens: 30, outputTokens: 5 } }]);
    const agent = createAgent({ model });
    await agent.send('Hi');
    const before = agent.getState().usage.totalTokens;
    expect(await suggestFollowUps(agent)).toEqual([]);
    expect(agent.getState().usage.totalTokens).toBe(before + 35);
  });

  it('is aborted by a send while it waits, and resolves with none', async () => {
    const model = scriptedModel(({ prompt }) => (isFollowUpRequest(prompt) ? [pause(Number.POSITIVE_INFINITY)] : text('Sure.')));
    const agent = createAgent({ model });
    await agent.send('Hi');
    const usage = agent.getState().usage.totalTokens;
    const pending = suggestFollowUps(agent);
    await waitUntil(() => model.calls.length === 2);
    const run = agent.send('Next question');
    expect(await pending).toEqual([]);
    expect(model.calls[1]!.abortSignal?.aborted).toBe(true);
    await run;
    // Only the new reply's tokens were added: the aborted request reported none.
    expect(agent.getState().usage.totalTokens).toBe(usage + (agent.getState().messages.at(-1)!.usage?.totalTokens ?? 0));
  });

  it('is not aborted by a rating of the reply while it waits (the conversation is the same)', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const model = scriptedModel(async ({ prompt }) => {
      if (!isFollowUpRequest(prompt)) return text('Sure.');
      await answered;
      return text('["And then?"]');
    });
    const agent = createAgent({ model });
    await agent.send('Hi');
    const pending = suggestFollowUps(agent);
    await waitUntil(() => model.calls.length === 2);
    await agent.setFeedback(agent.getState().messages.at(-1)!.id, { rating: 'up', comment: 'Clear' });
    answer();
    expect(await pending).toEqual(['And then?']);
    expect(model.calls[1]!.abortSignal?.aborted).toBe(false);
  });

  it('suggests nothing before a reply, refuses while the agent is busy, and checks its options', async () => {
    const model = scriptedModel(({ prompt }) => (isFollowUpRequest(prompt) ? '["x?"]' : [text('Working'), pause(Number.POSITIVE_INFINITY)]));
    const agent = createAgent({ model });
    expect(await suggestFollowUps(agent)).toEqual([]);
    const run = agent.send('Go');
    await waitUntil(() => agent.getState().status === 'running');
    await expect(suggestFollowUps(agent)).rejects.toMatchObject({ code: 'agent-busy' });
    await agent.stop();
    await run;
    await expect(suggestFollowUps(agent, { maxSuggestions: 9 })).rejects.toMatchObject({ code: 'invalid-input' });
  });

  it('says clearly when the agent has no model in the browser to ask', async () => {
    const agent = createAgent({ model: scriptedModel([]) });
    const { suggestFollowUps: _left, ...withoutModel } = agent;
    const error = await suggestFollowUps({ ...withoutModel, model: { ...agent.model, provider: 'ai-sdk-chat' } }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AgentCommandError);
    expect(error).toMatchObject({ code: 'not-available', message: expect.stringContaining('no model in the browser') });
  });

  it('fails with suggestions-failed when the model fails', async () => {
    const model = scriptedModel([text('Hello.'), { type: 'throw', error: new Error('401 Unauthorized') }]);
    const agent = createAgent({ model, retry: { maxRetries: 0 } });
    await agent.send('Hi');
    await expect(suggestFollowUps(agent)).rejects.toMatchObject({ code: 'suggestions-failed', message: expect.stringContaining('401 Unauthorized') });
  });

  it('is answered by the demo model with follow-ups its script knows', async () => {
    const agent = createAgent({ model: demoModel({ speed: 'instant' }) });
    await agent.send("What's the weather in Tokyo?");
    expect(await suggestFollowUps(agent)).toEqual(['What time is it?', "What's the weather in Paris?"]);
  });
});

describe('parseFollowUps', () => {
  it('reads a JSON array, also fenced or after a sentence', () => {
    expect(parseFollowUps('["A?", "B?"]', 3)).toEqual(['A?', 'B?']);
    expect(parseFollowUps('Here you go:\n```json\n["A?", 2, "B?"]\n```', 3)).toEqual(['A?', 'B?']);
  });

  it('reads one per line: JSON strings, bullets, numbers', () => {
    expect(parseFollowUps('"A?"\n"B?",\n- C?\n2) D.', 5)).toEqual(['A?', 'B?', 'C?', 'D.']);
  });

  it('drops blanks, repeats (by their words) and over-long ones, and keeps at most max', () => {
    expect(parseFollowUps(JSON.stringify(['  ', 'Why?', 'why?', 'WHY?', 'x'.repeat(121), 'How?', 'When?', 'Where?']), 3)).toEqual(['Why?', 'How?', 'When?']);
  });

  it('finds nothing in prose, code or broken JSON', () => {
    expect(parseFollowUps('I cannot suggest anything here.', 3)).toEqual([]);
    expect(parseFollowUps('```js\nconst a = [1, 2];\n```', 3)).toEqual([]);
    expect(parseFollowUps('["A?", "B?"', 3)).toEqual([]);
    expect(parseFollowUps('', 3)).toEqual([]);
  });
});

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 200 && !condition(); attempt++) await new Promise((resolve) => setTimeout(resolve, 5));
  if (!condition()) throw new Error('Timed out waiting.');
}
