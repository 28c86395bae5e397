/**
 * Contract: for every recorded provider stream, the agent ends with the same conversation
 * whether it talks to the API through our light adapter or through the official AI SDK
 * provider (`@ai-sdk/openai` `.chat()`, `@ai-sdk/anthropic`): the same text, reasoning, tool
 * calls (names, inputs, final states, results) and usage. Each fixture's content is also
 * checked concretely, so the two cannot agree by both being empty.
 *
 * Known, deliberate differences are asserted as such (see `differences`):
 * - the official OpenAI chat model ignores `reasoning_content` (DeepSeek, xAI); ours streams it
 *   as reasoning (the AI SDK has dedicated DeepSeek and xAI providers for it);
 * - xAI counts reasoning tokens beside `completion_tokens`; ours adds them to the output
 *   tokens (as `total_tokens` says), the official OpenAI provider does not.
 */
import { describe, expect, it } from 'vitest';
import { assistantText, implementations, runAgainstReplay, type Conversation, type FixtureRun } from './agent-runs';
import { readFixture, type ReplayFormat, type ReplayReply } from './replay-server';

interface FixtureCase {
  file: string;
  format: ReplayFormat;
  modelId: string;
  userText: string;
  replies: ReplayReply[];
  /** What the fixture says, checked on our adapter's conversation. */
  check: (conversation: Conversation) => void;
  differences?: { reasoningOnlyInOurs?: true; outputTokens?: { ours: number; official: number } };
}

const afterTool = 'The weather is sunny.';

