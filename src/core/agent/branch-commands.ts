/**
 * Edits and regenerations that keep what they replace (issue 32): `editMessage` and `regenerate`
 * store the continuation they replace as a branch, with a checkpoint of its files at its end;
 * `switchBranch` makes a stored one active again, files included (the sandbox's checkpoints are
 * pointer swaps, so a switch costs what changed, not the tree); `compareBranches` gives the
 * files' changes from one branch's end to another's.
 */
import { branchCheckpoints, findBranch, forkAt, switchTo } from '../store/branch-paths';
import type { AgentEvent, BranchPath } from '../store/events';
import type { AgentState, FilePart, Message } from '../store/state';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { SandboxChanges } from '../sandbox/tree/changes';
import { AgentCommandError, type RunResult, type SendOptions } from './agent-options';
import { checkpointIdsWith } from './turn-checkpoint';

export interface BranchCommandsContext {
  getState: () => AgentState;
  dispatch: (event: AgentEvent) => void;
  sandbox: Sandbox | undefined;
  assertIdle: () => void;
  sendFrom(tab: string | undefined, text: string, options: SendOptions): Promise<RunResult>;
  /** Starts a run from the state as it is (the model answers the last user message again). */
  begin(): Promise<RunResult>;
  /** Sets the plan to what the active path's calls made it (after a fork or a switch). */
  replan(): Promise<void>;
}

export interface BranchCommands {
  /** `tab`: the tab the command was given in (see `Message.tab`), read when it was called. */
  editMessage(messageId: string, text: string, tab: string | undefined): Promise<RunResult>;
  regenerate(options?: { messageId?: string }): Promise<RunResult>;
  switchBranch(messageId: string): Promise<void>;
  compareBranches(from: string, to: string): Promise<SandboxChanges>;
}

/** The parts of a state a fork or a switch sets, as its event carries them. */
const pathOf = ({ messages, toolCalls, branches, todos }: AgentState): BranchPath => ({ messages, toolCalls, ...(branches !== undefined ? { branches } : {}), ...(todos !== undefined ? { todos } : {}) });

/** The files of a message, to send again as they were (saved again where they were saved). */
function resendOptions(files: readonly FilePart[]): SendOptions {
  const saved = files.find((file) => file.path !== undefined)?.path;
  return {
    files: files.map(({ data, mediaType, filename }) => ({ data, mediaType, ...(filename !== undefined ? { filename } : {}) })),
    ...(saved !== undefined ? { saveTo: saved.slice(0, saved.lastIndexOf('/')) || '/' } : {}),
  };
}

/**
 * @example
 * ```ts
 * const branching = createBranchCommands({ getState, dispatch, sandbox, assertIdle, sendFrom, begin: () => runs.begin(), replan });
 * await branching.editMessage(messageId, 'A better question', tab);
 * ```
 */
