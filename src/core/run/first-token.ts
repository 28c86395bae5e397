import type { AgentEvent } from '../store/events';

/**
 * `dispatch` for one reply's step that also records when its first token came: before the first
 * text, reasoning or tool call of `messageId`, a `message-first-token` event (see `replyTiming`).
 *
 * @example
 * ```ts
 * await runModelStep({ ...context, dispatch: markingFirstToken(dispatch, messageId, now) });
 * ```
 */
export function markingFirstToken(dispatch: (event: AgentEvent) => void, messageId: string, now: () => number): (event: AgentEvent) => void {
  let marked = false;
  return (event) => {
    if (!marked && startsContent(event, messageId)) {
      marked = true;
      dispatch({ type: 'message-first-token', messageId, at: now() });
    }
    dispatch(event);
  };
}

function startsContent(event: AgentEvent, messageId: string): boolean {
  switch (event.type) {
    case 'text-delta':
    case 'reasoning-delta':
    case 'tool-call-start':
      return event.messageId === messageId;
    default:
      return false;
  }
}
