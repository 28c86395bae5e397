import { MockLanguageModelV3, MockLanguageModelV4, convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { defineTool } from '../tools/define-tool';
import type { LanguageModel, ModelCallOptions } from '../model/language-model';
import { createAgent } from './create-agent';

const usageV3 = {
  inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 7, text: 7, reasoning: undefined },
};

/** Stream parts shared by spec v3 and v4 (v4 only adds fields). */
function textParts(...deltas: string[]) {
  return [
    { type: 'stream-start' as const, warnings: [] },
    { type: 'text-start' as const, id: '0' },
    ...deltas.map((delta) => ({ type: 'text-delta' as const, id: '0', delta })),
    { type: 'text-end' as const, id: '0' },
    { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: 'stop' }, usage: usageV3 },
  ];
}

function toolCallParts(toolCallId: string, toolName: string, input: string) {
  return [
    { type: 'tool-input-start' as const, id: toolCallId, toolName },
    { type: 'tool-input-delta' as const, id: toolCallId, delta: input },
    { type: 'tool-input-end' as const, id: toolCallId },
    { type: 'tool-call' as const, toolCallId, toolName, input },
    { type: 'finish' as const, finishReason: { unified: 'tool-calls' as const, raw: 'tool_calls' }, usage: usageV3 },
  ];
}

function textOf(agent: ReturnType<typeof createAgent>, index: number): string {
  const message = agent.getState().messages[index];
  return (message?.parts ?? []).map((part) => (part.type === 'text' ? part.text : '')).join('');
}

describe('createAgent with AI SDK mock models', () => {
  it.each([
    ['v3', () => new MockLanguageModelV3({ doStream: { stream: convertArrayToReadableStream(textParts('Hello', ', ', 'world')) } })],
    ['v4', () => new MockLanguageModelV4({ doStream: { stream: convertArrayToReadableStream(textParts('Hello', ', ', 'world')) } })],
  ])('streams a reply from a spec %s model and sends it the conversation', async (_version, makeModel) => {
    const model = makeModel();
    const agent = createAgent({ model, instructions: 'Be brief.' });
    const result = await agent.send('Hi there');
    expect(result).toEqual({ status: 'idle', error: null });
    const state = agent.getState();
    expect(state.messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'done'],
      ['assistant', 'done'],
    ]);
    expect(textOf(agent, 1)).toBe('Hello, world');
    expect(state.usage).toMatchObject({ inputTokens: 12, outputTokens: 7, totalTokens: 19 });
    expect(model.doStreamCalls[0]!.prompt).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: [{ type: 'text', text: 'Hi there' }] },
    ]);
  });

  it('runs a multi-step loop: tool call, result to the model, final answer', async () => {
    const model = new MockLanguageModelV4({
      doStream: [
        { stream: convertArrayToReadableStream(toolCallParts('call-1', 'add', '{"a":2,"b":3}')) },
        { stream: convertArrayToReadableStream(textParts('The sum is 5.')) },
      ],
    });
    const add = defineTool({
      name: 'add',
      description: 'Adds two numbers.',
      inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } }, required: ['a', 'b'] },
      execute: ({ a, b }: { a: number; b: number }) => a + b,
    });
    const agent = createAgent({ model, tools: [add] });
    await agent.send('What is 2 + 3?');

    const state = agent.getState();
    expect(state.toolCalls).toHaveLength(1);
    expect(state.toolCalls[0]).toMatchObject({ id: 'call-1', name: 'add', input: { a: 2, b: 3 }, state: 'output-available', output: 5 });
    expect(state.toolCalls[0]!.audit.map((entry) => entry.state)).toEqual(['input-streaming', 'input-available', 'running', 'output-available']);
    expect(textOf(agent, 2)).toBe('The sum is 5.');
    expect(model.doStreamCalls[0]!.tools).toEqual([
      { type: 'function', name: 'add', description: 'Adds two numbers.', inputSchema: add.inputSchema },
    ]);
    expect(model.doStreamCalls[1]!.prompt.slice(-2)).toEqual([
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'add', input: { a: 2, b: 3 } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'add', output: { type: 'json', value: 5 } }] },
    ]);
  });

  it('gives the model an error result for an unknown tool and goes on', async () => {
    const model = new MockLanguageModelV3({
      doStream: [
        { stream: convertArrayToReadableStream(toolCallParts('c1', 'nope', '{}')) },
        { stream: convertArrayToReadableStream(textParts('Sorry.')) },
      ],
    });
    const agent = createAgent({ model, tools: [defineTool({ name: 'real', description: '', inputSchema: { type: 'object' }, execute: () => 1 })] });
    await agent.send('go');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-error' });
    const toolMessage = model.doStreamCalls[1]!.prompt.at(-1)!;
    expect(toolMessage).toMatchObject({ role: 'tool', content: [{ output: { type: 'error-text' } }] });
    expect(JSON.stringify(toolMessage)).toContain('Unknown tool \\"nope\\". Available tools: real.');
  });

  it('turns a throwing tool and unparsable arguments into error results', async () => {
    const model = new MockLanguageModelV3({
      doStream: [
        {
          stream: convertArrayToReadableStream([
            { type: 'tool-call', toolCallId: 'a', toolName: 'boom', input: '{}' },
            { type: 'tool-call', toolCallId: 'b', toolName: 'boom', input: '{not json' },
            { type: 'finish', finishReason: { unified: 'tool-calls', raw: undefined }, usage: usageV3 },
          ]),
        },
        { stream: convertArrayToReadableStream(textParts('ok')) },
      ],
    });
    const boom = defineTool({ name: 'boom', description: '', inputSchema: { type: 'object' }, execute: () => { throw new Error('disk full'); } });
    const agent = createAgent({ model, tools: [boom] });
    await agent.send('go');
    const [first, second] = agent.getState().toolCalls;
    expect(first).toMatchObject({ state: 'output-error', error: 'The tool "boom" failed: disk full' });
    expect(second!.state).toBe('output-error');
    expect(second!.error).toMatch(/not valid JSON/);
    expect(agent.getState().status).toBe('idle');
  });

  it('stops at limits.maxSteps with a notice and a valid history', async () => {
    const model = new MockLanguageModelV3({
      doStream: () => Promise.resolve({ stream: convertArrayToReadableStream(toolCallParts(`c${Math.random()}`, 'tick', '{}')) }),
    });
    const agent = createAgent({
      model,
      tools: [defineTool({ name: 'tick', description: '', inputSchema: { type: 'object' }, execute: () => 'tock' })],
      limits: { maxSteps: 2 },
    });
    const result = await agent.send('loop forever');
    expect(result.status).toBe('idle');
    expect(model.doStreamCalls).toHaveLength(2);
    const last = agent.getState().messages.at(-1)!;
    expect(last.parts.at(-1)).toMatchObject({ type: 'notice', code: 'limit-max-steps' });
    expect(agent.getState().toolCalls.every((call) => call.state === 'output-available')).toBe(true);
  });
});

