import { describe, expect, it } from 'vitest';
import { isRetryableError } from '../model/retry-policy';
import { anthropicParts } from './anthropic-stream';
import type { ServerSentEvent } from './sse-parser';
import type { V3StreamPart } from './stream-parts';

const context = { label: 'Anthropic', url: 'https://api.anthropic.com/v1/messages', requestBody: {}, apiKey: 'sk-ant-secret' };

async function partsOf(events: ReadonlyArray<{ type: string; [key: string]: unknown }>): Promise<V3StreamPart[]> {
  async function* source(): AsyncGenerator<ServerSentEvent> {
    for (const event of events) yield { event: event.type, data: JSON.stringify(event) };
  }
  const parts: V3StreamPart[] = [];
  for await (const part of anthropicParts(source(), context)) parts.push(part);
  return parts;
}

const messageStart = { type: 'message_start', message: { usage: { input_tokens: 10, output_tokens: 1, cache_creation_input_tokens: 3, cache_read_input_tokens: 100 } } };
const blockStart = (index: number, block: object) => ({ type: 'content_block_start', index, content_block: block });
const blockDelta = (index: number, delta: object) => ({ type: 'content_block_delta', index, delta });
const blockStop = (index: number) => ({ type: 'content_block_stop', index });
const messageDelta = (stopReason: string, outputTokens: number) => ({ type: 'message_delta', delta: { stop_reason: stopReason }, usage: { output_tokens: outputTokens } });

describe('anthropicParts', () => {
  it('streams text, thinking with its signature (as provider metadata) and a tool call whose input arrives in pieces', async () => {
    const parts = await partsOf([
      messageStart,
      blockStart(0, { type: 'thinking', thinking: '', signature: '' }),
      blockDelta(0, { type: 'thinking_delta', thinking: 'Hmm.' }),
      blockDelta(0, { type: 'signature_delta', signature: 'EvQB' }),
      blockStop(0),
      { type: 'ping' },
      blockStart(1, { type: 'text', text: '' }),
      blockDelta(1, { type: 'text_delta', text: 'Let me check.' }),
      blockStop(1),
      blockStart(2, { type: 'tool_use', id: 'toolu_1', name: 'weather', input: {} }),
      blockDelta(2, { type: 'input_json_delta', partial_json: '' }),
      blockDelta(2, { type: 'input_json_delta', partial_json: '{"city": "Os' }),
      blockDelta(2, { type: 'input_json_delta', partial_json: 'lo"}' }),
      blockStop(2),
      messageDelta('tool_use', 42),
      { type: 'message_stop' },
    ]);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'reasoning-start', id: '0' },
      { type: 'reasoning-delta', id: '0', delta: 'Hmm.' },
      { type: 'reasoning-delta', id: '0', delta: '', providerMetadata: { anthropic: { signature: 'EvQB' } } },
      { type: 'reasoning-end', id: '0' },
      { type: 'text-start', id: '1' },
      { type: 'text-delta', id: '1', delta: 'Let me check.' },
      { type: 'text-end', id: '1' },
      { type: 'tool-input-start', id: 'toolu_1', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'toolu_1', delta: '{"city": "Os' },
      { type: 'tool-input-delta', id: 'toolu_1', delta: 'lo"}' },
      { type: 'tool-input-end', id: 'toolu_1' },
      { type: 'tool-call', toolCallId: 'toolu_1', toolName: 'weather', input: '{"city": "Oslo"}' },
      {
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: 'tool_use' },
        usage: { inputTokens: { total: 113, noCache: 10, cacheRead: 100, cacheWrite: 3 }, outputTokens: { total: 42, text: undefined, reasoning: undefined } },
      },
    ]);
  });

  it('streams redacted thinking as an empty reasoning part that carries its data', async () => {
    const parts = await partsOf([messageStart, blockStart(0, { type: 'redacted_thinking', data: 'opaque' }), blockStop(0), messageDelta('end_turn', 1), { type: 'message_stop' }]);
    expect(parts.slice(1, 3)).toEqual([
      { type: 'reasoning-start', id: '0', providerMetadata: { anthropic: { redactedData: 'opaque' } } },
      { type: 'reasoning-end', id: '0' },
    ]);
  });

  it('sends {} for a tool call without arguments, and takes an input given at the block start', async () => {
    const parts = await partsOf([
      messageStart,
      blockStart(0, { type: 'tool_use', id: 'a', name: 'list', input: {} }),
      blockStop(0),
      blockStart(1, { type: 'tool_use', id: 'b', name: 'read', input: { path: '/x' } }),
      blockStop(1),
      messageDelta('tool_use', 5),
      { type: 'message_stop' },
    ]);
    expect(parts.filter((part) => part.type === 'tool-call')).toEqual([
      { type: 'tool-call', toolCallId: 'a', toolName: 'list', input: '{}' },
      { type: 'tool-call', toolCallId: 'b', toolName: 'read', input: '{"path":"/x"}' },
    ]);
  });

  it('maps stop reasons', async () => {
    const reasonOf = async (stopReason: string) => ((await partsOf([messageStart, messageDelta(stopReason, 1), { type: 'message_stop' }])).at(-1) as { finishReason: unknown }).finishReason;
    expect(await reasonOf('end_turn')).toEqual({ unified: 'stop', raw: 'end_turn' });
    expect(await reasonOf('stop_sequence')).toEqual({ unified: 'stop', raw: 'stop_sequence' });
    expect(await reasonOf('max_tokens')).toEqual({ unified: 'length', raw: 'max_tokens' });
    expect(await reasonOf('refusal')).toEqual({ unified: 'content-filter', raw: 'refusal' });
    expect(await reasonOf('something_new')).toEqual({ unified: 'other', raw: 'something_new' });
  });

  it('ends without a finish when the stream stops before the stop reason, and with one when only message_stop is missing', async () => {
    const cut = await partsOf([messageStart, blockStart(0, { type: 'text', text: '' }), blockDelta(0, { type: 'text_delta', text: 'Part' })]);
    expect(cut.map((part) => part.type)).toEqual(['stream-start', 'text-start', 'text-delta']);
    const almost = await partsOf([messageStart, blockStart(0, { type: 'text', text: '' }), blockStop(0), messageDelta('end_turn', 2)]);
    expect(almost.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
  });

  it('turns an error event into a retryable error part for an overload, and a final one for a bad request', async () => {
    const overloaded = await partsOf([messageStart, { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } }]);
    const error = (overloaded.at(-1) as { type: 'error'; error: { statusCode: number; message: string } }).error;
    expect(overloaded.at(-1)!.type).toBe('error');
    expect(error.statusCode).toBe(529);
    expect(error.message).toBe('Anthropic reported an error in the stream (529): Overloaded');
    expect(isRetryableError(error)).toBe(true);
    const invalid = await partsOf([{ type: 'error', error: { type: 'invalid_request_error', message: 'bad' } }]);
    expect(isRetryableError((invalid.at(-1) as { error: unknown }).error)).toBe(false);
  });
});
