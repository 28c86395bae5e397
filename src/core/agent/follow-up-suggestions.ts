import { AgentCommandError, type Agent } from './agent-options';
import type { FollowUpOptions } from './follow-up-options';

/**
 * Asks the agent's model for up to 3 short messages the person is likely to send next, after the
 * last reply: one small request, beside the conversation (nothing streams into the thread), whose
 * usage and cost count in `state.usage` and `state.costUsd` (a `usage-add` event). Resolves with
 * the suggestions (short, without repeats; none when the model's answer holds none, or when the
 * conversation does not end with a finished reply). Asked once per reply: calling it again for the
 * same reply (another view, another tab of a shared session) shares the answer, counted once. A
 * send, a queued message, a rollback or any other change of the conversation while it waits
 * aborts it, and it resolves with `[]`.
 *
 * Rejects with `AgentCommandError`: `not-available` for an agent without a model in the browser
 * (`useChatAgent` over a `useChat` chat, a remote AG-UI agent: their models run elsewhere; give
 * `AgentChat` a function of the state instead), `agent-busy` while a run is going or waits for
 * people, `invalid-input` for options out of range, `suggestions-failed` when the model fails.
 *
 * @example
 * ```ts
 * await agent.send('What is the weather in Tokyo?');
 * const followUps = await suggestFollowUps(agent); // ['And tomorrow?', 'What about Osaka?']
 * ```
 */
export async function suggestFollowUps(agent: Agent, options?: FollowUpOptions): Promise<string[]> {
  if (typeof agent.suggestFollowUps !== 'function') {
    throw new AgentCommandError(
      'not-available',
      `suggestFollowUps(): this agent (${agent.model.provider}) has no model in the browser to ask: its model runs elsewhere (a useChat chat, a remote AG-UI agent). Suggest follow-ups from the state instead, e.g. AgentChat's \`suggestions={{ followUps: (state) => [...] }}\`.`,
    );
  }
  return agent.suggestFollowUps(options);
}
