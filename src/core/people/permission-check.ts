import type { PermissionPolicy } from './permission-policy';
import type { ToolDefinition } from '../tools/define-tool';

export type PermissionDecision = { kind: 'run' } | { kind: 'ask'; reason: string } | { kind: 'refuse'; reason: string };

/**
 * Whether a call with valid input may run, must ask a person, or is refused. The order is the
 * rule: the deny list refuses; the allow list and "always" approvals run; then the tool's own
 * `needsApproval`; then the policy mode. Nothing is ever approved for lack of an approver.
 *
 * @example
 * ```ts
 * checkPermission(tool, input, { mode: 'read-only' }, []); // { kind: 'ask', reason: '…' } for a tool that is not readOnly
 * ```
 */
export function checkPermission(
  tool: ToolDefinition,
  input: unknown,
  policy: PermissionPolicy,
  alwaysAllowed: readonly string[],
): PermissionDecision {
  if (policy.deny?.includes(tool.name)) {
    return { kind: 'refuse', reason: `The agent's permission policy does not allow the tool "${tool.name}"; it was not run. Do not call it again.` };
  }
  if (policy.allow?.includes(tool.name) || alwaysAllowed.includes(tool.name)) return { kind: 'run' };
  if (toolAsks(tool, input)) return { kind: 'ask', reason: `"${tool.name}" asks for approval before it runs.` };
  switch (policy.mode ?? 'auto') {
    case 'ask':
      return { kind: 'ask', reason: 'This agent asks before running any tool.' };
    case 'read-only':
      return tool.readOnly ? { kind: 'run' } : { kind: 'ask', reason: `The agent is in read-only mode and "${tool.name}" may change things.` };
    case 'auto':
      return { kind: 'run' };
  }
}

function toolAsks(tool: ToolDefinition, input: unknown): boolean {
  if (typeof tool.needsApproval === 'function') {
    try {
      return tool.needsApproval(input);
    } catch {
      // A failing check must not let the call through unasked.
      return true;
    }
  }
  return tool.needsApproval === true;
}
