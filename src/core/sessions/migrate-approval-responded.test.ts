import { describe, expect, it } from 'vitest';
import { createInitialState, type AgentState, type ToolCall } from '../store/state';
import { withApprovalResponded } from './migrate-approval-responded';

const decision = { approved: true as const, always: false, at: 2, edited: false };

const call = (id: string, state: ToolCall['state'], extra: Partial<ToolCall> = {}): ToolCall => ({
  id,
  name: 'send_email',
  messageId: 'm1',
  inputText: '{}',
  input: {},
  state,
  audit: [{ state: 'approval-requested', at: 1, by: 'runtime' }],
  ...extra,
});

const stateWith = (...toolCalls: ToolCall[]): AgentState => ({ ...createInitialState(), toolCalls });

describe('withApprovalResponded (approved calls as saved by version 1)', () => {
  it('moves an approved call that had not started to approval-responded, and its approval entry with it', () => {
    // As version 1 saved it: still `approval-requested`, with the decision and a second entry by the user.
    const old = call('a', 'approval-requested', {
      approval: { reason: 'asks', requestedAt: 1, decision },
      audit: [
        { state: 'approval-requested', at: 1, by: 'runtime' },
        { state: 'approval-requested', at: 2, by: 'user', note: 'approved' },
      ],
    });
    const [migrated] = withApprovalResponded(stateWith(old)).toolCalls;
    expect(migrated).toEqual({
      ...old,
      state: 'approval-responded',
      audit: [
        { state: 'approval-requested', at: 1, by: 'runtime' },
        { state: 'approval-responded', at: 2, by: 'user', note: 'approved' },
      ],
    });
  });

  it('rewrites the approval entry of calls that ran since, and leaves their state', () => {
    const ran = call('b', 'output-available', {
      output: 'sent',
      approval: { reason: 'asks', requestedAt: 1, decision },
      audit: [
        { state: 'approval-requested', at: 1, by: 'runtime' },
        { state: 'approval-requested', at: 2, by: 'user', note: 'approved' },
        { state: 'running', at: 2, by: 'user' },
        { state: 'output-available', at: 3, by: 'runtime' },
      ],
    });
    const [migrated] = withApprovalResponded(stateWith(ran)).toolCalls;
    expect(migrated!.state).toBe('output-available');
    expect(migrated!.audit.map((entry) => `${entry.state} by ${entry.by}`)).toEqual([
      'approval-requested by runtime',
      'approval-responded by user',
      'running by user',
      'output-available by runtime',
    ]);
  });

  it('returns a state with nothing to migrate as it is: pending approvals stay pending', () => {
    const pending = stateWith(call('a', 'approval-requested', { approval: { reason: 'asks', requestedAt: 1 } }), call('b', 'approval-responded', { approval: { reason: 'asks', requestedAt: 1, decision } }));
    expect(withApprovalResponded(pending)).toBe(pending);
  });

  it('leaves what is not a tool call to the shape check', () => {
    const damaged = { ...createInitialState(), toolCalls: [null, 'x', { state: 'approval-requested', approval: null }] } as unknown as AgentState;
    expect(withApprovalResponded(damaged)).toBe(damaged);
    const notAList = { ...createInitialState(), toolCalls: 'x' } as unknown as AgentState;
    expect(withApprovalResponded(notAList)).toBe(notAList);
  });
});
