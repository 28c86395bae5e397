/**
 * Forking and switching the conversation's path (see `branches`): pure functions from a state to
 * the path and branches after an edit, a regeneration or a switch. Loaded with the branch
 * commands, so a chat that never edits ships none of it.
 */
import type { AgentState, StoredBranch } from './state';
import { keyAt } from './branches';

/**
 * The state with the continuation from `messageId` (to the end) stored as a branch and gone from
 * the active path. `checkpointId`: the files at its end.
 */
export function forkAt(state: AgentState, messageId: string, checkpointId: string | undefined): AgentState {
  const index = state.messages.findIndex((message) => message.id === messageId);
  if (index === -1) return state;
  const moved = state.messages.slice(index);
  const movedIds = new Set(moved.map((message) => message.id));
  const stored: StoredBranch = {
    messages: moved,
    toolCalls: state.toolCalls.filter((call) => movedIds.has(call.messageId)),
    ...(checkpointId !== undefined ? { checkpointId } : {}),
    ...(state.todos !== undefined ? { todos: state.todos } : {}),
  };
  const key = keyAt(state.messages, index);
  const { todos: _todos, ...rest } = state;
  return {
    ...rest,
    messages: state.messages.slice(0, index),
    toolCalls: state.toolCalls.filter((call) => !movedIds.has(call.messageId)),
    branches: { ...state.branches, [key]: [...(state.branches && Object.hasOwn(state.branches, key) ? state.branches[key]! : []), stored] },
  };
}

/** Where a stored branch starting with `messageId` is: its key and its place in that list, if its key is on the active path. */
export function findBranch(state: AgentState, messageId: string): { key: string; position: number; parentIndex: number } | undefined {
  for (const [key, list] of Object.entries(state.branches ?? {})) {
    const position = list.findIndex((branch) => branch.messages[0]?.id === messageId);
    if (position === -1) continue;
    const parentIndex = key === '' ? -1 : state.messages.findIndex((message) => message.id === key);
    return key === '' || parentIndex !== -1 ? { key, position, parentIndex } : undefined;
  }
  return undefined;
}

/**
 * The state with the stored branch starting with `messageId` active, and the continuation it
 * replaces stored in its place (`checkpointId`: the files at that one's end).
 */
export function switchTo(state: AgentState, messageId: string, checkpointId: string | undefined): AgentState {
  const found = findBranch(state, messageId);
  if (!found) return state;
  const { key, position, parentIndex } = found;
  const list = state.branches![key]!;
  const target = list[position]!;
  const replaced = state.messages.slice(parentIndex + 1);
  const replacedIds = new Set(replaced.map((message) => message.id));
  const others = list.filter((_, index) => index !== position);
  const stored: StoredBranch[] =
    replaced.length === 0
      ? others
      : [
          ...others,
          {
            messages: replaced,
            toolCalls: state.toolCalls.filter((call) => replacedIds.has(call.messageId)),
            ...(checkpointId !== undefined ? { checkpointId } : {}),
            ...(state.todos !== undefined ? { todos: state.todos } : {}),
          },
        ];
  const { todos: _todos, branches: _branches, ...rest } = state;
  const branches = { ...state.branches };
  // Defined, not assigned: a key of "__proto__" is a key like any other here.
  if (stored.length > 0) Object.defineProperty(branches, key, { value: stored, enumerable: true, writable: true, configurable: true });
  else delete branches[key];
  return {
    ...rest,
    messages: [...state.messages.slice(0, parentIndex + 1), ...target.messages],
    toolCalls: [...state.toolCalls.filter((call) => !replacedIds.has(call.messageId)), ...target.toolCalls],
    ...(Object.keys(branches).length > 0 ? { branches } : {}),
    ...(target.todos !== undefined ? { todos: target.todos } : {}),
  };
}

/** Every checkpoint the branches hold (their ends, and their user messages' turns), for the sandbox to keep or let go. */
export function branchCheckpoints(branches: AgentState['branches']): Set<string> {
  const ids = new Set<string>();
  for (const list of Object.values(branches ?? {})) {
    for (const branch of list) {
      if (branch.checkpointId !== undefined) ids.add(branch.checkpointId);
      for (const message of branch.messages) if (message.checkpointId !== undefined) ids.add(message.checkpointId);
    }
  }
  return ids;
}

