import type { ToolCallState } from '../state';

const finalStates: ReadonlySet<ToolCallState> = new Set(['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed']);

/**
 * Whether a call has its one result. Every call the model made must reach one of these
 * before the next model request.
 *
 * @example
 * ```ts
 * isFinalToolCallState('running'); // false
 * ```
 */
export function isFinalToolCallState(state: ToolCallState): boolean {
  return finalStates.has(state);
}

/** A call that waits for a person: an approval without a decision, or a question. */
export function isWaitingForPeople(call: { state: ToolCallState; approval?: { decision?: unknown } }): boolean {
  return (call.state === 'approval-requested' && !call.approval?.decision) || call.state === 'answer-requested';
}
