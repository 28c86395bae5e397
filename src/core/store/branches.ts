/**
 * The conversation as a tree (issue 32). `state.messages` is the active path, as it always was;
 * what an edit or a regeneration replaced is kept as stored branches: each replaced continuation
 * (the messages from the replaced one to the end, their calls, the plan, and a checkpoint of the
 * files as they were at its end), held by the message it follows (`Message.branches`; those at
 * the very start by the state, `AgentState.branches`). A switch changes only the path from that
 * message on, and a rollback takes the branches below it with the messages that hold them.
 * What every view needs is here (a message's versions); forking and switching are in
 * `branch-paths`, loaded with the first edit.
 */
import type { AgentState, Message, StoredBranch } from './state';

/** The branches stored after the message at `index` of the active path (`-1`: at the start). */
export function branchesAfter(state: AgentState, index: number): readonly StoredBranch[] | undefined {
  return index === -1 ? state.branches : state.messages[index]?.branches;
}

/** A message's alternatives: the first message of each continuation at its place, in the order they were written, and which is shown. */
export interface BranchSiblings {
  ids: readonly string[];
  active: number;
}

// Where each message of a path is, per path (by its first message): a message keeps its place
// while it stays on the path, so a lookup is checked, not rebuilt, while a reply streams.
const places = new WeakMap<Message, Map<string, number>>();
// A message's versions, per list of stored branches: the same object while nothing changed.
const siblingsOf = new WeakMap<readonly StoredBranch[], Map<string, BranchSiblings>>();

function indexOf(messages: readonly Message[], messageId: string): number {
  const first = messages[0];
  if (first === undefined) return -1;
  let place = places.get(first);
  const known = place?.get(messageId);
  if (known !== undefined && messages[known]?.id === messageId) return known;
  place = new Map(messages.map((message, index) => [message.id, index]));
  places.set(first, place);
  return place.get(messageId) ?? -1;
}

/**
 * The alternatives of the active message `messageId`, or `undefined` when it has none. O(1) per
 * call while a reply streams; the same object while nothing changed, so a view selecting it
 * re-renders only when its versions change.
 *
 * @example
 * ```ts
 * branchSiblings(state, 'msg-3'); // { ids: ['msg-3', 'msg-9'], active: 0 }
 * ```
 */
export function branchSiblings(state: AgentState, messageId: string): BranchSiblings | undefined {
  const index = indexOf(state.messages, messageId);
  if (index === -1) return undefined;
  const list = branchesAfter(state, index - 1);
  if (list === undefined || list.length === 0) return undefined;
  let cached = siblingsOf.get(list);
  if (cached === undefined) siblingsOf.set(list, (cached = new Map()));
  let siblings = cached.get(messageId);
  if (siblings === undefined) {
    const active = state.messages[index]!;
    // By when each was written; two written in one millisecond (scripted models) keep the stored
    // one first, as the version shown is usually the one just written.
    const firsts = [...list.map((branch) => branch.messages[0]!), active].sort((a, b) => a.createdAt - b.createdAt);
    siblings = { ids: firsts.map((message) => message.id), active: firsts.indexOf(active) };
    cached.set(messageId, siblings);
  }
  return siblings;
}
