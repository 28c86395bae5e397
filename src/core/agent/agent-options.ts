import type { AgentEventType, LoggedEvent } from '../store/events';
import type { AgentEventListener } from './agent-events';
import type { ReportError } from './report-error';
import type { ReadonlyAgentStore } from '../store/readonly-agent-store';
import type { LanguageModel } from '../model/language-model';
import type { RetryPolicy } from '../model/retry-policy';
import type { AskUserOption, QuestionAnswer } from '../people/question-types';
import type { PersistenceError } from '../persistence/persistence-error';
import type { Sandbox } from '../sandbox/sandbox-types';
import type { SandboxChanges } from '../sandbox/tree/changes';
import type { BranchSiblings } from '../store/branches';
import type { AgentSession } from '../sessions/agent-session';
import type { AgentSnapshot, SessionStorage } from '../sessions/session-types';
import type { AgentState, Compaction, FeedbackInput, FilePart, ToolCall } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import type { ToolCallHandler } from '../run/execute-tool-call';
import type { AgentLimits, CostEstimator } from '../run/run-limits';
import type { FollowUpOptions } from './follow-up-options';
import type { ContextOptions } from '../context/context-options';
import type { PrepareStep } from '../run/prepare-step';
import type { AgentHooks } from '../run/agent-hooks';
import type { RunResult } from '../run/run-lifecycle';

export type { RunResult } from '../run/run-lifecycle';
import type { PermissionPolicy } from '../people/permission-policy';
import type { ToolInfo } from '../tools/tool-info';

/**
 * A file to send with a message: a `File` or `Blob` (from a file input, a paste, a drop), or its
 * content with a media type: base64 text (no `data:` prefix) or bytes.
 */
export type AttachedFile = Blob | { data: string | Uint8Array; mediaType: string; filename?: string };

/** Options of `agent.send`. */
export interface SendOptions {
  /**
   * Files sent with the message, as `file` parts the model receives (images go to vision models;
   * which types a model accepts is the provider's to say). Kept in the state as base64, so
   * sessions and session files keep them.
   */
  files?: readonly AttachedFile[];
  /**
   * With a sandbox: also write each file into it under this folder (`'/uploads'`), text files as
   * text and others as bytes, so the agent's file tools can read them; the model is told the path.
   * A name taken already gets a number (`photo-2.png`). The write belongs to the message's turn:
   * rolling back to before the message removes the copies.
   */
  saveTo?: string;
  /** What happens when the agent is busy; overrides the agent's `whenBusy` for this message. */
  whenBusy?: WhenBusy;
}

/**
 * What `send` does while the agent is busy (a run, a summary being written, a person being asked):
 * `'queue'` (the default) adds the message to `state.queue`, sent when the agent is next idle;
 * `'interrupt'` puts it first and ends the run at its next safe point (once the calls of its last
 * step have their results; a pending approval or question is cancelled, as Stop does), then sends
 * it; `'reject'` refuses with `AgentCommandError` `agent-busy`.
 */
export type WhenBusy = 'queue' | 'interrupt' | 'reject';

