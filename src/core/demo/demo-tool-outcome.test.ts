import { describe, expect, it } from 'vitest';
import { denialReason, readToolOutcome } from './demo-tool-outcome';

describe('readToolOutcome', () => {
  it('reads successes, denials, policy refusals and errors', () => {
    expect(readToolOutcome({ type: 'json', value: { sent: true } })).toEqual({ kind: 'success', value: { sent: true } });
    expect(readToolOutcome({ type: 'text', value: 'ok' })).toEqual({ kind: 'success', value: 'ok' });
    expect(readToolOutcome({ type: 'error-text', value: 'The user denied running "x". Reason: not now It did not run. Do not call it again.' })).toEqual({
      kind: 'denied',
      by: 'user',
      reason: 'not now',
    });
    expect(readToolOutcome({ type: 'error-text', value: 'The user denied running "x". It did not run.' })).toEqual({ kind: 'denied', by: 'user', reason: undefined });
    expect(readToolOutcome({ type: 'execution-denied', reason: ' later ' })).toEqual({ kind: 'denied', by: 'user', reason: 'later' });
    expect(readToolOutcome({ type: 'error-text', value: 'The agent\'s permission policy does not allow the tool "x"; it was not run.' })).toMatchObject({
      kind: 'denied',
      by: 'policy',
    });
    expect(readToolOutcome({ type: 'error-text', value: 'boom' })).toEqual({ kind: 'error', message: 'boom' });
    expect(readToolOutcome({ type: 'error-json', value: { code: 1 } })).toEqual({ kind: 'error', message: '{"code":1}' });
  });
});

describe('denialReason', () => {
  it('keeps the whole reason, without the trailing period', () => {
    expect(denialReason('The user denied running "x". Reason: Use staging. Not prod. It did not run. Adjust.')).toBe('Use staging. Not prod');
    expect(denialReason('The user denied running "x". Reason: multi\nline')).toBe('multi\nline');
    expect(denialReason('The user denied running "x".')).toBeUndefined();
  });
});
