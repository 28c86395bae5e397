/**
 * Contract: what the model receives. For a conversation with a tool call and its result, our
 * adapters send the same messages (roles, tool call ids, names, arguments, results) as the
 * official AI SDK providers, the same tools and tool choice, the agent's output token limit
 * and temperature, and the headers each API needs.
 *
 * Known differences, asserted as such: the official Anthropic provider sends `system` as an
 * array of text blocks (ours: a string, which the API also takes) and marks every tool with
 * `eager_input_streaming` (a beta header comes with it); ours sends neither.
 */
import { describe, expect, it } from 'vitest';
import { defineTool } from '../../../src/core/index';
import { openAICompatible } from '../../../src/core/providers/index';
import { apiKey, createTestAgent, implementations, modelFor, runAgainstReplay, updateIssueListTool, type FixtureRun, type Implementation } from './agent-runs';
import { startReplayServer, type ReplayFormat, type ReplayReply } from './replay-server';

const options = { limits: { maxOutputTokens: 500 }, temperature: 0.3 };

async function bothRuns(format: ReplayFormat, modelId: string, replies: ReplayReply[], userText: string, extra = {}): Promise<Record<'ours' | 'official', FixtureRun>> {
  const [ours, official] = await Promise.all(implementations.map((implementation) => runAgainstReplay(format, implementation, modelId, replies, userText, { ...options, ...extra })));
  return { ours: ours!, official: official! };
}

describe('OpenAI-compatible requests', () => {
  it('send the tool call and its result like the official provider, with the same tools and options', async () => {
    const { ours, official } = await bothRuns('openai', 'llama-3.3-70b-versatile', [{ fixture: 'groq-chat-tool-call.jsonl' }, { text: 'Sunny.' }], 'What is the weather?');
    const [ourRequest, officialRequest] = [ours.requests[1]!, official.requests[1]!];
    expect(ourRequest.path).toBe('/v1/chat/completions');
    expect(ourRequest.body.messages).toEqual([
      { role: 'system', content: 'You are a concise assistant.' },
      { role: 'user', content: 'What is the weather?' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'tk85n1k4m', type: 'function', function: { name: 'weather', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'tk85n1k4m', content: '{"location":"here","temperature":72}' },
    ]);
    for (const field of ['model', 'messages', 'tools', 'tool_choice', 'max_tokens', 'temperature', 'stream', 'stream_options']) {
      expect(ourRequest.body[field], field).toEqual(officialRequest.body[field]);
    }
    expect(ourRequest.body).toMatchObject({ max_tokens: 500, temperature: 0.3, stream: true, stream_options: { include_usage: true } });
    expect(ourRequest.headers.authorization).toBe(`Bearer ${apiKey}`);
    expect(ourRequest.headers['content-type']).toBe('application/json');
  });

  it('send a failed tool call as an error result, like the official provider', async () => {
    const failingWeather = defineTool({
      name: 'weather',
      description: 'The weather for a location.',
      inputSchema: { type: 'object', properties: { location: { type: 'string' } } },
      execute: () => {
        throw new Error('Weather service unavailable.');
      },
    });
    const { ours, official } = await bothRuns('openai', 'grok-3-mini', [{ fixture: 'xai-chat-tool-call-reasoning.jsonl' }, { text: 'Sorry.' }], 'Weather in SF?', {
      tools: [failingWeather, updateIssueListTool],
    });
    const toolMessage = (ours.requests[1]!.body.messages as Array<{ role: string; content: string }>).at(-1)!;
    expect(toolMessage).toEqual({ role: 'tool', tool_call_id: 'call_79382389', content: expect.stringContaining('Weather service unavailable.') });
    expect(JSON.parse(toolMessage.content)).toHaveProperty('error');
    expect(ours.requests[1]!.body.messages).toEqual(official.requests[1]!.body.messages);
  });

  it('do not send reasoning back, like the official provider', async () => {
    const [ourMessages, officialMessages] = await Promise.all(
      implementations.map(async (implementation) => (await secondTurn('openai', implementation, 'deepseek-reasoner', 'deepseek-chat-reasoning.jsonl')).messages),
    );
    expect(ourMessages).toEqual([
      { role: 'system', content: 'You are a concise assistant.' },
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'The word "strawberry" contains three "r"s.' },
      { role: 'user', content: 'Second question' },
    ]);
    expect(ourMessages).toEqual(officialMessages);
  });

  it('send no Authorization header without a key (local servers), and max_completion_tokens to api.openai.com', async () => {
    const server = await startReplayServer('openai');
    try {
      server.reply({ text: 'Hi.' });
      await createTestAgent(openAICompatible({ baseURL: server.baseURL, model: 'llama3.2' }), options).send('Hello');
      expect(server.requests[0]!.headers.authorization).toBeUndefined();
      expect(server.requests[0]!.body).toMatchObject({ model: 'llama3.2', max_tokens: 500 });

      server.reply({ text: 'Hi.' });
      const toReplay: typeof fetch = (url, init) => fetch((typeof url === 'string' ? url : url instanceof URL ? url.href : url.url).replace('https://api.openai.com/v1', server.baseURL), init);
      await createTestAgent(openAICompatible({ baseURL: 'https://api.openai.com/v1/', apiKey, model: 'gpt-5-mini', fetch: toReplay, headers: { 'OpenAI-Organization': 'org-1' } }), options).send('Hello');
      const request = server.requests[1]!;
      expect(request.path).toBe('/v1/chat/completions');
      expect(request.body).toMatchObject({ model: 'gpt-5-mini', max_completion_tokens: 500 });
      expect(request.body).not.toHaveProperty('max_tokens');
      expect(request.headers['openai-organization']).toBe('org-1');
    } finally {
      await server.close();
    }
  });
});