export interface AgentOptions {
  /** Any AI SDK language model (spec v2, v3 or v4), or `demoModel()`. */
  model: LanguageModel;
  /** The system prompt. */
  instructions?: string;
  tools?: readonly ToolDefinition<never, unknown>[];
  /** Runs declarations (tools without `execute`) in the host app. */
  onToolCall?: ToolCallHandler;
  limits?: AgentLimits;
  costEstimator?: CostEstimator;
  permissions?: PermissionPolicy;
  /** Adds the built-in `ask_user_question` tool. */
  askUser?: AskUserOption;
  /**
   * Adds the built-in `todo_write` tool: the model keeps a plan of its task (items pending, in
   * progress or completed, at most one in progress) in `state.todos`, which `<AgentChat>` shows
   * above the composer (`Plan`, `useTodos`). The model is reminded of the open plan each step.
   * It runs without asking, whatever the permission mode; `permissions.deny` can still refuse it.
   */
  todos?: boolean;
  /** What `send` does while the agent is busy (see `WhenBusy`); default `'queue'`. */
  whenBusy?: WhenBusy;
  /** Retries of transient model failures before any output streamed. */
  retry?: Partial<RetryPolicy>;
  /**
   * A context budget: every request stays within `maxInputTokens`, old tool outputs elided first,
   * then older turns summarized (see `ContextOptions`). The messages themselves are never changed.
   */
  context?: ContextOptions;
  /**
   * Called before every model call with the step, the prompt the kit would send (after the
   * context budget), the tools and the state; may return `{ prompt?, activeTools? }` to send
   * another prompt or offer fewer tools. A hook that throws, or returns a prompt the provider
   * interface does not accept, ends the run with an error that says so; nothing is sent.
   */
  prepareStep?: PrepareStep;
  /**
   * The app's code at the tool and step boundaries; each one function or a list run in order.
   * `beforeToolCall(call)` runs once a call's input is valid and may allow it (no approval asked;
   * the deny list still refuses), deny it with a reason the model receives, rewrite its input
   * (validated again and audited), or answer with a result without running the tool. It also sees
   * the calls of the agent's sub-agents (`defineAgentTool`, nested too), after their own hooks,
   * with `call.agent.path` naming the sub-agent that asks (`[]` for the agent's own calls).
   * `afterToolCall(call, result)` may replace a result. `onStepFinish(step)` runs after each model
   * step. A tool hook that throws or returns something invalid ends that call with an error result
   * naming the hook; an `onStepFinish` that throws ends the run with an error that says so.
   *
   * @example
   * ```ts
   * hooks: {
   *   beforeToolCall: ({ name, input }) => (name === 'bash' && /\brm\b/.test((input as { command: string }).command) ? { action: 'deny', reason: 'No deleting files from the shell.' } : undefined),
   *   afterToolCall: (call, result) => ('output' in result ? { output: redactSecrets(result.output) } : undefined),
   * }
   * ```
   */
  hooks?: AgentHooks;
  /**
   * A workspace for the agent (`createSandbox` from `react-agent-kit/sandbox`). Adds the file
   * tools (`read_file`, `write_file`, `edit_file`, `list_files`, `glob`, `grep`, `delete_file`,
   * `move_file`; see `sandboxTools`), takes a checkpoint before every user message, and makes
   * `rollback` restore files and conversation together.
   */
  sandbox?: Sandbox;
  /**
   * Start from exactly this state instead of an empty conversation (say, to render a given state
   * in a test or a story). To restore a saved conversation, use `snapshot`, which also seals
   * what was in flight.
   */
  initialState?: AgentState;
  /**
   * Start from a snapshot (`agent.snapshot()`, or a file read with `readSessionFile`): the whole
   * conversation with its audit trails, pending approvals and questions, always-allow decisions
   * and usage, and, with a `sandbox` to load them into, its files and checkpoints. Calls that were
   * running and replies that were streaming are sealed: they get a result saying they were
   * interrupted, so the history is valid and the user can go on.
   */
  snapshot?: AgentSnapshot;
  /**
   * Keep the "always allow" grants of `snapshot` (or `initialState`). By default they are dropped,
   * with a notice in the thread, because a file can claim anything: set this only for snapshots
   * your app wrote itself and kept where users and others cannot change them. Grants restored
   * from the agent's own `session` storage are kept, unless the storage says others can write
   * there (`grants: 'untrusted'`: `httpSessionStorage` without `trustGrants`). Whatever this says, an approval
   * recorded in data but not yet run is asked again: data never authorizes a call.
   */
  trustSnapshot?: boolean;
  /**
   * Keeps the conversation (and the sandbox's files and checkpoints) in `storage` under `id`:
   * loaded when the agent is created (commands wait for it), saved as it changes. See
   * `agent.session` for where saving stands.
   */
  session?: AgentSessionOptions;
  temperature?: number;
  /**
   * Receives failures of the app's own code that the agent isolated and went on without: an
   * `agent.on` listener that threw (or whose promise rejected), a tool's `dispose` that failed.
   * Default: `console.error`.
   *
   * @example
   * ```ts
   * createAgent({ model, reportError: (error, source) => Sentry.captureException(error, { extra: source }) });
   * ```
   */
  reportError?: ReportError;
}

