/**
 * Data grants no authority. A conversation loaded from data (a session file, a snapshot, a stored
 * session, a state handed to `createAgent`) may carry a tool call marked as approved but not yet
 * run, or a list of tools a person allowed "always". Only a person of this app may authorize a
 * call, so on load:
 * - an approved call that has not started (`approval-responded`) is asked again: back to
 *   `approval-requested`, its decision dropped and the audit saying why; what the person sees is
 *   recomputed from the call's input and this app's tool (the preview, the summary, the reason), never taken
 *   from the data;
 * - a waiting call to a tool this app does not have, or that its policy refuses, is settled with
 *   an error result instead of being offered for approval;
 * - "always allow" grants are dropped, with a notice in the thread, unless they come from a source
 *   the app trusts: its own session storage (not a session server, which any HTTP client of the
 *   user can write to, unless the app says why it trusts it), or a snapshot it marks as trusted.
 */
import type { PermissionPolicy } from './permission-policy';
import type { AgentState, ApprovalRequest, AuditEntry, ToolCall } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import { previewOf } from '../tools/tool-preview';
import { summaryOf } from '../tools/tool-summary';
import { isApprovedWaitingForTurn, isPendingApproval } from '../store/tool-call-states';
import { withoutGrants } from './drop-grants';
import { checkPermission } from './permission-check';

/** What the loaded state is checked against. */
export interface LoadedAuthorityContext {
  tools: ReadonlyMap<string, ToolDefinition>;
  permissions: PermissionPolicy;
  /** Keep the data's "always allow" grants (the app's own storage, or a snapshot it trusts). */
  keepGrants: boolean;
  /**
   * Settle waiting calls to tools this app lacks or refuses (a restored conversation). Off for an
   * `initialState`, which renders exactly the state it is given (a story, a test).
   */
  settleUnavailable: boolean;
  now: number;
}

/**
 * The loaded state with no authority of its own: see the file comment. A state with nothing to
 * change comes back as it is.
 *
 * @example
 * ```ts
 * const state = withoutLoadedAuthority(snapshot.state, { tools, permissions, keepGrants: false, now: Date.now() });
 * ```
 */
export function withoutLoadedAuthority(state: AgentState, context: LoadedAuthorityContext): AgentState {
  let changed = false;
  const toolCalls = state.toolCalls.map((call) => {
    if (!isPendingApproval(call) && !isApprovedWaitingForTurn(call)) return call;
    const next = askAgain(call, state.alwaysAllowed, context);
    if (next !== call) changed = true;
    return next;
  });
  const checked = changed ? { ...state, toolCalls } : state;
  return context.keepGrants ? checked : withoutGrants(checked);
}

function askAgain(call: ToolCall, alwaysAllowed: readonly string[], context: LoadedAuthorityContext): ToolCall {
  const at = context.now;
  const tool = context.tools.get(call.name);
  if (!tool && !context.settleUnavailable) return withoutDecision(call, at);
  if (!tool) {
    const error = `The tool "${call.name}" is not available in this app, so this call from a saved conversation did not run.`;
    return { ...call, state: 'output-error', error, audit: [...call.audit, { state: 'output-error', at, by: 'runtime', note: 'restored call to an unknown tool' }] };
  }
  const permission = checkPermission(tool, call.input, context.permissions, context.keepGrants ? alwaysAllowed : []);
  if (permission.kind === 'refuse' && context.settleUnavailable) {
    return { ...call, state: 'output-denied', error: permission.reason, audit: [...call.audit, { state: 'output-denied', at, by: 'runtime', note: 'refused by the permission policy on restore' }] };
  }
  const decided = isApprovedWaitingForTurn(call);
  const reason = decided
    ? 'This call was approved before the conversation was saved, but it had not run yet. A saved approval does not run a call: confirm it again.'
    : permission.kind === 'ask'
      ? permission.reason
      : 'This call is from a saved conversation and waited for approval; confirm it before it runs.';
  // Recomputed from the input: what the data says the call would do is never shown.
  const preview = previewOf(tool, call.input);
  const summary = summaryOf(tool, call.input);
  const approval: ApprovalRequest = {
    reason,
    requestedAt: call.approval?.requestedAt ?? at,
    ...(call.approval?.expiresAt !== undefined ? { expiresAt: call.approval.expiresAt } : {}),
    ...(preview ? { preview } : {}),
    ...(summary ? { summary } : {}),
  };
  if (!decided && sameApproval(call.approval, approval)) return call;
  return { ...call, state: 'approval-requested', approval, audit: decided ? [...call.audit, askedAgain(at)] : call.audit };
}

/** Only the decision goes (nothing else of the call is known to be wrong without the tool). */
function withoutDecision(call: ToolCall, at: number): ToolCall {
  if (!isApprovedWaitingForTurn(call)) return call;
  const { decision: _decision, ...approval }: ApprovalRequest = call.approval ?? { reason: 'This call is from a saved conversation; confirm it before it runs.', requestedAt: at };
  return { ...call, state: 'approval-requested', approval, audit: [...call.audit, askedAgain(at)] };
}

const askedAgainNote = 'asked again: a decision loaded from saved data does not authorize a call';

/** The audit entry of a call moved back from `approval-responded` to `approval-requested` on load. */
const askedAgain = (at: number): AuditEntry => ({ state: 'approval-requested', at, by: 'runtime', note: askedAgainNote });

function sameApproval(before: ApprovalRequest | undefined, after: ApprovalRequest): boolean {
  return JSON.stringify(before) === JSON.stringify(after);
}
