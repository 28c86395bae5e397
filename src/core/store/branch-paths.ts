/**
 * Forking and switching the conversation's path (see `branches`): pure functions from a state to
 * the path after an edit, a regeneration or a switch. A fork or a switch after the message at
 * `index` copies the path up to it and gives that message (or the state, at the start) its new
 * list of stored branches: O(path), however many branches the conversation holds. Loaded with the
 * branch commands, so a chat that never edits ships none of it.
 */
import type { AgentState, Message, StoredBranch } from './state';
import { branchesAfter } from './branches';

/** A continuation of the path, stored: its messages from `index` on, their calls, the files at its end, the plan. */
function store(state: AgentState, index: number, checkpointId: string | undefined): { stored: StoredBranch; movedIds: Set<string> } {
  const messages = state.messages.slice(index);
  const movedIds = new Set(messages.map((message) => message.id));
  return {
    stored: {
      messages,
      toolCalls: state.toolCalls.filter((call) => movedIds.has(call.messageId)),
      ...(checkpointId !== undefined ? { checkpointId } : {}),
      ...(state.todos !== undefined ? { todos: state.todos } : {}),
    },
    movedIds,
  };
}

/** The path up to the message at `index`, that message holding `branches` (or the state, at `-1`). */
function withBranchesAfter(state: AgentState, index: number, branches: StoredBranch[], rest: readonly Message[], toolCalls: AgentState['toolCalls']): AgentState {
  const { todos: _todos, branches: _branches, ...others } = state;
  const held = branches.length > 0 ? branches : undefined;
  const head = state.messages.slice(0, index + 1);
  if (index >= 0) {
    const { branches: _held, ...holder } = head[index]!;
    head[index] = held ? { ...holder, branches: held } : holder;
  }
  return {
    ...others,
    ...(index === -1 && held ? { branches: held } : index !== -1 && state.branches ? { branches: state.branches } : {}),
    messages: [...head, ...rest],
    toolCalls,
  };
}

/**
 * The state with the continuation from `messageId` (to the end) stored as a branch and gone from
 * the active path. `checkpointId`: the files at its end.
 */
export function forkAt(state: AgentState, messageId: string, checkpointId: string | undefined): AgentState {
  const index = state.messages.findIndex((message) => message.id === messageId);
  if (index === -1) return state;
  const { stored, movedIds } = store(state, index, checkpointId);
  return withBranchesAfter(state, index - 1, [...(branchesAfter(state, index - 1) ?? []), stored], [], state.toolCalls.filter((call) => !movedIds.has(call.messageId)));
}

/** Where the stored branch starting with `messageId` is: after the message at `index` of the active path (`-1`: at the start), at `position` in its list. */
export function findBranch(state: AgentState, messageId: string): { index: number; position: number; branch: StoredBranch } | undefined {
  for (let index = -1; index < state.messages.length; index++) {
    const list = branchesAfter(state, index);
    const position = list?.findIndex((branch) => branch.messages[0]?.id === messageId) ?? -1;
    if (position !== -1) return { index, position, branch: list![position]! };
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
  const { index, position, branch } = found;
  const others = branchesAfter(state, index)!.filter((_, at) => at !== position);
  const replaced = index + 1 < state.messages.length ? store(state, index + 1, checkpointId) : undefined;
  const kept = replaced ? state.toolCalls.filter((call) => !replaced.movedIds.has(call.messageId)) : state.toolCalls;
  const next = withBranchesAfter(state, index, replaced ? [...others, replaced.stored] : others, branch.messages, [...kept, ...branch.toolCalls]);
  return branch.todos !== undefined ? { ...next, todos: branch.todos } : next;
}

/** Every checkpoint the stored branches of a state hold (their ends, their user messages' turns, and the branches inside them). */
export function branchCheckpoints(state: Pick<AgentState, 'branches' | 'messages'>): Set<string> {
  const ids = new Set<string>();
  const visit = (list: readonly StoredBranch[] | undefined) => {
    for (const branch of list ?? []) {
      if (branch.checkpointId !== undefined) ids.add(branch.checkpointId);
      for (const message of branch.messages) {
        if (message.checkpointId !== undefined) ids.add(message.checkpointId);
        visit(message.branches);
      }
    }
  };
  visit(state.branches);
  for (const message of state.messages) visit(message.branches);
  return ids;
}
