import type { PermissionPolicy } from './permission-policy';
import type { ToolDefinition } from '../tools/define-tool';

export type PermissionDecision = { kind: 'run' } | { kind: 'ask'; reason: string } | { kind: 'refuse'; reason: string };

/**
 * Whether a call with valid input may run, must ask a person, or is refused. The order is the
 * rule: the deny list refuses; the allow list and "always" approvals run (a list names a tool by
 * its name or its `category`); then the tool's own
 * `needsApproval`; then the policy mode. Nothing is ever approved for lack of an approver.
 * An `ask`'s reason is one sentence for the person who decides, naming the rule that asked.
 *
 * @example
 * ```ts
 * checkPermission(tool, input, { mode: 'read-only' }, []);
 * // { kind: 'ask', reason: 'This agent is in read-only mode, and "write_file" can change things.' }
 * ```
 */
export function checkPermission(
  tool: ToolDefinition,
  input: unknown,
  policy: PermissionPolicy,
  alwaysAllowed: readonly string[],
): PermissionDecision {
  const name = `"${tool.name}"`;
  if (policyLists(policy.deny, tool)) {
    return { kind: 'refuse', reason: `The agent's permission policy does not allow the tool ${name}; it was not run. Do not call it again.` };
  }
  if (policyLists(policy.allow, tool) || alwaysAllowed.includes(tool.name)) return { kind: 'run' };
  const own = toolAsks(tool, input);
  if (own) return { kind: 'ask', reason: `${name} ${own}` };
  switch (policy.mode ?? 'auto') {
    case 'ask':
      return { kind: 'ask', reason: 'This agent asks a person before every tool call.' };
    case 'read-only':
      return tool.readOnly ? { kind: 'run' } : { kind: 'ask', reason: `This agent is in read-only mode, and ${name} can change things.` };
    case 'auto':
      return { kind: 'run' };
  }
}

/**
 * Whether an `allow` or `deny` list names the tool: by its name, or by its `category`.
 *
 * @example
 * ```ts
 * policyLists(['write'], { name: 'edit_file', category: 'write' }); // true
 * ```
 */
export function policyLists(list: readonly string[] | undefined, tool: Pick<ToolDefinition, 'name' | 'category'>): boolean {
  return list !== undefined && (list.includes(tool.name) || (tool.category !== undefined && list.includes(tool.category)));
}

/** The tool's own rule, as the rest of a sentence that starts with its name; `undefined` when it does not ask. */
function toolAsks(tool: ToolDefinition, input: unknown): string | undefined {
  if (typeof tool.needsApproval === 'function') {
    try {
      return tool.needsApproval(input) ? 'asks a person before it runs with these arguments.' : undefined;
    } catch {
      // A failing check must not let the call through unasked.
      return 'could not check whether these arguments need a person (its check failed), so you decide.';
    }
  }
  return tool.needsApproval === true ? 'always asks a person before it runs.' : undefined;
}