/** Where an agent's session is kept (`createAgent({ session })`). */
export interface AgentSessionOptions {
  id: string;
  /** `indexedDbSessionStorage(...)` or `memorySessionStorage()` from react-agent-kit/sessions, or your own. */
  storage: SessionStorage;
  /** Quiet time after the last change before saving. Default 300 ms. */
  delayMs?: number;
  /** A save happens at most this long after the first unsaved change. Default 2000 ms. */
  maxDelayMs?: number;
  /** Called with every load or save failure (the status says so too). Default: `console.warn`. */
  onError?: (error: PersistenceError) => void;
  /**
   * What happens when the conversation was saved mid-run (the page was reloaded or closed while a
   * reply streamed or tools ran) and is opened again:
   * - `'auto'` (default): the run goes on by itself. Finished steps and results are kept; the step
   *   that was streaming is asked again (its partial reply stays in view, marked as cut off, and is
   *   not sent to the model); a call that was running runs again only if its tool is `idempotent`,
   *   otherwise it is sealed and the model is told; approvals and questions stay waiting; limits
   *   and costs count the whole run.
   * - `'ask'`: the same, once the person presses "Continue" (`agent.resume()`).
   * - `'never'`: everything in flight is sealed, and a cut-off reply is regenerated by hand.
   */
  resume?: 'auto' | 'ask' | 'never';
  /**
   * The same session open in several tabs of one browser is one live conversation (default
   * `true`, where the storage supports it, as `indexedDbSessionStorage` does, and the browser has
   * Web Locks): one tab runs the loop and saves, the others show the same state as it happens and
   * send their commands to it, and when it closes another takes the run over. `false`: each tab
   * on its own, the first to save wins and the other stops saving.
   */
  tabs?: boolean;
}

/**
 * A running agent: state plus commands. Create it with `createAgent`; render it with
 * `<AgentChat agent={agent} />` or the hooks of `react-agent-kit/react`.
 */
