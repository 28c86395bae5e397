/**
 * Every string of a reply's rating (`AgentChat`'s `onFeedback`), in one place so that a locale
 * can replace them together.
 */
export const feedbackText = {
  /** The group of the two buttons. */
  label: 'Rate this reply',
  good: 'Good reply',
  bad: 'Bad reply',
  addComment: 'Add a comment',
  editComment: 'Edit comment',
  /** The comment field. */
  comment: 'What was good or bad about it?',
  send: 'Send feedback',
  cancel: 'Cancel',
  /** Said once the app took the rating. */
  thanks: (rating: 'up' | 'down') => (rating === 'up' ? 'Rated good. Thanks for the feedback.' : 'Rated bad. Thanks for the feedback.'),
  /** Shown when the app's `onFeedback` failed: the rating went back to what it was. */
  failed: 'Your feedback could not be sent. Try again.',
};
