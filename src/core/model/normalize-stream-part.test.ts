import { describe, expect, it } from 'vitest';
import { normalizeStreamPart } from './normalize-stream-part';
import { StreamInterruptedError } from './stream-interrupted-error';

describe('normalizeStreamPart', () => {
  it('reads the finish of every version: v2 flat, v3 and v4 nested', () => {
    expect(normalizeStreamPart('v2', { type: 'finish', finishReason: 'tool-calls', usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8, reasoningTokens: 1 } })).toEqual({
      type: 'finish',
      finishReason: 'tool-calls',
      usage: { inputTokens: 3, outputTokens: 5, reasoningTokens: 1, cachedInputTokens: 0, totalTokens: 8 },
    });
    const nested = { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' }, usage: { inputTokens: { total: 10, cacheRead: 4 }, outputTokens: { total: 6, reasoning: 2 } } };
    for (const version of ['v3', 'v4'] as const) {
      expect(normalizeStreamPart(version, nested)).toEqual({ type: 'finish', finishReason: 'stop', rawFinishReason: 'end_turn', usage: { inputTokens: 10, outputTokens: 6, reasoningTokens: 2, cachedInputTokens: 4, totalTokens: 16 } });
    }
  });

  it('a v4 finish with reason "interrupted" is an interrupted stream, not a complete reply', () => {
    const event = normalizeStreamPart('v4', { type: 'finish', finishReason: { unified: 'interrupted', raw: undefined }, usage: {} });
    expect(event).toMatchObject({ type: 'error' });
    expect((event as { error: unknown }).error).toBeInstanceOf(StreamInterruptedError);
  });

  it('drops what the loop does not use, and tools the provider ran itself', () => {
    expect(normalizeStreamPart('v3', { type: 'response-metadata', id: 'x' })).toBeNull();
    expect(normalizeStreamPart('v3', { type: 'tool-call', toolCallId: 'a', toolName: 'web_search', input: '{}', providerExecuted: true })).toBeNull();
    expect(normalizeStreamPart('v3', { type: 'tool-call', toolCallId: 'a', toolName: 'lookup', input: { email: 'x' } })).toEqual({ type: 'tool-call', toolCallId: 'a', toolName: 'lookup', input: '{"email":"x"}' });
  });
});
