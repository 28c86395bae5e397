import type { AgentEvent } from '../store/events';
import type { AgentState, FeedbackInput } from '../store/state';
import { AgentCommandError } from './agent-command-error';

/** The longest comment kept with a rating; a longer one is refused, not cut. */
export const maxFeedbackCommentLength = 4_000;

/**
 * The event that records a person's rating of a reply (`agent.setFeedback`), after checking it:
 * `messageId` must be a reply of the conversation, the rating `up` or `down`, the comment text
 * (kept trimmed; a blank one is none). With `null`, the event that takes the rating back. For any
 * `Agent` implementation: the kit's own dispatches it, `useChatAgent` keeps it beside the chat.
 *
 * @example
 * ```ts
 * dispatch(feedbackEvent(getState(), messageId, { rating: 'down', comment: 'Wrong date' }, Date.now()));
 * ```
 */
export function feedbackEvent(state: AgentState, messageId: string, feedback: FeedbackInput | null, at: number): Extract<AgentEvent, { type: 'message-feedback' }> {
  const message = state.messages.find((candidate) => candidate.id === messageId);
  if (message?.role !== 'assistant') {
    throw new AgentCommandError('unknown-message', `setFeedback(${JSON.stringify(messageId)}): there is no reply with this id in the conversation.`);
  }
  if (feedback === null) return { type: 'message-feedback', messageId, feedback: null };
  if (typeof feedback !== 'object' || (feedback.rating !== 'up' && feedback.rating !== 'down')) {
    throw new AgentCommandError('invalid-input', `setFeedback(): the rating must be "up" or "down", got ${JSON.stringify((feedback as { rating?: unknown } | undefined)?.rating)}.`);
  }
  if (feedback.comment !== undefined && typeof feedback.comment !== 'string') {
    throw new AgentCommandError('invalid-input', 'setFeedback(): the comment must be text.');
  }
  const comment = feedback.comment?.trim() ?? '';
  if (comment.length > maxFeedbackCommentLength) {
    throw new AgentCommandError('invalid-input', `setFeedback(): the comment is ${comment.length} characters; at most ${maxFeedbackCommentLength} are kept.`);
  }
  return { type: 'message-feedback', messageId, feedback: { rating: feedback.rating, ...(comment !== '' ? { comment } : {}), at } };
}
