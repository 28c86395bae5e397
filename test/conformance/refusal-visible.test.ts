/**
 * Contract: a refusal is visible. When a provider ends a turn because the model refused
 * (Anthropic's `stop_reason: "refusal"`) or a content filter stopped it (OpenAI's
 * `finish_reason: "content_filter"`), the turn ends with a notice the user can read that says it
 * was refused, never with an empty, silent reply. With our adapters and the official providers.
 */
import { describe, expect, it } from 'vitest';
import type { AgentState } from '../../src/core/index';
import { createAgent } from '../../src/core/index';
import { scriptedModel } from '../../src/testing/index';
import { implementations, runAgainstReplay } from './providers/agent-runs';

function lastReplyNotices(state: AgentState) {
  const reply = state.messages.findLast((message) => message.role === 'assistant');
  return (reply?.parts ?? []).filter((part) => part.type === 'notice');
}

const anthropicRefusal = [
  { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude-sonnet-4-5', stop_reason: null, usage: { input_tokens: 12, output_tokens: 1 } } },
  { type: 'message_delta', delta: { stop_reason: 'refusal', stop_sequence: null }, usage: { output_tokens: 1 } },
  { type: 'message_stop' },
];

const openAIContentFilter = [
  { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1-nano', choices: [{ index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null }] },
  { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1-nano', choices: [{ index: 0, delta: {}, finish_reason: 'content_filter' }] },
  { id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'gpt-4.1-nano', choices: [], usage: { prompt_tokens: 9, completion_tokens: 0, total_tokens: 9 } },
];

describe('a refusal is visible', () => {
  it('a scripted content-filter finish ends the turn with a "refused" notice', async () => {
    const agent = createAgent({ model: scriptedModel([{ items: [], finishReason: 'content-filter' }]) });
    const result = await agent.send('Something the model will not do.');
    expect(result.status).toBe('idle');
    expect(lastReplyNotices(agent.getState())).toEqual([expect.objectContaining({ level: 'warning', code: 'refused', text: expect.stringMatching(/refused/) })]);
  });

  it('a normal finish adds no notice', async () => {
    const agent = createAgent({ model: scriptedModel(['Hello!']) });
    await agent.send('Hi');
    expect(lastReplyNotices(agent.getState())).toEqual([]);
  });

  describe.each(implementations)('%s provider', (implementation) => {
    it('Anthropic stop_reason "refusal": the user reads that the model refused', async () => {
      const run = await runAgainstReplay('anthropic', implementation, 'claude-sonnet-4-5-20250929', [{ events: anthropicRefusal }]);
      expect(run.result.status).toBe('idle');
      expect(lastReplyNotices(run.agent.getState())).toEqual([
        expect.objectContaining({ code: 'refused', text: 'The model refused to answer this request.' }),
      ]);
    });

    it('OpenAI finish_reason "content_filter": the user reads that the reply was refused', async () => {
      const run = await runAgainstReplay('openai', implementation, 'gpt-4.1-nano', [{ events: openAIContentFilter }]);
      expect(run.result.status).toBe('idle');
      expect(lastReplyNotices(run.agent.getState())).toEqual([expect.objectContaining({ code: 'refused', text: expect.stringMatching(/refused.*content filter/) })]);
    });
  });
});
