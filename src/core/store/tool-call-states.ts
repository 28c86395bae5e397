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

/**
 * Whether a call still holds this browser's run: it has no result, and its result is not the
 * remote agent's to give. A call a remote agent runs itself (`react-agent-kit/ag-ui`) that is
 * `running` when its run ends (it waits for an interrupt's answer) gets its result in a later
 * run, so the loop goes on to that run instead of waiting for it.
 *
 * @example
 * ```ts
 * if (calls.some(holdsTheRun)) return { kind: 'waiting' };
 * ```
 */
export function holdsTheRun(call: { state: ToolCallState; remote?: { server?: boolean } | undefined }): boolean {
  return !isFinalToolCallState(call.state) && !(call.state === 'running' && call.remote?.server === true);
}

/** The field of a call these helpers read. */
type CallPhase = { state: ToolCallState };

/**
 * A call that waits for a person's approval: `approval-requested`. The one test for it, used
 * wherever a pending approval is looked for (the dialog, the chips, the hooks, the commands,
 * restore).
 *
 * @example
 * ```ts
 * state.toolCalls.filter(isPendingApproval); // what the approval dialog shows
 * ```
 */
export function isPendingApproval(call: CallPhase): boolean {
  return call.state === 'approval-requested';
}

/**
 * A call a person approved that has not started yet: "approved, waiting for its turn" (a free
 * slot, or the run to continue), the state `approval-responded`. Nothing waits for a person any
 * more, but the call has no result yet either.
 *
 * @example
 * ```ts
 * if (isApprovedWaitingForTurn(call)) label = 'Approved';
 * ```
 */
export function isApprovedWaitingForTurn(call: CallPhase): boolean {
  return call.state === 'approval-responded';
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
