/**
 * Stream events in the shapes the OpenAI Chat Completions and Anthropic Messages APIs stream them,
 * for replies a test makes up (the recorded fixtures cover the real thing): a text answer or one
 * tool call, with the usage the test says the provider counted.
 */
import type { ReplayFormat } from './replay-server';

export interface Usage {
  input: number;
  output: number;
}

export function textEvents(format: ReplayFormat, text: string, usage: Usage): Array<Record<string, unknown>> {
  if (format === 'openai') {
    return [
      openaiChunk({ role: 'assistant', content: '' }),
      openaiChunk({ content: text }),
      openaiChunk({}, 'stop'),
      openaiUsage(usage),
    ];
  }
  return [
    anthropicStart(usage),
    { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } },
    { type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text } },
    { type: 'content_block_stop', index: 0 },
    ...anthropicEnd('end_turn', usage),
  ];
}

export function toolCallEvents(format: ReplayFormat, call: { id: string; name: string; input: object }, usage: Usage): Array<Record<string, unknown>> {
  const args = JSON.stringify(call.input);
  if (format === 'openai') {
    return [
      openaiChunk({ role: 'assistant', content: null, tool_calls: [{ index: 0, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }),
      openaiChunk({ tool_calls: [{ index: 0, function: { arguments: args } }] }),
      openaiChunk({}, 'tool_calls'),
      openaiUsage(usage),
    ];
  }
  return [
    anthropicStart(usage),
    { type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: call.id, name: call.name, input: {} } },
    { type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: args } },
    { type: 'content_block_stop', index: 0 },
    ...anthropicEnd('tool_use', usage),
  ];
}

function openaiChunk(delta: object, finishReason: string | null = null): Record<string, unknown> {
  return { id: 'chatcmpl-made', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finishReason }] };
}

function openaiUsage(usage: Usage): Record<string, unknown> {
  return { id: 'chatcmpl-made', object: 'chat.completion.chunk', choices: [], usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output } };
}

function anthropicStart(usage: Usage): Record<string, unknown> {
  return { type: 'message_start', message: { id: 'msg_made', type: 'message', role: 'assistant', content: [], usage: { input_tokens: usage.input, output_tokens: 1 } } };
}

function anthropicEnd(stopReason: string, usage: Usage): Array<Record<string, unknown>> {
  return [{ type: 'message_delta', delta: { stop_reason: stopReason, stop_sequence: null }, usage: { output_tokens: usage.output } }, { type: 'message_stop' }];
}
