/**
 * The conversation as a tree (issue 32). `state.messages` is the active path, as it always was;
 * what an edit or a regeneration replaced is kept in `state.branches`: each replaced continuation
 * (the messages from the replaced one to the end, their calls, the plan, and a checkpoint of the
 * files as they were at its end), filed under the message it follows (`''`: the start). What every
 * state needs is here (a rollback dropping the branches below it, a message's versions for views);
 * forking and switching are in `branch-paths`, loaded with the first edit.
 */
import type { AgentState, Message } from './state';

/** The key of the continuations that follow the message at `index` of the active path (`''`: the start). */
export const keyAt = (messages: readonly Message[], index: number) => (index === 0 ? '' : messages[index - 1]!.id);

/**
 * The branches without those that followed a removed message (a rollback), nor the ones stored
 * inside those. Returns the same object when nothing is removed.
 */
export function withoutBranchesUnder(branches: AgentState['branches'], removed: Iterable<string>): AgentState['branches'] {
  if (branches === undefined) return undefined;
  const kept = { ...branches };
  const pending = [...removed];
  let changed = false;
  while (pending.length > 0) {
    const id = pending.pop()!;
    // Own keys only: a message id may be any string, "constructor" or "__proto__" too.
    const list = Object.hasOwn(kept, id) ? kept[id] : undefined;
    if (list === undefined) continue;
    delete kept[id];
    changed = true;
    for (const branch of list) for (const message of branch.messages) pending.push(message.id);
  }
  if (!changed) return branches;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

/** A message's alternatives: the first message of each continuation at its place, in the order they were written, and which is shown. */
export interface BranchSiblings {
  ids: readonly string[];
  active: number;
}

interface SiblingIndex {
  length: number;
  lastId: string | undefined;
  keys: Map<string, string>;
  siblings: Map<string, BranchSiblings>;
}

// Per `branches` object: built again only when a message is added or removed (not per token).
const indexes = new WeakMap<NonNullable<AgentState['branches']>, SiblingIndex>();

/**
 * The alternatives of the active message `messageId`, or `undefined` when it has none. O(1) per
 * call while a reply streams (the index is kept per `state.branches` and path length); the same
 * object while nothing changed, so a view selecting it re-renders only when its branches change.
 *
 * @example
 * ```ts
 * branchSiblings(state, 'msg-3'); // { ids: ['msg-3', 'msg-9'], active: 0 }
 * ```
 */
export function branchSiblings(state: AgentState, messageId: string): BranchSiblings | undefined {
  const { branches, messages } = state;
  if (branches === undefined) return undefined;
  let index = indexes.get(branches);
  const lastId = messages.at(-1)?.id;
  if (index === undefined || index.length !== messages.length || index.lastId !== lastId) {
    const keys = new Map<string, string>();
    for (let position = 0; position < messages.length; position++) {
      const key = keyAt(messages, position);
      if (Object.hasOwn(branches, key)) keys.set(messages[position]!.id, key);
    }
    index = { length: messages.length, lastId, keys, siblings: new Map() };
    indexes.set(branches, index);
  }
  const key = index.keys.get(messageId);
  if (key === undefined) return undefined;
  let siblings = index.siblings.get(messageId);
  if (siblings === undefined) {
    const active = messages.find((message) => message.id === messageId)!;
    const firsts = [active, ...branches[key]!.map((branch) => branch.messages[0]!)].sort((a, b) => a.createdAt - b.createdAt);
    siblings = { ids: firsts.map((message) => message.id), active: firsts.indexOf(active) };
    index.siblings.set(messageId, siblings);
  }
  return siblings;
}