export function createBranchCommands(context: BranchCommandsContext): BranchCommands {
  const { getState, dispatch, sandbox } = context;

  /** Stores the continuation from `message` as a branch, its files with it, and puts the files back to before `turn` ran. */
  function fork(message: Message, turn: Message, command: string): void {
    if (sandbox !== undefined) checkpointIdsWith(sandbox, turn, command);
    const end = sandbox?.checkpoint();
    if (sandbox !== undefined) sandbox.restore(turn.checkpointId!);
    dispatch({ type: 'branch-fork', messageId: message.id, ...pathOf(forkAt(getState(), message.id, end)) });
  }

  const userMessage = (messageId: string, command: string) => {
    const message = getState().messages.find((candidate) => candidate.id === messageId);
    if (message?.role !== 'user') throw new AgentCommandError('unknown-message', `${command}(${JSON.stringify(messageId)}): there is no user message with this id in the conversation.`);
    return message;
  };

  return {
    async editMessage(messageId, text, tab) {
      if (typeof text !== 'string' || text.trim() === '') throw new AgentCommandError('empty-message', 'editMessage(id, text): the new text is empty; nothing was changed.');
      context.assertIdle();
      const message = userMessage(messageId, 'editMessage');
      fork(message, message, `editMessage(${JSON.stringify(messageId)})`);
      await context.replan();
      return context.sendFrom(tab, text, resendOptions(message.parts.filter((part) => part.type === 'file')));
    },
    async regenerate(options = {}) {
      context.assertIdle();
      const { messages } = getState();
      let index: number;
      if (options.messageId === undefined) {
        const lastUser = messages.findLastIndex((message) => message.role === 'user');
        if (lastUser === -1) throw new AgentCommandError('nothing-to-regenerate', 'regenerate(): there is no user message to answer again.');
        index = lastUser + 1;
      } else {
        index = messages.findIndex((message) => message.id === options.messageId);
        if (messages[index]?.role !== 'assistant') throw new AgentCommandError('unknown-message', `regenerate({ messageId: ${JSON.stringify(options.messageId)} }): there is no reply with this id in the conversation.`);
        // The whole answer to its question goes: from the first reply after that question.
        while (index > 0 && messages[index - 1]!.role === 'assistant') index -= 1;
        if (index === 0) throw new AgentCommandError('nothing-to-regenerate', 'regenerate(): this reply answers no user message.');
      }
      const question = messages[index - 1]!;
      const reply = messages[index];
      if (reply !== undefined) {
        fork(reply, question, 'regenerate()');
        // The files go back to before the question, whose saved copies are written again: the question stays.
        const saved = question.parts.filter((part): part is FilePart => part.type === 'file' && part.path !== undefined);
        if (sandbox !== undefined && saved.length > 0) (await import('./save-attached-files')).writeSavedCopies(sandbox, saved);
      }
      await context.replan();
      return context.begin();
    },
    async switchBranch(messageId) {
      context.assertIdle();
      const state = getState();
      const found = findBranch(state, messageId);
      if (found === undefined) throw new AgentCommandError('unknown-message', `switchBranch(${JSON.stringify(messageId)}): no stored branch starts with this message (an active one is shown already).`);
      const target = found.branch;
      if (sandbox !== undefined && target.checkpointId !== undefined && !sandbox.checkpoints().some((checkpoint) => checkpoint.id === target.checkpointId)) {
        throw new AgentCommandError('checkpoint-missing', `switchBranch(${JSON.stringify(messageId)}): the sandbox no longer has this branch's files. Nothing was changed.`);
      }
      const end = sandbox?.checkpoint();
      dispatch({ type: 'branch-switch', messageId, ...pathOf(switchTo(state, messageId, end)) });
      if (sandbox !== undefined && target.checkpointId !== undefined) {
        sandbox.restore(target.checkpointId);
        sandbox.deleteCheckpoint(target.checkpointId);
      }
      await context.replan();
    },
    async compareBranches(from, to) {
      if (sandbox === undefined) throw new AgentCommandError('invalid-input', 'compareBranches(): the agent has no sandbox, so its branches have no files to compare.');
      const state = getState();
      const filesOf = (messageId: string) => {
        if (state.messages.some((message) => message.id === messageId)) return undefined; // the active branch: the files now
        const checkpointId = findBranch(state, messageId)?.branch.checkpointId;
        if (checkpointId === undefined) throw new AgentCommandError('unknown-message', `compareBranches(): no branch starting with ${JSON.stringify(messageId)} has files to compare.`);
        return checkpointId;
      };
      const [a, b] = [filesOf(from), filesOf(to)];
      if (a === undefined && b === undefined) return { added: [], modified: [], deleted: [] };
      if (a !== undefined) return sandbox.changesSince(a, b);
      // From the active branch's files (now) to a stored one's: taken as a checkpoint for the moment.
      const now = sandbox.checkpoint();
      try {
        return sandbox.changesSince(now, b);
      } finally {
        sandbox.deleteCheckpoint(now);
      }
    },
  };
}

/** The checkpoints that only the branches `before` had (dropped by a rollback), for the sandbox to let go. */
export function droppedBranchCheckpoints(before: AgentState, after: AgentState): string[] {
  const kept = branchCheckpoints(after);
  return [...branchCheckpoints(before)].filter((id) => !kept.has(id));
}