const cases: FixtureCase[] = [
  {
    file: 'openai-chat-text.jsonl',
    format: 'openai',
    modelId: 'gpt-4.1-nano',
    userText: 'Invent a new holiday and describe its traditions.',
    replies: [{ fixture: 'openai-chat-text.jsonl' }],
    check(conversation) {
      const text = assistantText(conversation, 'text');
      expect(text.startsWith('**Holiday Name:** Harmony Day\n\n**Date:**')).toBe(true);
      expect(text.endsWith('we are all connected through shared human experiences and mutual respect.')).toBe(true);
      expect(text).toBe(contentOf('openai-chat-text.jsonl', 'content'));
      expect(conversation.toolCalls).toEqual([]);
      expect(conversation.usage).toMatchObject({ inputTokens: 16, outputTokens: 300, reasoningTokens: 0, totalTokens: 316 });
    },
  },
  {
    file: 'groq-chat-tool-call.jsonl',
    format: 'openai',
    modelId: 'llama-3.3-70b-versatile',
    userText: 'What is the weather?',
    replies: [{ fixture: 'groq-chat-tool-call.jsonl' }, { text: afterTool }],
    check(conversation) {
      expect(conversation.toolCalls).toEqual([
        { id: 'tk85n1k4m', name: 'weather', input: {}, state: 'output-available', output: { location: 'here', temperature: 72 } },
      ]);
      expect(assistantText(conversation, 'text')).toBe(afterTool);
      // 210 + 15 from the fixture, 40 + 6 from the canned answer.
      expect(conversation.usage).toMatchObject({ inputTokens: 250, outputTokens: 21, totalTokens: 271 });
    },
  },
  {
    file: 'xai-chat-tool-call-reasoning.jsonl',
    format: 'openai',
    modelId: 'grok-3-mini',
    userText: 'What is the weather in San Francisco?',
    replies: [{ fixture: 'xai-chat-tool-call-reasoning.jsonl' }, { text: afterTool }],
    check(conversation) {
      const reasoning = assistantText(conversation, 'reasoning');
      expect(reasoning.startsWith('First, the user is asking about the weather in San Francisco.')).toBe(true);
      expect(reasoning.endsWith('this is the logical next step.')).toBe(true);
      expect(reasoning).toBe(contentOf('xai-chat-tool-call-reasoning.jsonl', 'reasoning_content'));
      expect(conversation.toolCalls).toEqual([
        { id: 'call_79382389', name: 'weather', input: { location: 'San Francisco' }, state: 'output-available', output: { location: 'San Francisco', temperature: 72 } },
      ]);
      expect(assistantText(conversation, 'text')).toBe(afterTool);
      expect(conversation.usage).toMatchObject({ inputTokens: 347, reasoningTokens: 227, cachedInputTokens: 306 });
    },
    differences: { reasoningOnlyInOurs: true, outputTokens: { ours: 253 + 6, official: 26 + 6 } },
  },
  {
    file: 'deepseek-chat-reasoning.jsonl',
    format: 'openai',
    modelId: 'deepseek-reasoner',
    userText: 'How many r are in strawberry?',
    replies: [{ fixture: 'deepseek-chat-reasoning.jsonl' }],
    check(conversation) {
      const reasoning = assistantText(conversation, 'reasoning');
      expect(reasoning.startsWith('We need to count the number of the letter "r"')).toBe(true);
      expect(reasoning.endsWith('Thus, the answer is 3.')).toBe(true);
      expect(reasoning).toBe(contentOf('deepseek-chat-reasoning.jsonl', 'reasoning_content'));
      expect(assistantText(conversation, 'text')).toBe('The word "strawberry" contains three "r"s.');
      expect(conversation.usage).toMatchObject({ inputTokens: 18, outputTokens: 219, reasoningTokens: 205, totalTokens: 237 });
    },
    differences: { reasoningOnlyInOurs: true },
  },
  {
    file: 'anthropic-text.jsonl',
    format: 'anthropic',
    modelId: 'claude-sonnet-4-5-20250929',
    userText: 'Hello, how are you?',
    replies: [{ fixture: 'anthropic-text.jsonl' }],
    check(conversation) {
      expect(assistantText(conversation, 'text')).toBe("Hello! I'm doing well, thank you for asking. How are you doing today? Is there anything I can help you with?");
      expect(conversation.usage).toMatchObject({ inputTokens: 12, outputTokens: 30, totalTokens: 42 });
    },
  },
  {
    file: 'anthropic-text-and-tool-use.jsonl',
    format: 'anthropic',
    modelId: 'claude-sonnet-4-5-20250929',
    userText: 'Update the issue list.',
    replies: [{ fixture: 'anthropic-text-and-tool-use.jsonl' }, { text: 'Done: 3 issues updated.' }],
    check(conversation) {
      const [first, second] = conversation.messages.filter((message) => message.role === 'assistant');
      expect(first!.parts).toEqual([
        { type: 'text', text: "I'll update the issue list for you." },
        { type: 'tool-call', toolCallId: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP' },
      ]);
      expect(second!.parts).toEqual([{ type: 'text', text: 'Done: 3 issues updated.' }]);
      expect(conversation.toolCalls).toEqual([
        { id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', input: {}, state: 'output-available', output: 'Updated 3 issues.' },
      ]);
      expect(conversation.usage).toMatchObject({ inputTokens: 565 + 40, outputTokens: 48 + 6 });
    },
  },
  {
    file: 'anthropic-thinking.jsonl',
    format: 'anthropic',
    modelId: 'claude-sonnet-4-5-20250929',
    userText: 'Divide the previous result by 5.',
    replies: [{ fixture: 'anthropic-thinking.jsonl' }],
    check(conversation) {
      const [reply] = conversation.messages.filter((message) => message.role === 'assistant');
      expect(reply!.parts).toEqual([
        { type: 'reasoning', text: 'The previous result was 925. Now I need to divide that by 5.\n\n925 ÷ 5 = 185' },
        { type: 'text', text: '925 ÷ 5 = 185' },
      ]);
      expect(conversation.usage).toMatchObject({ inputTokens: 69, outputTokens: 53 });
    },
  },
];

/** A delta field of a chat completions recording, joined: the oracle, independent of any adapter. */
function contentOf(file: string, field: 'content' | 'reasoning_content'): string {
  return readFixture(file)
    .map((chunk) => (chunk as { choices?: Array<{ delta?: Record<string, unknown> }> }).choices?.[0]?.delta?.[field])
    .filter((value): value is string => typeof value === 'string')
    .join('');
}

/** The conversation with the known differences taken out, for the comparison. */
function comparable(conversation: Conversation, fixture: FixtureCase): Conversation {
  const withoutReasoning = fixture.differences?.reasoningOnlyInOurs
    ? conversation.messages.map((message) => ({ ...message, parts: message.parts.filter((part) => part.type !== 'reasoning') }))
    : conversation.messages;
  const usage = fixture.differences?.outputTokens ? { ...(conversation.usage as object), outputTokens: 'differs', totalTokens: 'differs' } : conversation.usage;
  return { ...conversation, messages: withoutReasoning, usage };
}

describe.each(cases)('$file', (fixture) => {
  const runs = new Map<string, FixtureRun>();
  const runOf = async (implementation: (typeof implementations)[number]) => {
    let run = runs.get(implementation);
    if (!run) {
      run = await runAgainstReplay(fixture.format, implementation, fixture.modelId, fixture.replies, fixture.userText);
      runs.set(implementation, run);
    }
    return run;
  };

  it('ends the turn normally, with one request per model step', async () => {
    for (const implementation of implementations) {
      const run = await runOf(implementation);
      expect(run.result, implementation).toEqual({ status: 'idle', error: null });
      expect(run.requests, implementation).toHaveLength(fixture.replies.length);
      expect(run.conversation.messages.every((message) => message.status === 'done'), implementation).toBe(true);
    }
  });

  it('has the content the recording holds (our adapter)', async () => {
    fixture.check((await runOf('ours')).conversation);
  });

  it('gives the same conversation as the official provider', async () => {
    const ours = (await runOf('ours')).conversation;
    const official = (await runOf('official')).conversation;
    expect(comparable(ours, fixture)).toEqual(comparable(official, fixture));
  });

  if (fixture.differences?.reasoningOnlyInOurs) {
    it('streams reasoning_content as reasoning, which the official OpenAI chat model leaves out', async () => {
      expect(assistantText((await runOf('ours')).conversation, 'reasoning')).not.toBe('');
      expect(assistantText((await runOf('official')).conversation, 'reasoning')).toBe('');
    });
  }

  const outputTokens = fixture.differences?.outputTokens;
  if (outputTokens) {
    it('counts reasoning tokens reported beside completion_tokens as output tokens', async () => {
      expect((await runOf('ours')).conversation.usage).toMatchObject({ outputTokens: outputTokens.ours });
      expect((await runOf('official')).conversation.usage).toMatchObject({ outputTokens: outputTokens.official });
    });
  }
});
