import { toolCallLimitNotice, type LimitNotice, type RunBudget } from './run-budget';
import type { Wait } from './waker';
import type { AgentState, ToolCall } from '../store/state';
import { admitToolCall, type AdmitContext } from './admit-tool-call';
import { executeToolCall, type ExecuteContext } from './execute-tool-call';
import { holdsTheRun, isApprovedWaitingForTurn } from '../store/tool-call-states';
import { validateToolInput } from '../tools/tool-input-schema';

export interface ToolPhaseContext extends AdmitContext, ExecuteContext {
  getState: () => AgentState;
  maxParallelTools: number;
  maxToolCalls?: number | undefined;
  budget: RunBudget;
  /** Settles at the next decision by a person or the host (approve, deny, answer, submit) or on abort; cancel it when done waiting. */
  waitForDecision: () => Wait;
  /** Calls whose handler returned `deferToolResult`: they wait for `submitToolResult`. */
  deferred: Set<string>;
}

export type ToolPhaseOutcome = { kind: 'settled' } | { kind: 'waiting' } | { kind: 'limit'; notice: LimitNotice };

/**
 * Settles the tool calls of one assistant step. Calls are admitted in call order; those
 * that may run start at once, up to `maxParallelTools` at a time; calls waiting for a person
 * do not hold up the others. Returns `waiting` when only calls that wait for people (or the
 * host) are left; the agent resumes the phase after their decisions.
 *
 * @example
 * ```ts
 * const outcome = await runToolPhase(messageId, context);
 * if (outcome.kind === 'waiting') return { status: 'awaiting-people' };
 * ```
 */
export async function runToolPhase(messageId: string, context: ToolPhaseContext): Promise<ToolPhaseOutcome> {
  const admitted = new Set<string>();
  const started = new Set<string>();
  const runnable: Array<{ call: ToolCall; input: unknown; approved: boolean }> = [];
  const running = new Map<string, Promise<unknown>>();
  let limit: LimitNotice | null = null;

  while (true) {
    if (context.signal.aborted) {
      await Promise.allSettled(running.values());
      return { kind: 'settled' };
    }
    const calls = context.getState().toolCalls.filter((call) => call.messageId === messageId);
    for (const call of calls) {
      if (call.state !== 'input-available' || admitted.has(call.id)) continue;
      admitted.add(call.id);
      if (context.maxToolCalls !== undefined && context.budget.toolCalls >= context.maxToolCalls) {
        limit = toolCallLimitNotice(context.maxToolCalls);
        context.dispatch({ type: 'tool-call-update', toolCallId: call.id, state: 'output-error', by: 'runtime', at: context.now(), error: `Not run: ${limit.text}` });
        continue;
      }
      context.budget.toolCalls += 1;
      const admission = await admitToolCall(call, context);
      if (admission.kind === 'run') runnable.push({ call, input: admission.input, approved: false });
    }
    // Read again: a call may have been approved while the others were admitted (an app's listener approves at once).
    for (const call of context.getState().toolCalls.filter((candidate) => candidate.messageId === messageId)) {
      if (!isApprovedWaitingForTurn(call) || started.has(call.id) || runnable.some((entry) => entry.call.id === call.id)) continue;
      // Approved (maybe with edited arguments, validated by the command): validate again for the tool's parsed value.
      const tool = context.tools.get(call.name);
      const validated = tool ? await validateToolInput(tool, call.input) : null;
      if (validated?.ok) runnable.push({ call, input: validated.value, approved: true });
    }
    while (running.size < context.maxParallelTools && runnable.length > 0) {
      const { call, input, approved } = runnable.shift()!;
      started.add(call.id);
      const tool = context.tools.get(call.name)!;
      const decision = call.approval?.decision;
      const note = approved ? `approved${decision?.always ? ' (always for this tool)' : ''}${decision?.edited ? ' with edited arguments' : ''}` : undefined;
      const execution = executeToolCall(call, input, tool, context, approved ? 'user' : 'runtime', note)
        .then((result) => void (result === 'deferred' && context.deferred.add(call.id)))
        .finally(() => running.delete(call.id));
      running.set(call.id, execution);
    }
    if (running.size === 0 && runnable.length === 0) {
      const unsettled = context.getState().toolCalls.some((call) => call.messageId === messageId && holdsTheRun(call));
      if (unsettled) return { kind: 'waiting' };
      return limit ? { kind: 'limit', notice: limit } : { kind: 'settled' };
    }
    const decision = context.waitForDecision();
    try {
      await Promise.race([...running.values(), decision.settled]);
    } finally {
      decision.cancel();
    }
  }
}
