import { useId, useState, type FormEvent } from 'react';
import type { FeedbackInput, Message } from '../../core/index';
import { useAgentInstance } from '../../react/index';
import { useWords } from '../strings/strings-context';
import { feedbackText } from './feedback-text';

/** The app's adapter for a person's rating of a reply (`AgentChat`'s `onFeedback`). */
export type OnFeedback = (message: Message, feedback: FeedbackInput) => void | Promise<void>;

export interface FeedbackActionsProps {
  /** The finished reply being rated. */
  message: Message;
  onFeedback: OnFeedback;
}

/**
 * Thumbs up and down under a finished reply, and an optional comment: the choice is kept in the
 * reply (`agent.setFeedback`, so it is saved with sessions and shown pressed), then given to the
 * app's `onFeedback`; it can be changed. When `onFeedback` fails, the reply's rating goes back to
 * what it was and an alert says so. A lazy part of `MessageView`, shown with `onFeedback`.
 *
 * @example
 * ```tsx
 * <FeedbackActions message={message} onFeedback={(reply, { rating, comment }) => api.rate(reply.id, rating, comment)} />
 * ```
 */
export function FeedbackActions({ message, onFeedback }: FeedbackActionsProps) {
  const words = useWords('feedback', feedbackText);
  const agent = useAgentInstance();
  const rating = message.feedback?.rating;
  const [commenting, setCommenting] = useState(false);
  const [comment, setComment] = useState('');
  const [said, setSaid] = useState('');
  const [failed, setFailed] = useState(false);
  const commentId = useId();

  const give = async (feedback: FeedbackInput) => {
    const previous = message.feedback;
    setFailed(false);
    setSaid('');
    try {
      await agent.setFeedback(message.id, feedback);
      const rated = agent.getState().messages.find((candidate) => candidate.id === message.id) ?? message;
      await onFeedback(rated, rated.feedback ? inputOf(rated.feedback) : feedback);
      setSaid(words.thanks(feedback.rating));
    } catch {
      // Nothing half done: the reply shows what the app has.
      await agent.setFeedback(message.id, previous ? inputOf(previous) : null).catch(() => {});
      setFailed(true);
    }
  };
  const rate = (next: 'up' | 'down') => {
    if (next === rating) return;
    void give({ rating: next });
  };
  const openComment = () => {
    setComment(message.feedback?.comment ?? '');
    setCommenting(true);
  };
  const sendComment = (event: FormEvent) => {
    event.preventDefault();
    setCommenting(false);
    void give({ rating: rating ?? 'down', comment });
  };

  return (
    <div className="rak-feedback" role="group" aria-label={words.label}>
      <button type="button" className="rak-message-action rak-feedback-button" aria-pressed={rating === 'up'} aria-label={words.good} onClick={() => rate('up')}>
        <ThumbIcon />
      </button>
      <button type="button" className="rak-message-action rak-feedback-button" aria-pressed={rating === 'down'} aria-label={words.bad} onClick={() => rate('down')}>
        <ThumbIcon down />
      </button>
      {rating !== undefined && !commenting && (
        <button type="button" className="rak-message-action" onClick={openComment}>
          {message.feedback?.comment ? words.editComment : words.addComment}
        </button>
      )}
      {commenting && (
        <form className="rak-feedback-comment" onSubmit={sendComment} onKeyDown={(event) => event.key === 'Escape' && (event.stopPropagation(), setCommenting(false))}>
          <label htmlFor={commentId}>{words.comment}</label>
          {/* Opened by the person's click: they type at once. */}
          <textarea id={commentId} value={comment} rows={2} maxLength={4_000} autoFocus onChange={(event) => setComment(event.target.value)} />
          <div className="rak-feedback-comment-actions">
            <button type="submit" className="rak-button rak-button-primary">
              {words.send}
            </button>
            <button type="button" className="rak-button" onClick={() => setCommenting(false)}>
              {words.cancel}
            </button>
          </div>
        </form>
      )}
      <span className="rak-visually-hidden" aria-live="polite">
        {said}
      </span>
      {failed && (
        <p className="rak-message-action-error" role="alert">
          {words.failed}
        </p>
      )}
    </div>
  );
}

function ThumbIcon({ down = false }: { down?: boolean }) {
  return (
    <svg className={down ? 'rak-thumb rak-thumb-down' : 'rak-thumb'} width="14" height="14" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M1 7h3v8H1zM5 15V7l4-6c1 0 2 .8 2 2l-.6 3H14c1 0 1.7.9 1.5 1.9l-1.2 5.6c-.2.9-1 1.5-1.9 1.5z" />
    </svg>
  );
}

/** A kept rating as the person gave it (without when). */
function inputOf({ rating, comment }: FeedbackInput): FeedbackInput {
  return comment !== undefined ? { rating, comment } : { rating };
}
