import { useMemo } from 'react';
import type { Agent, AgentState, RunResult, ToolCall, ToolInfo } from '../core/index';
import { isPendingApproval } from '../core/index';
import { useAgentInstance } from './agent-context';
import { callsWithSubAgents, subAgentPathOf, toolInfoAlong } from './sub-agent-calls';
import { shallowEqual, useAgentSelector } from './use-agent-selector';

/** How to approve: once (default), `always` for this tool, and/or with edited arguments. */
export interface ApproveOptions {
  /** Remember the decision for this tool (persisted with the conversation). */
  always?: boolean;
  /** Run with these arguments instead; validated again by the agent (`invalid-input` when they do not fit). */
  input?: unknown;
}

/** One tool call waiting for a person's decision, with the commands that decide it. */
export interface PendingApproval {
  call: ToolCall;
  /** The tool as the agent describes it (undefined for a tool the agent does not know). */
  tool?: ToolInfo;
  /** Why the agent asks: which rule wants a person to decide. */
  reason: string;
  /** Set when a sub-agent (`defineAgentTool`) made the call: the call that runs it, and that tool's name. */
  subAgent?: { toolCallId: string; name: string };
  /**
   * Approves the call. Rejects with `AgentCommandError` (`not-pending`, `invalid-input`) and
   * changes nothing then; otherwise settles like `agent.approve`, when the run pauses or ends.
   */
  approve(options?: ApproveOptions): Promise<RunResult>;
  /** Denies the call; the optional reason reaches the model. */
  deny(options?: { reason?: string }): Promise<RunResult>;
}

const pickPendingApprovals = (state: AgentState): ToolCall[] => callsWithSubAgents(state, isPendingApproval);

/**
 * The tool calls that wait for an approval, oldest first (a queue: decide them in any order),
 * those of running sub-agents included (`subAgent` names the helper; deciding goes through the agent).
 * Re-renders only when a call enters or leaves the queue or changes, not while text streams.
 * A call a person approved leaves the queue at once, even if it waits a moment for a free slot.
 *
 * @example
 * ```tsx
 * function Approvals() {
 *   const approvals = useApprovals();
 *   return approvals.map(({ call, reason, approve, deny }) => (
 *     <div key={call.id}>
 *       {call.name} ({reason})
 *       <button onClick={() => approve()}>Approve</button>
 *       <button onClick={() => deny({ reason: 'Not now' })}>Deny</button>
 *     </div>
 *   ));
 * }
 * ```
 */
export function useApprovals(): PendingApproval[] {
  const agent = useAgentInstance();
  const calls = useAgentSelector(pickPendingApprovals, shallowEqual);
  return useMemo(() => calls.map((call) => toPendingApproval(agent, call)), [agent, calls]);
}

function toPendingApproval(agent: Agent, call: ToolCall): PendingApproval {
  const path = subAgentPathOf(agent.getState(), call.id) ?? [];
  const tool = toolInfoAlong(agent.tools, path, call.name);
  const owner = path.at(-1);
  return {
    call,
    ...(tool ? { tool } : {}),
    ...(owner ? { subAgent: { toolCallId: owner.id, name: owner.name } } : {}),
    reason: call.approval?.reason ?? 'This tool asks for approval before it runs.',
    approve: (options) => agent.approve(call.id, options),
    deny: (options) => agent.deny(call.id, options),
  };
}