describe('Anthropic requests', () => {
  it('send the tool use and its result like the official provider, with the headers the API needs', async () => {
    const { ours, official } = await bothRuns('anthropic', 'claude-sonnet-4-5-20250929', [{ fixture: 'anthropic-text-and-tool-use.jsonl' }, { text: 'Done.' }], 'Update the issues.');
    const [ourRequest, officialRequest] = [ours.requests[1]!, official.requests[1]!];
    expect(ourRequest.path).toBe('/v1/messages');
    expect(ourRequest.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Update the issues.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: "I'll update the issue list for you." },
          { type: 'tool_use', id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', name: 'updateIssueList', input: {} },
        ],
      },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01QE1WLsSVp5hy5Q3GmGTmjP', content: 'Updated 3 issues.' }] },
    ]);
    expect(ourRequest.body.messages).toEqual(officialRequest.body.messages);
    for (const field of ['model', 'max_tokens', 'temperature', 'tool_choice', 'stream']) expect(ourRequest.body[field], field).toEqual(officialRequest.body[field]);
    expect(ourRequest.body).toMatchObject({ max_tokens: 500, temperature: 0.3, system: 'You are a concise assistant.' });
    expect(officialRequest.body.system).toEqual([{ type: 'text', text: 'You are a concise assistant.' }]);
    const withoutEagerStreaming = (officialRequest.body.tools as Array<Record<string, unknown>>).map(({ eager_input_streaming: _eager, ...tool }) => tool);
    expect(ourRequest.body.tools).toEqual(withoutEagerStreaming);
    expect(ourRequest.headers).toMatchObject({
      'x-api-key': apiKey,
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
      'content-type': 'application/json',
    });
  });

  it('send thinking back with its signature, like the official provider (Anthropic wants it before tool use)', async () => {
    const [ourMessages, officialMessages] = await Promise.all(
      implementations.map(async (implementation) => (await secondTurn('anthropic', implementation, 'claude-sonnet-4-5-20250929', 'anthropic-thinking.jsonl')).messages),
    );
    expect(ourMessages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'First question' }] },
      {
        role: 'assistant',
        content: [
          { type: 'thinking', thinking: expect.stringContaining('925 ÷ 5 = 185'), signature: expect.stringMatching(/^EvQBCkYI/) },
          { type: 'text', text: '925 ÷ 5 = 185' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Second question' }] },
    ]);
    expect(ourMessages).toEqual(officialMessages);
  });

  it('send max_tokens 8192 when the agent sets no limit (the API requires one)', async () => {
    const run = await runAgainstReplay('anthropic', 'ours', 'claude-sonnet-4-5-20250929', [{ text: 'Hi.' }], 'Hello');
    expect(run.requests[0]!.body.max_tokens).toBe(8192);
    expect(run.requests[0]!.body).not.toHaveProperty('temperature');
  });
});

/** The request body of a second user turn, after the model answered the first with `fixture`. */
async function secondTurn(format: ReplayFormat, implementation: Implementation, modelId: string, fixture: string): Promise<Record<string, unknown>> {
  const server = await startReplayServer(format);
  try {
    server.reply({ fixture }, { text: 'Yes.' });
    const agent = createTestAgent(modelFor(format, implementation, server.baseURL, modelId));
    await agent.send('First question');
    await agent.send('Second question');
    expect(server.requests).toHaveLength(2);
    return server.requests[1]!.body;
  } finally {
    await server.close();
  }
}
