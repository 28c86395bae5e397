import type { StreamEvent } from './delta-buffer';
import { reduce } from './reducer';
import type { AgentState, MessagePart } from './state';

/**
 * Applies buffered stream events at once, with the same result as applying each with `reduce`
 * in turn, but copying each message they touch once per application instead of once per event,
 * and finding a part from the end (the streaming part is found at once): a reply of 5,000 short
 * parts costs linear work, not 5,000 copies of a growing list. Events for a message that is not
 * there change nothing, as in `reduce`. A tool call's input deltas (merged per call by the buffer)
 * go through `reduce`.
 *
 * @example
 * ```ts
 * state = applyStreamEvents(state, [
 *   { type: 'text-start', messageId: 'm1', partId: 'p1' },
 *   { type: 'text-delta', messageId: 'm1', partId: 'p1', delta: 'Hello' },
 *   { type: 'text-end', messageId: 'm1', partId: 'p1' },
 * ]);
 * ```
 */
export function applyStreamEvents(state: AgentState, events: readonly StreamEvent[]): AgentState {
  // Per message id touched: its index and its parts, copied once; null when there is no such message.
  const drafts = new Map<string, { index: number; parts: MessagePart[] } | null>();
  let next = state;
  for (const event of events) {
    if (event.type === 'tool-call-input-delta') {
      next = reduce(next, event);
      continue;
    }
    let draft = drafts.get(event.messageId);
    if (draft === undefined) {
      // The newest message of that id, as the reducer finds it.
      const index = state.messages.findLastIndex((message) => message.id === event.messageId);
      drafts.set(event.messageId, (draft = index === -1 ? null : { index, parts: state.messages[index]!.parts.slice() }));
    }
    if (!draft) continue;
    const { parts } = draft;
    if (event.type === 'text-start' || event.type === 'reasoning-start') {
      parts.push({ type: event.type === 'text-start' ? 'text' : 'reasoning', id: event.partId, text: '', status: 'streaming', ...(event.remoteId !== undefined ? { remoteId: event.remoteId } : {}) });
      continue;
    }
    const at = parts.findLastIndex((part) => 'id' in part && part.id === event.partId);
    const part = parts[at];
    if (part?.type === 'text' || part?.type === 'reasoning') parts[at] = 'delta' in event ? { ...part, text: part.text + event.delta } : { ...part, status: 'done' };
  }
  const messages = next.messages.slice();
  for (const draft of drafts.values()) if (draft) messages[draft.index] = { ...messages[draft.index]!, parts: draft.parts };
  return drafts.size === 0 ? next : { ...next, messages };
}
