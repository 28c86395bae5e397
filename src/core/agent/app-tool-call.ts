import type { AgentEvent } from '../store/events';
import { createId } from '../store/ids';
import type { AgentState, ToolCall } from '../store/state';
import { isFinalToolCallState } from '../store/tool-call-states';
import type { ToolDefinition } from '../tools/define-tool';
import { AgentCommandError, type RunResult } from './agent-options';

export interface AppToolCallContext {
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  subscribe: (listener: () => void) => () => void;
  now: () => number;
  tools: ReadonlyMap<string, ToolDefinition>;
  /** Throws `agent-busy` unless the agent is idle. */
  assertIdle: () => void;
  /** Starts a run from what `prepare` adds (see `RunLifecycle.begin`). */
  begin: (prepare: (runId: string) => void) => Promise<RunResult>;
}

/**
 * `agent.callTool(name, input)`: a call that a tool's app asked for (an MCP App's `tools/call`)
 * runs as a call of the agent, in a step of its own (an assistant message marked
 * `requestedBy: 'app'`), so it goes the way of every call: validation, the `beforeToolCall`
 * hooks, the permission policy, a person's approval when the policy asks, the time limit and
 * the audit trail. The model sees the call and its result in the next request, but no model step
 * follows it. Resolves with the call once it is final (done, failed, denied, cancelled).
 *
 * @example
 * ```ts
 * const callTool = createAppToolCall({ getState, dispatch, subscribe, now, tools, assertIdle, begin: runs.begin });
 * const call = await callTool('apps__increment', { count: 1 }); // call.state === 'output-available'
 * ```
 */
export function createAppToolCall(context: AppToolCallContext): (name: string, input: unknown) => Promise<ToolCall> {
  return async (name, input) => {
    if (typeof name !== 'string' || !context.tools.has(name)) {
      throw new AgentCommandError('invalid-input', `callTool(${JSON.stringify(name)}): the agent has no tool by this name.`);
    }
    context.assertIdle();
    const toolCallId = createId('call');
    const settled = finalCall(context, toolCallId);
    await context.begin((runId) => {
      const messageId = createId('msg');
      context.dispatch({ type: 'message-add', message: { id: messageId, role: 'assistant', parts: [], status: 'done', createdAt: context.now(), runId, requestedBy: 'app' } });
      context.dispatch({ type: 'tool-call-start', messageId, toolCallId, name });
      context.dispatch({ type: 'tool-call-update', toolCallId, state: 'input-available', input, inputText: JSON.stringify(input ?? {}), by: 'host', at: context.now(), note: "requested by the tool's app" });
    });
    return settled;
  };
}

/** The call once it reaches a final state (after a person decided, if one is asked). */
function finalCall(context: AppToolCallContext, toolCallId: string): Promise<ToolCall> {
  return new Promise((resolve) => {
    const check = () => {
      const call = context.getState().toolCalls.findLast((candidate) => candidate.id === toolCallId);
      if (!call || !isFinalToolCallState(call.state)) return false;
      unsubscribe();
      resolve(call);
      return true;
    };
    const unsubscribe = context.subscribe(() => void check());
  });
}
