import { describe, expect, it } from 'vitest';
import type { ToolCallState } from './state';
import { isApprovedWaitingForTurn, isFinalToolCallState, isPendingApproval, isWaitingForPeople } from './tool-call-states';

const call = (state: ToolCallState) => ({ state });

describe('tool-call phases', () => {
  it('tells a pending approval from an approved call waiting for its turn', () => {
    expect([isPendingApproval(call('approval-requested')), isApprovedWaitingForTurn(call('approval-requested'))]).toEqual([true, false]);
    expect([isPendingApproval(call('approval-responded')), isApprovedWaitingForTurn(call('approval-responded'))]).toEqual([false, true]);
    expect([isPendingApproval(call('running')), isApprovedWaitingForTurn(call('running'))]).toEqual([false, false]);
  });

  it('waits for people on a pending approval or a question, never on an approved call', () => {
    expect(isWaitingForPeople(call('approval-requested'))).toBe(true);
    expect(isWaitingForPeople(call('answer-requested'))).toBe(true);
    expect(isWaitingForPeople(call('approval-responded'))).toBe(false);
    expect(isWaitingForPeople(call('running'))).toBe(false);
  });

  it('final states are the ones with a result', () => {
    const states: ToolCallState[] = ['input-streaming', 'input-available', 'approval-requested', 'approval-responded', 'answer-requested', 'running', 'output-available', 'output-error', 'output-denied', 'cancelled', 'sealed'];
    expect(states.filter(isFinalToolCallState)).toEqual(['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed']);
  });
});
