import { describe, expect, it } from 'vitest';
import type { AgentEvent } from './events';
import { reduce } from './reducer';
import { createInitialState, type AgentState, type Message } from './state';

const user = (id: string, text: string): Message => ({
  id,
  role: 'user',
  parts: [{ type: 'text', id: `${id}-p`, text, status: 'done' }],
  status: 'done',
  createdAt: 1,
});
const assistant = (id: string): Message => ({ id, role: 'assistant', parts: [], status: 'streaming', createdAt: 2 });

function apply(events: AgentEvent[], state: AgentState = createInitialState()): AgentState {
  return events.reduce(reduce, state);
}

describe('reduce', () => {
  it('streams text into a part and finishes the message', () => {
    const state = apply([
      { type: 'run-start', runId: 'r1' },
      { type: 'message-add', message: assistant('m1') },
      { type: 'text-start', messageId: 'm1', partId: 'p1' },
      { type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'Hel' },
      { type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'lo' },
      { type: 'message-finish', messageId: 'm1', status: 'done' },
      { type: 'run-finish', runId: 'r1', status: 'idle' },
    ]);
    expect(state.status).toBe('idle');
    expect(state.messages[0]).toMatchObject({ status: 'done', parts: [{ type: 'text', text: 'Hello', status: 'done' }] });
  });

  it('keeps the identity of messages that did not change', () => {
    const before = apply([
      { type: 'message-add', message: user('u1', 'hi') },
      { type: 'message-add', message: assistant('m1') },
      { type: 'text-start', messageId: 'm1', partId: 'p1' },
    ]);
    const after = reduce(before, { type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'x' });
    expect(after.messages[0]).toBe(before.messages[0]);
    expect(after.messages[1]).not.toBe(before.messages[1]);
    expect(after.toolCalls).toBe(before.toolCalls);
  });

  it('does not mutate the previous state', () => {
    const before = apply([{ type: 'message-add', message: assistant('m1') }, { type: 'text-start', messageId: 'm1', partId: 'p1' }]);
    const frozen = JSON.stringify(before);
    reduce(before, { type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'changed' });
    expect(JSON.stringify(before)).toBe(frozen);
  });

  it('tracks a tool call through its states with an audit trail', () => {
    const state = apply([
      { type: 'message-add', message: assistant('m1') },
      { type: 'tool-call-start', messageId: 'm1', toolCallId: 't1', name: 'lookup' },
      { type: 'tool-call-input-delta', toolCallId: 't1', delta: '{"q":' },
      { type: 'tool-call-input-delta', toolCallId: 't1', delta: '1}' },
      { type: 'tool-call-update', toolCallId: 't1', state: 'input-available', by: 'model', at: 10, input: { q: 1 } },
      { type: 'tool-call-update', toolCallId: 't1', state: 'running', by: 'runtime', at: 11 },
      { type: 'tool-call-progress', toolCallId: 't1', progress: { percent: 50 } },
      { type: 'tool-call-update', toolCallId: 't1', state: 'output-available', by: 'runtime', at: 12, output: 'done' },
    ]);
    expect(state.toolCalls).toEqual([
      {
        id: 't1',
        name: 'lookup',
        messageId: 'm1',
        inputText: '{"q":1}',
        input: { q: 1 },
        state: 'output-available',
        progress: { percent: 50 },
        output: 'done',
        audit: [
          { state: 'input-available', at: 10, by: 'model' },
          { state: 'running', at: 11, by: 'runtime' },
          { state: 'output-available', at: 12, by: 'runtime' },
        ],
      },
    ]);
    expect(state.messages[0]!.parts).toEqual([{ type: 'tool-call', toolCallId: 't1' }]);
  });

  it('marks streaming parts done when a message is stopped', () => {
    const state = apply([
      { type: 'message-add', message: assistant('m1') },
      { type: 'reasoning-start', messageId: 'm1', partId: 'r' },
      { type: 'text-start', messageId: 'm1', partId: 'p' },
      { type: 'text-delta', messageId: 'm1', partId: 'p', delta: 'partial' },
      { type: 'message-finish', messageId: 'm1', status: 'stopped' },
    ]);
    expect(state.messages[0]).toMatchObject({
      status: 'stopped',
      parts: [{ type: 'reasoning', status: 'done' }, { type: 'text', text: 'partial', status: 'done' }],
    });
  });

  it('accumulates usage over steps', () => {
    const usage = { inputTokens: 10, outputTokens: 5, reasoningTokens: 1, cachedInputTokens: 2, totalTokens: 15 };
    const state = apply([
      { type: 'step-finish', runId: 'r', step: 1, usage },
      { type: 'step-finish', runId: 'r', step: 2, usage },
    ]);
    expect(state.usage).toEqual({ inputTokens: 20, outputTokens: 10, reasoningTokens: 2, cachedInputTokens: 4, totalTokens: 30 });
  });

  it('removes a message together with its tool calls', () => {
    const state = apply([
      { type: 'message-add', message: assistant('m1') },
      { type: 'tool-call-start', messageId: 'm1', toolCallId: 't1', name: 'x' },
      { type: 'message-remove', messageId: 'm1' },
    ]);
    expect(state.messages).toEqual([]);
    expect(state.toolCalls).toEqual([]);
  });

  it('records a run error and clears it', () => {
    const error = { code: 'model-error' as const, message: 'boom', retryable: true, at: 1 };
    const failed = apply([{ type: 'run-start', runId: 'r' }, { type: 'run-finish', runId: 'r', status: 'error', error }]);
    expect(failed).toMatchObject({ status: 'error', error });
    expect(reduce(failed, { type: 'error-clear' })).toMatchObject({ status: 'idle', error: null });
  });

  it('returns the same state for events about unknown ids', () => {
    const state = createInitialState();
    expect(reduce(state, { type: 'text-delta', messageId: 'nope', partId: 'p', delta: 'x' })).toBe(state);
    expect(reduce(state, { type: 'tool-call-progress', toolCallId: 'nope', progress: 1 })).toBe(state);
  });

  it('keeps state serializable', () => {
    const state = apply([
      { type: 'message-add', message: user('u1', 'hi') },
      { type: 'message-add', message: assistant('m1') },
      { type: 'tool-call-start', messageId: 'm1', toolCallId: 't1', name: 'x' },
    ]);
    expect(JSON.parse(JSON.stringify(state))).toEqual(state);
  });
});
