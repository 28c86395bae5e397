import { describe, expect, it } from 'vitest';
import type { ProviderPrompt } from '../model/language-model';
import { toChatCompletionsMessages, toChatCompletionsTools } from './openai-compatible-prompt';

const prompt: ProviderPrompt = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: [{ type: 'text', text: 'Check the weather and the files.' }] },
  {
    role: 'assistant',
    content: [
      { type: 'reasoning', text: 'I should call the tools.' },
      { type: 'text', text: 'Looking ' },
      { type: 'text', text: 'now.' },
      { type: 'tool-call', toolCallId: 'call_1', toolName: 'weather', input: { city: 'Oslo' } },
      { type: 'tool-call', toolCallId: 'call_2', toolName: 'read_file', input: { path: '/a.txt' } },
      { type: 'tool-call', toolCallId: 'call_3', toolName: 'delete_file', input: {} },
      { type: 'tool-call', toolCallId: 'call_4', toolName: 'lookup', input: {} },
      { type: 'tool-call', toolCallId: 'call_5', toolName: 'bash', input: {} },
    ],
  },
  {
    role: 'tool',
    content: [
      { type: 'tool-result', toolCallId: 'call_1', toolName: 'weather', output: { type: 'json', value: { celsius: 4 } } },
      { type: 'tool-result', toolCallId: 'call_2', toolName: 'read_file', output: { type: 'text', value: '1: hello' } },
      { type: 'tool-result', toolCallId: 'call_3', toolName: 'delete_file', output: { type: 'execution-denied', reason: 'Not today.' } },
      { type: 'tool-result', toolCallId: 'call_4', toolName: 'lookup', output: { type: 'error-json', value: { code: 'E1' } } },
      { type: 'tool-result', toolCallId: 'call_5', toolName: 'bash', output: { type: 'error-text', value: 'Timed out.' } },
    ],
  },
  { role: 'assistant', content: [{ type: 'reasoning', text: 'Only thinking.' }] },
  { role: 'assistant', content: [{ type: 'text', text: 'It is 4 °C.' }] },
  { role: 'user', content: [{ type: 'text', text: 'Thanks.' }, { type: 'text', text: 'And tomorrow?' }] },
];

describe('toChatCompletionsMessages', () => {
  it('writes system, user, assistant tool calls and one tool message per result, without reasoning', () => {
    expect(toChatCompletionsMessages(prompt)).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Check the weather and the files.' },
      {
        role: 'assistant',
        content: 'Looking now.',
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'weather', arguments: '{"city":"Oslo"}' } },
          { id: 'call_2', type: 'function', function: { name: 'read_file', arguments: '{"path":"/a.txt"}' } },
          { id: 'call_3', type: 'function', function: { name: 'delete_file', arguments: '{}' } },
          { id: 'call_4', type: 'function', function: { name: 'lookup', arguments: '{}' } },
          { id: 'call_5', type: 'function', function: { name: 'bash', arguments: '{}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '{"celsius":4}' },
      { role: 'tool', tool_call_id: 'call_2', content: '1: hello' },
      { role: 'tool', tool_call_id: 'call_3', content: 'Not today.' },
      { role: 'tool', tool_call_id: 'call_4', content: '{"error":{"code":"E1"}}' },
      { role: 'tool', tool_call_id: 'call_5', content: '{"error":"Timed out."}' },
      { role: 'assistant', content: 'It is 4 °C.' },
      { role: 'user', content: [{ type: 'text', text: 'Thanks.' }, { type: 'text', text: 'And tomorrow?' }] },
    ]);
  });

  it('sends null content for an assistant turn that only calls tools, and a default reason for a denial without one', () => {
    expect(
      toChatCompletionsMessages([
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'a', toolName: 't', input: '{"x":1}' }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'a', toolName: 't', output: { type: 'execution-denied' } }] },
      ]),
    ).toEqual([
      { role: 'assistant', content: null, tool_calls: [{ id: 'a', type: 'function', function: { name: 't', arguments: '{"x":1}' } }] },
      { role: 'tool', tool_call_id: 'a', content: 'Tool call execution denied.' },
    ]);
  });
});

describe('toChatCompletionsTools', () => {
  const tools = [{ type: 'function' as const, name: 'weather', description: 'Weather for a city.', inputSchema: { type: 'object', properties: { city: { type: 'string' } } } }];

  it('writes function tools with their JSON schema as parameters', () => {
    expect(toChatCompletionsTools(tools, { type: 'auto' })).toEqual({
      tools: [{ type: 'function', function: { name: 'weather', description: 'Weather for a city.', parameters: tools[0]!.inputSchema } }],
      tool_choice: 'auto',
    });
  });

  it('maps every tool choice', () => {
    expect(toChatCompletionsTools(tools, { type: 'none' }).tool_choice).toBe('none');
    expect(toChatCompletionsTools(tools, { type: 'required' }).tool_choice).toBe('required');
    expect(toChatCompletionsTools(tools, { type: 'tool', toolName: 'weather' }).tool_choice).toEqual({ type: 'function', function: { name: 'weather' } });
    expect(toChatCompletionsTools(tools, undefined)).not.toHaveProperty('tool_choice');
  });

  it('sends nothing without tools (some local servers reject an empty list)', () => {
    expect(toChatCompletionsTools([], { type: 'auto' })).toEqual({});
    expect(toChatCompletionsTools(undefined, undefined)).toEqual({});
  });
});
