/**
 * Conversations saved before `approval-responded` was a state (snapshot version 1 and earlier)
 * record "approved, waiting for its turn" as a call in `approval-requested` whose approval has a
 * decision, and a person's approval as a second `approval-requested` audit entry, by the user.
 * They are this user's conversations: on load both become what the code writes now, so that
 * every later step (the loaded-authority rule first, which asks such a call again) sees one
 * representation. The old shape is unambiguous (no current code writes it), so it is migrated
 * whatever version the data claims. Anything else is left as it is, for the shape check to judge.
 */
import type { AgentState } from '../store/state';

/**
 * The state with approved calls in `approval-responded` and approvals audited as such; the same
 * object when there is nothing to migrate.
 *
 * @example
 * ```ts
 * withApprovalResponded(saved).toolCalls[0].state; // 'approval-responded' (was 'approval-requested' with a decision)
 * ```
 */
export function withApprovalResponded(state: AgentState): AgentState {
  const calls: unknown = state.toolCalls;
  if (!Array.isArray(calls)) return state;
  let migrated = false;
  const toolCalls = (calls as unknown[]).map((value) => {
    if (!isObject(value)) return value;
    const approved = value.state === 'approval-requested' && isObject(value.approval) && value.approval.decision !== undefined;
    const audit: unknown = value.audit;
    const oldEntries = Array.isArray(audit) && audit.some(isOldApprovalEntry);
    if (!approved && !oldEntries) return value;
    migrated = true;
    return {
      ...value,
      ...(approved ? { state: 'approval-responded' } : {}),
      ...(oldEntries ? { audit: (audit as unknown[]).map((entry) => (isOldApprovalEntry(entry) ? { ...entry, state: 'approval-responded' } : entry)) } : {}),
    };
  });
  return migrated ? { ...state, toolCalls: toolCalls as AgentState['toolCalls'] } : state;
}

/** A person's approval as it used to be audited: `approval-requested`, by the user (the runtime asks; only `approve` wrote this). */
function isOldApprovalEntry(entry: unknown): entry is Record<string, unknown> {
  return isObject(entry) && entry.state === 'approval-requested' && entry.by === 'user';
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
