import { describe, expect, it } from 'vitest';
import type { ToolCallState } from './state';
import { isApprovedWaitingForTurn, isFinalToolCallState, isPendingApproval, isWaitingForPeople } from './tool-call-states';

const decision = { approved: true as const, always: false, at: 1, edited: false };
const call = (state: ToolCallState, decided = false) => ({ state, approval: { reason: 'asks', requestedAt: 1, ...(decided ? { decision } : {}) } });

describe('tool-call phases', () => {
  it('tells a pending approval from an approved call waiting for its turn', () => {
    expect([isPendingApproval(call('approval-requested')), isApprovedWaitingForTurn(call('approval-requested'))]).toEqual([true, false]);
    expect([isPendingApproval(call('approval-requested', true)), isApprovedWaitingForTurn(call('approval-requested', true))]).toEqual([false, true]);
    expect([isPendingApproval(call('running', true)), isApprovedWaitingForTurn(call('running', true))]).toEqual([false, false]);
  });

  it('waits for people on a pending approval or a question, never on an approved call', () => {
    expect(isWaitingForPeople(call('approval-requested'))).toBe(true);
    expect(isWaitingForPeople({ state: 'answer-requested' })).toBe(true);
    expect(isWaitingForPeople(call('approval-requested', true))).toBe(false);
    expect(isWaitingForPeople({ state: 'running' })).toBe(false);
  });

  it('final states are the ones with a result', () => {
    const states: ToolCallState[] = ['input-streaming', 'input-available', 'approval-requested', 'answer-requested', 'running', 'output-available', 'output-error', 'output-denied', 'cancelled', 'sealed'];
    expect(states.filter(isFinalToolCallState)).toEqual(['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed']);
  });
});
