import { describe, expect, it } from 'vitest';
import type { AgentState } from '../store/state';
import { withUniqueToolCallIds } from './repair-tool-call-ids';

function conversation(ids: string[]): AgentState {
  return {
    messages: ids.map((id, index) => ({ id: `m${index}`, role: 'assistant', status: 'done', createdAt: 1, parts: [{ type: 'tool-call', toolCallId: id }] })),
    toolCalls: ids.map((id, index) => ({ id, name: 'x', messageId: `m${index}`, inputText: '', input: {}, state: 'output-available', audit: [] })),
  } as unknown as AgentState;
}

describe('withUniqueToolCallIds', () => {
  it('returns the same state when the ids are unique', () => {
    const state = conversation(['a', 'b']);
    expect(withUniqueToolCallIds(state)).toBe(state);
  });

  it('skips suffixed ids a later call already has', () => {
    const state = withUniqueToolCallIds(conversation(['call_0', 'call_0', 'call_0-2']));
    expect(state.toolCalls.map((call) => call.id)).toEqual(['call_0', 'call_0-3', 'call_0-2']);
    expect(state.messages.map((message) => message.parts[0])).toEqual([
      { type: 'tool-call', toolCallId: 'call_0' },
      { type: 'tool-call', toolCallId: 'call_0-3' },
      { type: 'tool-call', toolCallId: 'call_0-2' },
    ]);
  });

  it('repairs 10,000 calls that all reused one id (each search goes on where the last stopped)', () => {
    const state = withUniqueToolCallIds(conversation(Array.from({ length: 10_000 }, () => 'call_0')));
    expect(new Set(state.toolCalls.map((call) => call.id)).size).toBe(10_000);
    expect(state.toolCalls.at(-1)).toMatchObject({ id: 'call_0-10000', providerToolCallId: 'call_0' });
    expect(state.messages.at(-1)?.parts[0]).toEqual({ type: 'tool-call', toolCallId: 'call_0-10000' });
  });
});
