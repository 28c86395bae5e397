import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { isRetryableError } from '../model/retry-policy';
import { chatCompletionsParts } from './openai-compatible-stream';
import type { ServerSentEvent } from './sse-parser';
import type { V3StreamPart } from './stream-parts';

const context = { label: 'test server', url: 'http://localhost/v1/chat/completions', requestBody: {}, apiKey: 'sk-secret' };

async function partsOf(chunks: ReadonlyArray<object | string>): Promise<V3StreamPart[]> {
  async function* events(): AsyncGenerator<ServerSentEvent> {
    for (const chunk of chunks) yield { event: undefined, data: typeof chunk === 'string' ? chunk : JSON.stringify(chunk) };
  }
  const parts: V3StreamPart[] = [];
  for await (const part of chatCompletionsParts(events(), context)) parts.push(part);
  return parts;
}

const delta = (value: object, finishReason: string | null = null) => ({ choices: [{ index: 0, delta: value, finish_reason: finishReason }] });

describe('chatCompletionsParts', () => {
  it('emits parts of the AI SDK v3 stream part type', () => {
    expectTypeOf<V3StreamPart>().toExtend<LanguageModelV3StreamPart>();
  });

  it('assembles tool calls from argument pieces by index, and emits them with the finish', async () => {
    const parts = await partsOf([
      delta({ role: 'assistant', content: null }),
      delta({ tool_calls: [{ index: 0, id: 'call_a', type: 'function', function: { name: 'weather', arguments: '' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: '{"ci' } }] }),
      delta({ tool_calls: [{ index: 1, id: 'call_b', type: 'function', function: { name: 'time', arguments: '{"zone":' } }] }),
      delta({ tool_calls: [{ index: 0, function: { arguments: 'ty":"Oslo"}' } }] }),
      delta({ tool_calls: [{ index: 1, function: { arguments: '"UTC"}' } }] }),
      delta({}, 'tool_calls'),
      { choices: [], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } },
      '[DONE]',
    ]);
    expect(parts).toEqual([
      { type: 'stream-start', warnings: [] },
      { type: 'tool-input-start', id: 'call_a', toolName: 'weather' },
      { type: 'tool-input-delta', id: 'call_a', delta: '{"ci' },
      { type: 'tool-input-start', id: 'call_b', toolName: 'time' },
      { type: 'tool-input-delta', id: 'call_b', delta: '{"zone":' },
      { type: 'tool-input-delta', id: 'call_a', delta: 'ty":"Oslo"}' },
      { type: 'tool-input-delta', id: 'call_b', delta: '"UTC"}' },
      { type: 'tool-input-end', id: 'call_a' },
      { type: 'tool-call', toolCallId: 'call_a', toolName: 'weather', input: '{"city":"Oslo"}' },
      { type: 'tool-input-end', id: 'call_b' },
      { type: 'tool-call', toolCallId: 'call_b', toolName: 'time', input: '{"zone":"UTC"}' },
      {
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
        usage: { inputTokens: { total: 10, noCache: 10, cacheRead: undefined, cacheWrite: undefined }, outputTokens: { total: 5, text: 5, reasoning: undefined } },
      },
    ]);
  });

  it('starts a new call for a new id at a reused index, generates missing ids and sends {} for empty arguments', async () => {
    const parts = await partsOf([
      delta({ tool_calls: [{ index: 0, id: 'x', function: { name: 'a', arguments: '{}' } }] }),
      delta({ tool_calls: [{ index: 0, id: 'y', function: { name: 'b', arguments: '{"n":1}' } }] }),
      delta({ tool_calls: [{ function: { name: 'c' } }] }),
      delta({}, 'tool_calls'),
      '[DONE]',
    ]);
    const calls = parts.filter((part) => part.type === 'tool-call');
    expect(calls.map((call) => [call.toolName, call.input])).toEqual([
      ['a', '{}'],
      ['b', '{"n":1}'],
      ['c', '{}'],
    ]);
    expect(calls[0]!.toolCallId).toBe('x');
    expect(calls[1]!.toolCallId).toBe('y');
    expect(calls[2]!.toolCallId).toMatch(/^call_\w+$/);
  });

  it('reads reasoning from reasoning_content and reasoning, each run of text or reasoning its own part', async () => {
    const parts = await partsOf([
      delta({ role: 'assistant', content: '', reasoning_content: '' }),
      delta({ reasoning_content: 'Think' }),
      delta({ reasoning: 'ing.' }),
      delta({ content: 'Answer' }),
      delta({ reasoning: 'More.' }),
      delta({ content: '.' }, 'stop'),
      '[DONE]',
    ]);
    expect(parts.slice(1, -1)).toEqual([
      { type: 'reasoning-start', id: 'reasoning-0' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'Think' },
      { type: 'reasoning-delta', id: 'reasoning-0', delta: 'ing.' },
      { type: 'reasoning-end', id: 'reasoning-0' },
      { type: 'text-start', id: 'text-1' },
      { type: 'text-delta', id: 'text-1', delta: 'Answer' },
      { type: 'text-end', id: 'text-1' },
      { type: 'reasoning-start', id: 'reasoning-2' },
      { type: 'reasoning-delta', id: 'reasoning-2', delta: 'More.' },
      { type: 'reasoning-end', id: 'reasoning-2' },
      { type: 'text-start', id: 'text-3' },
      { type: 'text-delta', id: 'text-3', delta: '.' },
      { type: 'text-end', id: 'text-3' },
    ]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' } });
  });

  it('ends without a finish (and without half-built tool calls) when the stream stops before a finish reason', async () => {
    const parts = await partsOf([delta({ content: 'Partial' }), delta({ tool_calls: [{ index: 0, id: 'c', function: { name: 't', arguments: '{"a"' } }] })]);
    expect(parts.map((part) => part.type)).toEqual(['stream-start', 'text-start', 'text-delta', 'tool-input-start', 'tool-input-delta']);
  });

  it('finishes at the end of a stream with a finish reason but no [DONE] (servers that never send it)', async () => {
    const parts = await partsOf([delta({ content: 'Hi' }, 'length')]);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'length', raw: 'length' } });
  });

  it('maps finish reasons; a refusal is text and finishes as content-filter', async () => {
    expect((await partsOf([delta({}, 'content_filter'), '[DONE]'])).at(-1)).toMatchObject({ finishReason: { unified: 'content-filter' } });
    expect((await partsOf([delta({}, 'function_call'), '[DONE]'])).at(-1)).toMatchObject({ finishReason: { unified: 'tool-calls' } });
    expect((await partsOf([delta({}, 'eos'), '[DONE]'])).at(-1)).toMatchObject({ finishReason: { unified: 'other', raw: 'eos' } });
    expect((await partsOf(['[DONE]'])).at(-1)).toMatchObject({ finishReason: { unified: 'other', raw: undefined } });
    const refusal = await partsOf([delta({ refusal: 'I cannot help.' }, 'stop'), '[DONE]']);
    expect(refusal).toContainEqual({ type: 'text-delta', id: 'text-0', delta: 'I cannot help.' });
    expect(refusal.at(-1)).toMatchObject({ finishReason: { unified: 'content-filter', raw: 'stop' } });
  });

  it('counts reasoning and cached tokens, also when the server counts reasoning beside completion_tokens (xAI)', async () => {
    const usageOf = async (usage: object) => ((await partsOf([delta({}, 'stop'), { choices: [], usage }, '[DONE]'])).at(-1) as { usage: unknown }).usage;
    expect(
      await usageOf({ prompt_tokens: 100, completion_tokens: 50, total_tokens: 150, prompt_tokens_details: { cached_tokens: 60 }, completion_tokens_details: { reasoning_tokens: 20 } }),
    ).toEqual({ inputTokens: { total: 100, noCache: 40, cacheRead: 60, cacheWrite: undefined }, outputTokens: { total: 50, text: 30, reasoning: 20 } });
    expect(await usageOf({ prompt_tokens: 307, completion_tokens: 26, total_tokens: 560, completion_tokens_details: { reasoning_tokens: 227 } })).toMatchObject({
      outputTokens: { total: 253, text: 26, reasoning: 227 },
    });
    expect((await partsOf([delta({}, 'stop'), '[DONE]'])).at(-1)).toMatchObject({ usage: { inputTokens: { total: undefined }, outputTokens: { total: undefined } } });
  });

  it('turns an error chunk into an error part shaped like APICallError, without the key', async () => {
    const parts = await partsOf([delta({ content: 'x' }), { error: { message: 'Upstream failed for key sk-secret', type: 'server_error', code: 502 } }, '[DONE]']);
    const last = parts.at(-1) as { type: string; error: { message: string; statusCode: number } };
    expect(last.type).toBe('error');
    expect(last.error.statusCode).toBe(502);
    expect(isRetryableError(last.error)).toBe(true);
    expect(last.error.message).toBe('test server reported an error in the stream (502): Upstream failed for key [redacted]');
    expect(parts.some((part) => part.type === 'finish')).toBe(false);
  });

  it('skips data that is not JSON', async () => {
    expect((await partsOf(['keep-alive', delta({ content: 'ok' }, 'stop'), '[DONE]'])).filter((part) => part.type === 'text-delta')).toHaveLength(1);
  });
});
