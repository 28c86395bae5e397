import type { ToolCallState } from './state';

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

/** The fields of a call these helpers read. */
type CallPhase = { state: ToolCallState; approval?: { decision?: unknown } | undefined };

/**
 * A call that waits for a person's approval: `approval-requested` with no decision yet. The one
 * test for it, used wherever a pending approval is looked for (the dialog, the chips, the hooks,
 * the commands, restore).
 *
 * @example
 * ```ts
 * state.toolCalls.filter(isPendingApproval); // what the approval dialog shows
 * ```
 */
export function isPendingApproval(call: CallPhase): boolean {
  return call.state === 'approval-requested' && call.approval?.decision === undefined;
}

/**
 * A call a person approved that has not started yet: "approved, waiting for its turn" (a free
 * slot, or the run to continue). Recorded as `approval-requested` with a decision.
 *
 * @example
 * ```ts
 * if (isApprovedWaitingForTurn(call)) label = 'Approved';
 * ```
 */
export function isApprovedWaitingForTurn(call: CallPhase): boolean {
  return call.state === 'approval-requested' && call.approval?.decision !== undefined;
}

/**
 * A call that waits for a person: a pending approval, or a question.
 *
 * @example
 * ```ts
 * const waiting = state.toolCalls.some(isWaitingForPeople);
 * ```
 */
export function isWaitingForPeople(call: CallPhase): boolean {
  return isPendingApproval(call) || call.state === 'answer-requested';
}
