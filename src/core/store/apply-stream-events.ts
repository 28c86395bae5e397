import type { StreamEvent } from './delta-buffer';
import type { AgentState, Message, MessagePart, ToolCall } from './state';

/** A message being changed by one application: its parts copied once, and where part ids were found or added. */
interface Draft {
  index: number;
  parts: MessagePart[];
  /** How many parts the message had before: an id not in `positions` is looked for among them, from the end. */
  before: number;
  positions: Map<string, number>;
}

/** Where the part `partId` last is: the streaming part is found at once, whatever the length of the message. */
function positionOf(draft: Draft, partId: string): number | undefined {
  let at = draft.positions.get(partId);
  if (at === undefined) {
    for (let index = draft.before - 1; index >= 0; index--) {
      const part = draft.parts[index]!;
      if ('id' in part && part.id === partId) {
        at = index;
        draft.positions.set(partId, at);
        break;
      }
    }
  }
  return at;
}

/**
 * Applies buffered stream events at once, with the same result as applying each with `reduce`
 * in turn, but copying each message they touch (its parts, with an index of their ids) and the
 * tool calls once per application instead of once per event, and finding a part from the end:
 * a reply of 5,000 short parts costs linear work, not 5,000 copies of a growing list. Events for a message or call that is not
 * there change nothing, as in `reduce`.
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
  if (events.length === 0) return state;
  const drafts = new Map<string, Draft | null>();
  let toolCalls: ToolCall[] | undefined;
  const callPositions = new Map<string, number>();
  const draftOf = (messageId: string): Draft | null => {
    let draft = drafts.get(messageId);
    if (draft !== undefined) return draft;
    // The newest message of that id, as the reducer finds it.
    const index = state.messages.findLastIndex((message) => message.id === messageId);
    if (index === -1) draft = null;
    else {
      const parts = state.messages[index]!.parts.slice();
      draft = { index, parts, before: parts.length, positions: new Map() };
    }
    drafts.set(messageId, draft);
    return draft;
  };
  for (const event of events) {
    if (event.type === 'tool-call-input-delta') {
      toolCalls ??= state.toolCalls.slice();
      let at = callPositions.get(event.toolCallId);
      if (at === undefined) callPositions.set(event.toolCallId, (at = state.toolCalls.findLastIndex((call) => call.id === event.toolCallId)));
      if (at !== -1) toolCalls[at] = { ...toolCalls[at]!, inputText: toolCalls[at]!.inputText + event.delta };
      continue;
    }
    const draft = draftOf(event.messageId);
    if (!draft) continue;
    if (event.type === 'text-start' || event.type === 'reasoning-start') {
      draft.positions.set(event.partId, draft.parts.length);
      draft.parts.push({ type: event.type === 'text-start' ? 'text' : 'reasoning', id: event.partId, text: '', status: 'streaming' });
      continue;
    }
    const at = positionOf(draft, event.partId);
    const part = at === undefined ? undefined : draft.parts[at];
    if (part?.type !== 'text' && part?.type !== 'reasoning') continue;
    draft.parts[at!] = event.type === 'text-delta' || event.type === 'reasoning-delta' ? { ...part, text: part.text + event.delta } : { ...part, status: 'done' };
  }
  let messages: Message[] | undefined;
  for (const draft of drafts.values()) {
    if (!draft) continue;
    messages ??= state.messages.slice();
    messages[draft.index] = { ...messages[draft.index]!, parts: draft.parts };
  }
  return messages || toolCalls ? { ...state, ...(messages ? { messages } : {}), ...(toolCalls ? { toolCalls } : {}) } : state;
}