describe('createAgent with a hand-written spec v2 model', () => {
  it('normalizes v2 usage and finish reason', async () => {
    const calls: unknown[] = [];
    const model: LanguageModel = {
      specificationVersion: 'v2',
      provider: 'hand-written',
      modelId: 'v2-model',
      async doStream(options: ModelCallOptions) {
        calls.push(options.prompt);
        return {
          stream: convertArrayToReadableStream([
            { type: 'stream-start', warnings: [] },
            { type: 'reasoning-start', id: 'r' },
            { type: 'reasoning-delta', id: 'r', delta: 'Thinking.' },
            { type: 'reasoning-end', id: 'r' },
            { type: 'text-start', id: 't' },
            { type: 'text-delta', id: 't', delta: 'v2 says hi' },
            { type: 'text-end', id: 't' },
            { type: 'finish', finishReason: 'stop', usage: { inputTokens: 4, outputTokens: 3, totalTokens: 7, reasoningTokens: 1 } },
          ]),
        };
      },
    };
    const agent = createAgent({ model });
    await agent.send('hello v2');
    const reply = agent.getState().messages[1]!;
    expect(reply.parts).toMatchObject([
      { type: 'reasoning', text: 'Thinking.', status: 'done' },
      { type: 'text', text: 'v2 says hi', status: 'done' },
    ]);
    expect(agent.getState().usage).toEqual({ inputTokens: 4, outputTokens: 3, reasoningTokens: 1, cachedInputTokens: 0, totalTokens: 7 });
    expect(calls).toEqual([[{ role: 'user', content: [{ type: 'text', text: 'hello v2' }] }]]);
  });
});
