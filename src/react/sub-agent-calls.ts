import type { AgentState, ToolCall, ToolInfo } from '../core/index';

/**
 * The calls of a conversation that pass `test`, with those of its running sub-agents after the
 * call that runs them (depth first, in call order). A sub-agent whose call has ended holds
 * nothing that waits any more, so only running ones are searched.
 *
 * @example
 * ```ts
 * const waiting = callsWithSubAgents(state, isPendingApproval); // the agent's and its helpers'
 * ```
 */
export function callsWithSubAgents(state: Pick<AgentState, 'toolCalls'>, test: (call: ToolCall) => boolean, found: ToolCall[] = []): ToolCall[] {
  for (const call of state.toolCalls) {
    if (test(call)) found.push(call);
    if (call.subAgent && call.state === 'running') callsWithSubAgents(call.subAgent, test, found);
  }
  return found;
}

/** Where a call was made: the sub-agent calls around it, outermost first (empty for the agent's own). */
export function subAgentPathOf(state: Pick<AgentState, 'toolCalls'>, toolCallId: string): ToolCall[] | undefined {
  for (const call of state.toolCalls) {
    if (call.id === toolCallId) return [];
    if (!call.subAgent) continue;
    const inner = subAgentPathOf(call.subAgent, toolCallId);
    if (inner) return [call, ...inner];
  }
  return undefined;
}

/** The tool a call was made with, looked up through the sub-agent tools along its path. */
export function toolInfoAlong(tools: readonly ToolInfo[], path: readonly ToolCall[], name: string): ToolInfo | undefined {
  let available: readonly ToolInfo[] | undefined = tools;
  for (const owner of path) available = available?.find((tool) => tool.name === owner.name)?.subAgent?.tools;
  return available?.find((tool) => tool.name === name);
}