export interface Agent {
  /**
   * Adds a user message and runs the agent. Settles when the run is idle, waits for a person,
   * or failed (the error is also in the state). Rejects with `AgentCommandError` when `text`
   * is empty (and no file is sent), a file is not one it can read (`invalid-message`, naming the
   * file), or `saveTo` cannot be written. While the agent is busy, the message waits in
   * `state.queue` (and the promise settles with the run that answers it, or rejects with
   * `removed-from-queue` if it is removed first), interrupts, or is refused (`agent-busy`), as
   * `whenBusy` says.
   *
   * @example
   * ```ts
   * await agent.send('What is in this picture?', { files: [fileInput.files[0]] });
   * await agent.send('Summarize it', { files: [{ mediaType: 'text/plain', filename: 'notes.txt', data: btoa('…') }], saveTo: '/uploads' });
   * ```
   */
  send(text: string, options?: SendOptions): Promise<RunResult>;
  /** Stops the active run. What streamed so far is kept; unfinished tool calls are cancelled. Queued messages stay, and the first is sent next. */
  stop(): Promise<void>;
  /** Changes the text of a message waiting in `state.queue`. Rejects with `unknown-message` once it was sent or removed, `empty-message` for blank text. */
  editQueued(id: string, text: string): Promise<void>;
  /** Takes a message out of `state.queue` (its `send` rejects with `removed-from-queue`). Rejects with `unknown-message` once it was sent or removed. */
  removeQueued(id: string): Promise<void>;
  /** After an error: asks the model again from where the conversation stands. */
  retry(): Promise<RunResult>;
  /**
   * Approves a call waiting in `approval-requested`: once, `always` for this tool (remembered in
   * the state), and/or with edited `input` (validated again; the original is kept and the edit
   * audited). The call moves to `approval-responded` and runs when its turn comes (usually at
   * once). Settles like `send` once the run pauses or ends again. Rejects with
   * `AgentCommandError` when the call is not waiting (`not-pending`) or the input is invalid
   * (`invalid-input`); nothing changes then.
   */
  approve(toolCallId: string, options?: { always?: boolean; input?: unknown }): Promise<RunResult>;
  /** Denies a waiting call; the `reason` reaches the model. */
  deny(toolCallId: string, options?: { reason?: string }): Promise<RunResult>;
  /** Answers an `ask_user_question` call, one answer per question in order. Rejects with `invalid-answer` naming the problem. */
  answer(toolCallId: string, answers: readonly QuestionAnswer[]): Promise<RunResult>;
  /** Cancels an `ask_user_question` call; the model receives `{ status: 'cancelled', message }`. */
  cancelQuestion(toolCallId: string, note?: string): Promise<RunResult>;
  /**
   * Runs one call that a tool's app asked for (an MCP App's `tools/call`) as a call of this agent:
   * validated, checked by the permission policy and approved by a person when the policy asks
   * (nothing runs before that), audited, and kept in the conversation as a step of its own that
   * the model sees in its next request; no model step follows. Resolves with the call once it is
   * final (its `state`, `output` or `error` say how it went). Rejects with `AgentCommandError`:
   * `invalid-input` for a tool the agent does not have, `agent-busy` while a run is active or
   * waits for people. Optional: engines that cannot run calls for apps leave it out.
   *
   * @example
   * ```ts
   * const call = await agent.callTool?.('apps__increment', { count: 1 });
   * if (call?.state === 'output-available') show(call.output);
   * ```
   */
  callTool?(name: string, input: unknown): Promise<ToolCall>;
  /**
   * Loads the code a run needs (the loop: the model call, the tool phase, argument validation)
   * now, so the first `send` does not wait for it. The agent works without it: the code loads
   * with the first run. `AgentChat` calls it when the page is idle. Optional: agents whose runs
   * need no code of their own leave it out.
   *
   * @example
   * ```ts
   * requestIdleCallback(() => void agent.preload?.());
   * ```
   */
  preload?(): Promise<void>;
  /**
   * Asks the model for short follow-ups to the last reply (see `suggestFollowUps`, which says
   * clearly when an agent lacks this). Optional: agents without a model in the browser (a useChat
   * chat, a remote AG-UI agent) leave it out.
   */
  suggestFollowUps?(options?: FollowUpOptions): Promise<string[]>;
  /** Supplies the result of a call to a declaration whose handler returned `deferToolResult`. */
  submitToolResult(toolCallId: string, output: unknown, options?: { error?: string }): Promise<RunResult>;
  /**
   * Rolls back to just before the user message `messageId`: the sandbox gets the files it had
   * when that message was sent, and the message and everything after it leave the conversation.
   * Resolves with the removed message's text and files (to put back in the composer). Rejects with
   * `AgentCommandError`: `agent-busy` while a run is active or waits for people, `unknown-message`
   * for an id that is not a user message of the conversation, `checkpoint-missing` when the
   * sandbox no longer has that message's checkpoint; nothing changes then. Without a sandbox,
   * only the conversation rolls back.
   */
  rollback(messageId: string): Promise<{ text: string; files: FilePart[] }>;
  /**
   * Replaces a past user message with `text` and runs from there. What it replaces (the message
   * and everything after it, with the files as they were at the end) is kept as a branch: see
   * `branches` and `switchBranch`. The files go back to what they were before the message, and
   * its attached files are sent again. Rejects like `rollback` and `send`.
   */
  editMessage(messageId: string, text: string): Promise<RunResult>;
  /**
   * Asks the model again for the answer to the last user message, or to the question before
   * reply `messageId`. The old answer (and what followed it, files included) is kept as a branch.
   * Rejects with `nothing-to-regenerate` when there is no user message, `unknown-message` for an id
   * that is not a reply.
   */
  regenerate(options?: { messageId?: string }): Promise<RunResult>;
  /**
   * Makes the stored branch that starts with `messageId` (an id from `branches()`) the active path,
   * with its files: the sandbox gets exactly the files it had at that branch's end. The branch it
   * replaces is kept. Queued messages stay queued. Rejects with `unknown-message` for an id that
   * starts no stored branch at a place of the active path.
   */
  switchBranch(messageId: string): Promise<void>;
  /**
   * The files' changes from the end of one branch to the end of another (each named by the id
   * of its first message, as `branches()` lists them; the active one's are the files now).
   */
  compareBranches(from: string, to: string): Promise<SandboxChanges>;
  /**
   * The alternatives of a message of the active path: the first message of each branch at its
   * place, in the order they were written, and which one is shown; `undefined` when it has none.
   */
  branches(messageId: string): BranchSiblings | undefined;
  /**
   * Keeps a person's rating of a reply (thumbs up or down, and an optional comment) in its
   * message (`message.feedback`, saved with sessions); a new one replaces it, `null` takes it
   * back. Allowed while the agent works. Rejects with `unknown-message` for an id that is no
   * reply of the conversation, `invalid-input` for another rating or a comment that is not text.
   */
  setFeedback(messageId: string, feedback: FeedbackInput | null): Promise<void>;
  /**
   * Goes on with a restored conversation that stopped between steps: tool results the model has
   * not answered yet, approved calls that did not run, or a message without a reply (see
   * `canResume`). Rejects with `nothing-to-resume` otherwise.
   */
  resume(): Promise<RunResult>;
  /**
   * Summarizes the conversation but for its last turns (`keepRecentTurns`, default 1) with the
   * agent's model (or `context.summaryModel`), like a "/compact" command: later requests send the
   * summary in place of those messages, which stay in the state and on screen. `instructions`
   * says what the summary must keep. Resolves with the new compaction, or `null` when there is
   * nothing older than the kept turns. Rejects with `agent-busy` while a run is going, and with
   * `summary-failed` when the model fails.
   */
  compact(options?: { instructions?: string; keepRecentTurns?: number }): Promise<Compaction | null>;
  /**
   * Lets go of what the agent holds: stops the run (unfinished calls get their `cancelled`
   * result), calls `dispose` of each tool this agent started (best effort: one that fails is
   * reported through `reportError` and the others are still disposed; nothing is thrown), and
   * saves and closes the session. Afterwards every command but `stop` and `dispose` rejects with
   * `AgentCommandError` `agent-disposed`; the state can still be read. Calling it again returns
   * the same promise.
   *
   * @example
   * ```ts
   * useEffect(() => () => void agent.dispose(), [agent]);
   * ```
   */
  dispose(): Promise<void>;
  /** The context budget (`createAgent({ context })`), or `undefined` without one. */
  readonly context: { readonly maxInputTokens: number } | undefined;
  /** A serializable copy of everything (see `AgentSnapshot`); `{ files: false }` leaves the sandbox's files out. */
  snapshot(options?: { files?: boolean }): AgentSnapshot;
  /** The agent's session, when created with one. */
  readonly session: AgentSession | undefined;
  /** The agent's workspace, when it was created with one. */
  readonly sandbox: Sandbox | undefined;
  /** The agent's tools, for display. */
  readonly tools: readonly ToolInfo[];
  /** The built-in question tool's settings: whether it is on, and the free-text default for questions that do not say. */
  readonly askUser: { enabled: boolean; allowFreeText: boolean };
  /** What `send` does while the agent is busy (`createAgent({ whenBusy })`), for a composer that queues. */
  readonly whenBusy: WhenBusy;
  getState(): AgentState;
  /** Called after every state change. Returns an unsubscribe function. */
  subscribe(listener: (state: AgentState, previous: AgentState) => void): () => void;
  /** Logged events after `cursor`, for views that reconnect. `complete: false` means some were dropped: re-read the state. */
  eventsSince(cursor: number): { events: LoggedEvent[]; complete: boolean };
  /**
   * Calls `listener` with every event of `type` (and the event as logged: `cursor`, `at`), after
   * the reducer applied it, in the order events are logged. Returns the function that stops it.
   * A listener that throws (or rejects) is reported through `reportError` and skipped; the other
   * listeners and the run go on. Throws a `TypeError` for a type that is not an event type.
   *
   * @example
   * ```ts
   * const off = agent.on('tool-call-update', (event, { at }) => {
   *   if (event.state === 'output-error') analytics.track('tool failed', { id: event.toolCallId, at });
   * });
   * ```
   */
  on<Type extends AgentEventType>(type: Type, listener: AgentEventListener<Type>): () => void;
  /**
   * The agent's state as a read-only store, for selector-based subscriptions (the hooks read it;
   * zustand's `useStore(agent.store, selector)` works too). It has no `setState`: state changes
   * only through the commands above, as events the one reducer applies. To start from a given
   * state, pass `initialState` to `createAgent` (`stateFromEvents` of `react-agent-kit/testing`
   * builds one from events).
   *
   * @example
   * ```ts
   * const stop = agent.store.subscribe((state, previous) => {
   *   if (state.status !== previous.status) console.log('status:', state.status);
   * });
   * ```
   */
  readonly store: ReadonlyAgentStore;
  /** The model in use (provider and id are handy for display). */
  readonly model: LanguageModel;
}

export { AgentCommandError } from './agent-command-error';
export type { AgentCommandErrorCode } from './agent-command-error';
