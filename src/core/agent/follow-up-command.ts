/**
 * `agent.suggestFollowUps()`, as `createAgent` runs it (loaded with its first use): checks the
 * moment, asks the model beside the conversation, and counts the request's usage and cost.
 */
import type { LanguageModel } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import type { CostEstimator } from '../run/run-limits';
import { stepCost } from '../run/run-budget';
import type { AgentEvent } from '../store/events';
import type { AgentState } from '../store/state';
import { AgentCommandError } from './agent-options';
import { askForFollowUps } from './follow-up-model-call';
import type { FollowUpOptions } from './follow-up-options';

export interface FollowUpCommandContext {
  readonly model: LanguageModel;
  readonly getState: () => AgentState;
  readonly subscribe: (listener: (state: AgentState) => void) => () => void;
  readonly dispatch: (event: AgentEvent) => unknown;
  readonly costEstimator?: CostEstimator | undefined;
  readonly retryPolicy?: RetryPolicy | undefined;
}

/**
 * The command of one agent. The same request for the same reply is made once: a second view (another
 * tab of a shared session, a remount) gets the answer of the first, and its usage is counted once.
 *
 * @example
 * ```ts
 * const suggestFollowUps = createFollowUpCommand({ model, getState, subscribe, dispatch });
 * const suggestions = await suggestFollowUps({ maxSuggestions: 3 });
 * ```
 */
export function createFollowUpCommand(context: FollowUpCommandContext): (options?: FollowUpOptions) => Promise<string[]> {
  let last: { key: string; answer: Promise<string[] | null> } | undefined;
  return (options = {}) => {
    const maxSuggestions = wholeNumber('maxSuggestions', options.maxSuggestions ?? 3, 5);
    const recentMessages = wholeNumber('recentMessages', options.recentMessages ?? 6, 20);
    const start = context.getState();
    if (start.status === 'running' || start.status === 'awaiting-people' || start.queue !== undefined) {
      return Promise.reject(new AgentCommandError('agent-busy', 'suggestFollowUps(): the agent is busy (running, waiting for people, or with queued messages); suggestions follow a finished reply.'));
    }
    const reply = start.messages.at(-1);
    if (start.status !== 'idle' || reply?.role !== 'assistant' || reply.status !== 'done') return Promise.resolve([]);
    const key = `${reply.id}:${maxSuggestions}:${recentMessages}`;
    if (last?.key !== key) {
      const answer = ask(context, start, maxSuggestions, recentMessages);
      const asked = { key, answer };
      last = asked;
      // A failure or an abort is not kept: asking again may work.
      const forget = () => {
        if (last === asked) last = undefined;
      };
      answer.then((suggestions) => suggestions ?? forget(), forget);
    }
    return last.answer.then((suggestions) => [...(suggestions ?? [])]);
  };
}

/** The suggestions, or `null` when a change of the conversation aborted the request. */
async function ask(context: FollowUpCommandContext, start: AgentState, maxSuggestions: number, recentMessages: number): Promise<string[] | null> {
  // Anything that changes the conversation (a send, a queued message, a rollback, an edit, a
  // regeneration) makes the suggestions stale; a rating of a reply (`setFeedback`) does not.
  const controller = new AbortController();
  const stop = context.subscribe((state) => {
    if (!sameMessages(state.messages, start.messages) || state.status !== 'idle' || state.queue !== undefined) controller.abort();
  });
  try {
    const { suggestions, usage } = await askForFollowUps({ model: context.model, messages: start.messages, recentMessages, maxSuggestions, signal: controller.signal, retryPolicy: context.retryPolicy });
    stop();
    // A finished answer was paid for, even when what it suggests came too late to be shown.
    if (usage !== undefined) {
      const costUsd = stepCost(context.costEstimator, usage, context.model);
      context.dispatch({ type: 'usage-add', usage, purpose: 'follow-up-suggestions', ...(costUsd !== undefined ? { costUsd } : {}) });
    }
    return controller.signal.aborted ? null : suggestions;
  } catch (error) {
    if (controller.signal.aborted) return null;
    throw new AgentCommandError('suggestions-failed', `suggestFollowUps(): the model failed: ${error instanceof Error ? error.message : String(error)}`);
  } finally {
    stop();
  }
}

/** The same messages in the same order (by id: a new message, an edit or a rollback changes them; feedback on one does not). */
function sameMessages(messages: AgentState['messages'], before: AgentState['messages']): boolean {
  if (messages === before) return true;
  return messages.length === before.length && messages.every((message, index) => message.id === before[index]!.id);
}

function wholeNumber(name: string, value: number, max: number): number {
  if (!Number.isSafeInteger(value) || value < 1 || value > max) throw new AgentCommandError('invalid-input', `suggestFollowUps({ ${name} }): must be a whole number from 1 to ${max}, got ${String(value)}.`);
  return value;
}
