import type { Agent, RunResult } from './agent-options';
import type { AgentState } from '../store/state';

/** The commands by which people decide what waits; a sub-agent's calls are decided through its parent. */
export type PeopleDecisions = Pick<Agent, 'approve' | 'deny' | 'answer' | 'cancelQuestion'>;

/**
 * The parent's decision commands, reaching into its running sub-agents: a call id the parent
 * does not have goes to the child that has it (which may pass it on to its own child). The
 * child checks and applies the decision; the parent then settles like its own command would,
 * when its run pauses or ends.
 *
 * @example
 * ```ts
 * const decisions = routeToChildren(people, children, getState, () => runs.continue());
 * await decisions.approve(childCallId);
 * ```
 */
export function routeToChildren(own: PeopleDecisions, children: ReadonlyMap<string, Agent>, getState: () => AgentState, continueRun: () => Promise<RunResult>): PeopleDecisions {
  const route =
    <Name extends keyof PeopleDecisions>(name: Name) =>
    async (toolCallId: string, ...rest: unknown[]): Promise<RunResult> => {
      const decide = (target: PeopleDecisions) => (target[name] as (id: string, ...args: unknown[]) => Promise<RunResult>)(toolCallId, ...rest);
      if (holdsCall(getState(), toolCallId, false)) return decide(own);
      const child = [...children.values()].find((candidate) => holdsCall(candidate.getState(), toolCallId, true));
      if (!child) return decide(own); // says there is no such call
      await decide(child);
      return continueRun();
    };
  return { approve: route('approve'), deny: route('deny'), answer: route('answer'), cancelQuestion: route('cancelQuestion') };
}

/** Whether the state has the call (with `nested`, also inside its sub-agents). */
export function holdsCall(state: Pick<AgentState, 'toolCalls'>, toolCallId: string, nested: boolean): boolean {
  return state.toolCalls.some((call) => call.id === toolCallId || (nested && call.subAgent !== undefined && holdsCall(call.subAgent, toolCallId, true)));
}
