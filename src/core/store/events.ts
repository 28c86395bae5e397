import type {
  AgentError,
  AgentState,
  ApprovalRequest,
  AgentStatus,
  AuditActor,
  Compaction,
  Message,
  MessageFeedback,
  QueuedMessage,
  RemoteCallInfo,
  NoticePart,
  SourcePart,
  StoredBranch,
  SubAgentRun,
  TodoItem,
  ToolCall,
  ToolCallState,
  Usage,
} from './state';

/** The active path and the stored branches after a fork or a switch (the plan shown with it). */
export interface BranchPath {
  messages: Message[];
  toolCalls: ToolCall[];
  /** The branches at the very start (`AgentState.branches`); later ones are in the messages. */
  branches?: StoredBranch[];
  todos?: TodoItem[];
}

/**
 * Everything that changes the agent's state is one of these events, applied by the pure
 * reducer in `reducer.ts`. Names are noun-verb. Events are plain data, so the log can be
 * replayed to rebuild the state.
 */
export type AgentEvent =
  /** `at`: when the run's stretch started (epoch ms), kept in `state.runTime`. */
  | { type: 'run-start'; runId: string; at?: number }
  | { type: 'run-resume'; runId: string; at?: number }
  /** `activeMs`: the run's active time so far, all its stretches, kept in `state.runTime`. */
  | { type: 'run-finish'; runId: string; status: Exclude<AgentStatus, 'running'>; error?: AgentError; activeMs?: number }
  | { type: 'message-add'; message: Message }
  /** `at`: when it ended, kept in the message's `timing` (epoch ms). */
  | { type: 'message-finish'; messageId: string; status: 'done' | 'stopped' | 'error'; at?: number }
  /** The reply's first text, reasoning or tool call arrived (`at`, epoch ms; kept in its `timing`). */
  | { type: 'message-first-token'; messageId: string; at: number }
  /** A person rated a reply, or (`null`) took the rating back. */
  | { type: 'message-feedback'; messageId: string; feedback: MessageFeedback | null }
  | { type: 'message-remove'; messageId: string }
  /** Removes the message and every message after it, with their tool calls (a rollback). */
  | { type: 'messages-truncate'; messageId: string }
  | { type: 'step-start'; runId: string; step: number }
  /** A model step ended: its usage (and cost, with a `costEstimator`) goes on its reply and into the totals. */
  | { type: 'step-finish'; runId: string; step: number; usage: Usage; messageId?: string; costUsd?: number }
  | { type: 'text-start'; messageId: string; partId: string; remoteId?: string }
  | { type: 'text-delta'; messageId: string; partId: string; delta: string }
  | { type: 'text-end'; messageId: string; partId: string }
  | { type: 'reasoning-start'; messageId: string; partId: string; remoteId?: string }
  | { type: 'reasoning-delta'; messageId: string; partId: string; delta: string }
  | { type: 'reasoning-end'; messageId: string; partId: string }
  /** The provider's data for a reasoning part (merged by provider: `{ anthropic: { signature } }`). */
  | { type: 'reasoning-metadata'; messageId: string; partId: string; providerMetadata: Record<string, Record<string, unknown>> }
  | { type: 'notice-add'; messageId: string; notice: NoticePart }
  /** A source the reply drew on (see `SourcePart`). */
  | { type: 'source-add'; messageId: string; source: SourcePart }
  | { type: 'tool-call-start'; messageId: string; toolCallId: string; name: string; providerToolCallId?: string; remote?: RemoteCallInfo }
  | { type: 'tool-call-input-delta'; toolCallId: string; delta: string }
  | {
      type: 'tool-call-update';
      toolCallId: string;
      state: ToolCallState;
      by: AuditActor;
      at: number;
      note?: string;
      /** Fields set together with the state change; omitted fields keep their value. */
      input?: unknown;
      inputText?: string;
      originalInput?: unknown;
      approval?: ApprovalRequest;
      output?: unknown;
      error?: string;
      /** Merged into the call's remote ids. */
      remote?: RemoteCallInfo;
    }
  /** A sub-agent's state as it now stands (see `defineAgentTool`); its usage since the last one counts in the totals. */
  | { type: 'tool-call-sub-agent'; toolCallId: string; subAgent: SubAgentRun }
  | { type: 'tool-always-allow'; name: string }
  | { type: 'tool-call-progress'; toolCallId: string; progress: unknown }
  | { type: 'error-clear' }
  /**
   * A model call beside the conversation's steps (follow-up suggestions, `agent.suggestFollowUps`):
   * its usage (and cost, with a `costEstimator`) counts in the totals; no message changes.
   */
  | { type: 'usage-add'; usage: Usage; costUsd?: number; purpose: 'follow-up-suggestions' }
  /** A summary of earlier messages for the model (the messages stay); its usage counts in the conversation's. */
  | { type: 'compaction-add'; compaction: Compaction; usage: Usage }
  /** The whole plan, replacing the last one: as the `todo_write` call `toolCallId` sent it, or as a rollback left it. */
  | { type: 'todos-update'; todos: TodoItem[]; toolCallId?: string }
  /** A remote agent's shared state as it now stands (`react-agent-kit/ag-ui`), replacing the last one. */
  | { type: 'remote-state-update'; state: unknown }
  /** The conversation as a remote agent declared it (`MESSAGES_SNAPSHOT`), replacing messages and calls. */
  | { type: 'messages-replace'; messages: Message[]; toolCalls: ToolCall[] }
  /**
   * An edit or a regeneration: the continuation from `messageId` was stored as a branch. The event
   * carries the path and branches that result (computed where the branch code is loaded), so the
   * reducer only sets them and the log replays it.
   */
  | ({ type: 'branch-fork'; messageId: string } & BranchPath)
  /** The stored branch starting with `messageId` became active, the continuation it replaced stored; carries the result as `branch-fork` does. */
  | ({ type: 'branch-switch'; messageId: string } & BranchPath)
  /** A message sent while the agent was busy joins the queue (at its end, or first: `whenBusy: 'interrupt'`). */
  | { type: 'queue-add'; message: QueuedMessage; first?: boolean }
  /** A queued message's new text. */
  | { type: 'queue-update'; id: string; text: string }
  /** A queued message leaves the queue: sent, or removed by the person. */
  | { type: 'queue-remove'; id: string }
  /** The whole state, restored from a saved session (already sealed: nothing in it is in flight). */
  | { type: 'state-restore'; state: AgentState };

export type AgentEventType = AgentEvent['type'];

/** An event as kept in the log: `cursor` increases by one per event, starting at 1. */
export interface LoggedEvent {
  cursor: number;
  at: number;
  event: AgentEvent;
}
