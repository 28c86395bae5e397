/**
 * What a session list shows about a conversation, derived from its snapshot: a title taken from
 * the first thing the person asked, and how many messages it holds. Every session storage derives
 * them the same way (through `nextSessionRecord`), so a list looks the same whatever keeps it.
 */
import type { AgentState } from '../store/state';
import type { SessionSummary, StoredSession } from './session-types';

/**
 * The title of a conversation in which the person has not written anything yet.
 *
 * @example
 * ```ts
 * const isEmpty = (session: SessionSummary) => session.title === untitledSessionTitle && session.messageCount === 0;
 * ```
 */
export const untitledSessionTitle = 'New chat';

/**
 * Derived titles are cut to this many characters (the ellipsis included), to fit a list row.
 *
 * @example
 * ```ts
 * Array.from(sessionTitle(state)).length <= sessionTitleLength; // true
 * ```
 */
export const sessionTitleLength = 60;

/**
 * The longest title a rename may give, in characters (code points, after runs of whitespace are
 * collapsed): long enough for any title a person types, short enough that a list of sessions
 * stays small. Every session storage and the server refuse a longer one (`invalid-record`, a 400
 * on the server), so a title that one device accepted is one every other device accepts too.
 *
 * @example
 * ```ts
 * <input maxLength={maxSessionTitleLength} />
 * ```
 */
export const maxSessionTitleLength = 200;

/**
 * `title` cut to `length` characters (default `maxSessionTitleLength`) with an ellipsis when it is
 * longer: for a title made from another (an offline copy's) or kept before the limit existed.
 *
 * @example
 * ```ts
 * await storage.rename(id, fitSessionTitle(server.title));
 * ```
 */
export function fitSessionTitle(title: string, length = maxSessionTitleLength): string {
  return shorten(title, length);
}

/**
 * The title a conversation gets until someone renames it: the text of the first user message
 * that has any, with runs of whitespace (new lines too) collapsed to one space, cut at
 * `sessionTitleLength` characters with an ellipsis; `'New chat'` when there is none.
 *
 * @example
 * ```ts
 * sessionTitle(agent.getState()); // 'Summarize the quarterly report and list the three…'
 * ```
 */
export function sessionTitle(state: AgentState): string {
  // Defensive reads: a stored snapshot may come from an older or damaged format.
  const messages = Array.isArray(state?.messages) ? state.messages : [];
  for (const message of messages) {
    if (message?.role !== 'user' || !Array.isArray(message.parts)) continue;
    const text = message.parts
      .map((part) => (part?.type === 'text' && typeof part.text === 'string' ? part.text : ''))
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    if (text !== '') return shorten(text, sessionTitleLength);
  }
  return untitledSessionTitle;
}

/**
 * How many messages a list shows for the conversation (user and assistant messages alike).
 *
 * @example
 * ```ts
 * sessionMessageCount(agent.getState()); // 4 after two questions and two replies
 * ```
 */
export function sessionMessageCount(state: AgentState): number {
  return Array.isArray(state?.messages) ? state.messages.length : 0;
}

/**
 * The list fields of a stored session, without its snapshot (what a `summaries` store keeps).
 *
 * @example
 * ```ts
 * const row: SessionSummary = toSessionSummary(await storage.load('chat-1'));
 * ```
 */
export function toSessionSummary(session: SessionSummary): SessionSummary {
  const { id, title, createdAt, updatedAt, messageCount, revision } = session;
  return { id, title, createdAt, updatedAt, messageCount, revision };
}

/**
 * Orders sessions as `SessionStorage.list()` returns them: most recently updated first; ties by
 * id, so the order is the same on every call.
 *
 * @example
 * ```ts
 * const summaries = records.map(toSessionSummary).sort(byRecentUpdate);
 * ```
 */
export function byRecentUpdate(first: SessionSummary | StoredSession, second: SessionSummary | StoredSession): number {
  return second.updatedAt - first.updatedAt || (first.id < second.id ? -1 : first.id > second.id ? 1 : 0);
}

/** Cuts by code points, not UTF-16 units, so an emoji at the cut is not split in half. */
function shorten(text: string, length: number): string {
  const characters = Array.from(text);
  if (characters.length <= length) return text;
  return `${characters.slice(0, length - 1).join('').trimEnd()}…`;
}
