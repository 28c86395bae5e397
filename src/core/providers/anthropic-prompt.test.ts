import { describe, expect, it } from 'vitest';
import type { ProviderPrompt } from '../model/language-model';
import { toAnthropicMessages, toAnthropicTools } from './anthropic-prompt';

describe('toAnthropicMessages', () => {
  it('moves system messages to `system`, turns results into user tool_result blocks and merges turns of the same role', () => {
    const prompt: ProviderPrompt = [
      { role: 'system', content: 'Be brief.' },
      { role: 'system', content: 'Use metric units.' },
      { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Unsigned thinking cannot go back.' },
          { type: 'text', text: 'Checking.' },
          { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: { city: 'Oslo' } },
          { type: 'tool-call', toolCallId: 'toolu_2', toolName: 'read_file', input: '{"path":"/a"}' },
        ],
      },
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'toolu_1', toolName: 'weather', output: { type: 'json', value: { celsius: 4 } } },
          { type: 'tool-result', toolCallId: 'toolu_2', toolName: 'read_file', output: { type: 'error-text', value: 'No such file.' } },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'And tomorrow?' }] },
      { role: 'assistant', content: [{ type: 'reasoning', text: 'Dropped, and the turn with it.' }] },
      { role: 'user', content: [{ type: 'text', text: 'Hello?' }] },
    ];
    expect(toAnthropicMessages(prompt)).toEqual({
      system: 'Be brief.\n\nUse metric units.',
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Weather in Oslo?' }] },
        {
          role: 'assistant',
          content: [
            { type: 'text', text: 'Checking.' },
            { type: 'tool_use', id: 'toolu_1', name: 'weather', input: { city: 'Oslo' } },
            { type: 'tool_use', id: 'toolu_2', name: 'read_file', input: { path: '/a' } },
          ],
        },
        {
          role: 'user',
          content: [
            { type: 'tool_result', tool_use_id: 'toolu_1', content: '{"celsius":4}' },
            { type: 'tool_result', tool_use_id: 'toolu_2', content: 'No such file.', is_error: true },
            { type: 'text', text: 'And tomorrow?' },
            { type: 'text', text: 'Hello?' },
          ],
        },
      ],
    });
  });

  it('sends thinking back with its signature, redacted thinking with its data, and drops unsigned thinking', () => {
    const { messages } = toAnthropicMessages([
      { role: 'user', content: [{ type: 'text', text: 'Weather?' }] },
      {
        role: 'assistant',
        content: [
          { type: 'reasoning', text: 'Check the tool.', providerOptions: { anthropic: { signature: 'EvQB' } } },
          { type: 'reasoning', text: '', providerOptions: { anthropic: { redactedData: 'opaque' } } },
          { type: 'reasoning', text: 'Unsigned, from another provider.' },
          { type: 'tool-call', toolCallId: 't1', toolName: 'weather', input: {} },
        ],
      },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't1', toolName: 'weather', output: { type: 'text', value: 'Sunny' } }] },
    ]);
    expect(messages[1]!.content).toEqual([
      { type: 'thinking', thinking: 'Check the tool.', signature: 'EvQB' },
      { type: 'redacted_thinking', data: 'opaque' },
      { type: 'tool_use', id: 't1', name: 'weather', input: {} },
    ]);
  });

  it('writes every tool output variant', () => {
    const results = toAnthropicMessages([
      {
        role: 'tool',
        content: [
          { type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'text', value: 'plain' } },
          { type: 'tool-result', toolCallId: 'b', toolName: 't', output: { type: 'json', value: [1, 2] } },
          { type: 'tool-result', toolCallId: 'c', toolName: 't', output: { type: 'error-text', value: 'failed' } },
          { type: 'tool-result', toolCallId: 'd', toolName: 't', output: { type: 'error-json', value: { code: 'E1' } } },
          { type: 'tool-result', toolCallId: 'e', toolName: 't', output: { type: 'execution-denied', reason: 'No.' } },
          { type: 'tool-result', toolCallId: 'f', toolName: 't', output: { type: 'execution-denied' } },
        ],
      },
    ]).messages[0]!.content;
    expect(results).toEqual([
      { type: 'tool_result', tool_use_id: 'a', content: 'plain' },
      { type: 'tool_result', tool_use_id: 'b', content: '[1,2]' },
      { type: 'tool_result', tool_use_id: 'c', content: 'failed', is_error: true },
      { type: 'tool_result', tool_use_id: 'd', content: '{"code":"E1"}', is_error: true },
      { type: 'tool_result', tool_use_id: 'e', content: 'No.' },
      { type: 'tool_result', tool_use_id: 'f', content: 'Tool call execution denied.' },
    ]);
  });

  it('drops blank text blocks, which the API rejects, and leaves out `system` when there is none', () => {
    expect(
      toAnthropicMessages([
        { role: 'user', content: [{ type: 'text', text: ' ' }, { type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'text', text: '\n' }, { type: 'tool-call', toolCallId: 'x', toolName: 't', input: {} }] },
      ]),
    ).toEqual({
      messages: [
        { role: 'user', content: [{ type: 'text', text: 'Hi' }] },
        { role: 'assistant', content: [{ type: 'tool_use', id: 'x', name: 't', input: {} }] },
      ],
    });
  });
});

describe('toAnthropicTools', () => {
  const tools = [{ type: 'function' as const, name: 'weather', description: 'Weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];

  it('writes tools with input_schema and maps every tool choice', () => {
    expect(toAnthropicTools(tools, { type: 'auto' })).toEqual({
      tools: [{ name: 'weather', description: 'Weather for a city.', input_schema: tools[0]!.inputSchema }],
      tool_choice: { type: 'auto' },
    });
    expect(toAnthropicTools(tools, { type: 'required' }).tool_choice).toEqual({ type: 'any' });
    expect(toAnthropicTools(tools, { type: 'none' }).tool_choice).toEqual({ type: 'none' });
    expect(toAnthropicTools(tools, { type: 'tool', toolName: 'weather' }).tool_choice).toEqual({ type: 'tool', name: 'weather' });
    expect(toAnthropicTools(tools, undefined)).not.toHaveProperty('tool_choice');
    expect(toAnthropicTools([], { type: 'auto' })).toEqual({});
  });
});
