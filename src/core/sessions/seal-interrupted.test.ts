import { describe, expect, it } from 'vitest';
import { createInitialState, type AgentState, type ToolCall } from '../store/state';
import { canResume, sealInterrupted } from './seal-interrupted';

const call = (id: string, state: ToolCall['state'], extra: Partial<ToolCall> = {}): ToolCall => ({
  id,
  name: `tool_${id}`,
  messageId: 'm2',
  inputText: '{}',
  input: {},
  state,
  audit: [{ state, at: 1, by: 'runtime' }],
  ...extra,
});

function stateWith(calls: ToolCall[], status: AgentState['status'] = 'running', replyStatus: 'streaming' | 'done' = 'done'): AgentState {
  return {
    ...createInitialState(),
    status,
    runId: 'run-1',
    messages: [
      { id: 'm1', role: 'user', parts: [{ type: 'text', id: 'p1', text: 'go', status: 'done' }], status: 'done', createdAt: 1 },
      {
        id: 'm2',
        role: 'assistant',
        parts: [{ type: 'text', id: 'p2', text: 'Working on', status: replyStatus === 'streaming' ? 'streaming' : 'done' }, ...calls.map((entry) => ({ type: 'tool-call' as const, toolCallId: entry.id }))],
        status: replyStatus,
        createdAt: 2,
      },
    ],
    toolCalls: calls,
  };
}

describe('sealInterrupted', () => {
  it('seals calls that were running or streaming their input, with a result that says so and an audit entry', () => {
    const sealed = sealInterrupted(stateWith([call('a', 'running'), call('b', 'input-streaming'), call('c', 'input-available'), call('d', 'output-available', { output: 1 })]), 50);
    expect(sealed.toolCalls.map((entry) => entry.state)).toEqual(['sealed', 'sealed', 'sealed', 'output-available']);
    expect(sealed.toolCalls[0]!.error).toBe('The conversation was interrupted (the page was closed or reloaded) while "tool_a" was running; it was stopped and may or may not have finished. Check before running it again.');
    expect(sealed.toolCalls[1]!.error).toMatch(/while "tool_b" was being written; it did not run\.$/);
    expect(sealed.toolCalls[2]!.error).toMatch(/before "tool_c" ran; it did not run\.$/);
    expect(sealed.toolCalls[0]!.audit.at(-1)).toEqual({ state: 'sealed', at: 50, by: 'runtime', note: 'sealed when the session was restored' });
    expect(sealed.status).toBe('idle');
  });

  it('keeps pending approvals and questions as they were, and waits for them', () => {
    const approval = call('a', 'approval-requested', { approval: { reason: 'asks', requestedAt: 1 } });
    const question = call('q', 'answer-requested');
    const sealed = sealInterrupted(stateWith([approval, question], 'awaiting-people'), 50);
    expect(sealed.toolCalls).toEqual([approval, question]);
    expect(sealed.status).toBe('awaiting-people');
  });

  it('keeps an approved call that had not started (not in flight); nothing waits for a person then', () => {
    const approved = call('a', 'approval-responded', { approval: { reason: 'asks', requestedAt: 1, decision: { approved: true, always: false, at: 2, edited: false } } });
    const sealed = sealInterrupted(stateWith([approved], 'running'), 50);
    expect(sealed.toolCalls).toEqual([approved]);
    expect(sealed.status).toBe('idle');
  });

  it('a streaming reply keeps its text, is stopped, and says it was cut off', () => {
    const sealed = sealInterrupted(stateWith([], 'running', 'streaming'), 50);
    const reply = sealed.messages[1]!;
    expect(reply.status).toBe('stopped');
    expect(reply.parts[0]).toMatchObject({ type: 'text', text: 'Working on', status: 'done' });
    expect(reply.parts.at(-1)).toMatchObject({ type: 'notice', level: 'warning', code: 'interrupted', text: 'This reply was cut off when the page was closed or reloaded.' });
  });

  it('returns a settled state unchanged, and keeps an error', () => {
    const settled = stateWith([call('a', 'output-available')], 'idle');
    expect(sealInterrupted(settled, 50)).toBe(settled);
    expect(sealInterrupted({ ...settled, status: 'error' }, 50).status).toBe('error');
  });
});

describe('canResume', () => {
  it('after sealed or finished calls the model has not answered, and after an unanswered user message', () => {
    expect(canResume(sealInterrupted(stateWith([call('a', 'running')]), 1))).toBe(true);
    expect(canResume(stateWith([call('a', 'approval-responded', { approval: { reason: 'r', requestedAt: 1, decision: { approved: true, always: false, at: 2, edited: false } } })], 'idle'))).toBe(true);
    const unanswered = { ...createInitialState(), messages: stateWith([]).messages.slice(0, 1) };
    expect(canResume(unanswered)).toBe(true);
  });

  it('not while a person must decide, after a finished answer, a cut-off reply, or when busy', () => {
    expect(canResume(sealInterrupted(stateWith([call('a', 'approval-requested', { approval: { reason: 'r', requestedAt: 1 } })], 'awaiting-people'), 1))).toBe(false);
    expect(canResume(stateWith([], 'idle'))).toBe(false);
    expect(canResume(sealInterrupted(stateWith([], 'running', 'streaming'), 1))).toBe(false);
    expect(canResume(stateWith([call('a', 'output-available')], 'running'))).toBe(false);
    expect(canResume(createInitialState())).toBe(false);
  });
});
