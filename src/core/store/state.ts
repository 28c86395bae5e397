/**
 * The agent's state: plain, serializable data (no class instances, no functions, no Dates),
 * so it can be persisted, sent to a worker, or snapshotted as JSON.
 */
/** What the agent is doing. `awaiting-people` means it waits for an approval or an answer. */
export type AgentStatus = 'idle' | 'running' | 'awaiting-people' | 'error';

export type MessageRole = 'user' | 'assistant';

/** `stopped`: the user stopped it; `error`: the model stream failed part-way. */
export type MessageStatus = 'streaming' | 'done' | 'stopped' | 'error';

export type PartStatus = 'streaming' | 'done';

export interface TextPart {
  type: 'text';
  id: string;
  text: string;
  status: PartStatus;
  /** The id of the message a remote agent streamed this text in (`react-agent-kit/ag-ui`), sent back as it came. */
  remoteId?: string;
}

export interface ReasoningPart {
  type: 'reasoning';
  id: string;
  text: string;
  status: PartStatus;
  /** The id of the reasoning message a remote agent streamed this in (`react-agent-kit/ag-ui`). */
  remoteId?: string;
  /**
   * What the provider attached to the reasoning (Anthropic's thinking signature, OpenAI's
   * reasoning item), by provider; sent back with the reasoning in later steps.
   */
  providerMetadata?: Record<string, Record<string, unknown>>;
}

/** A reference to an entry of `AgentState.toolCalls`, which is the one place a call's data lives. */
export interface ToolCallPart {
  type: 'tool-call';
  toolCallId: string;
}

/** Something the runtime tells the user inside the thread: a limit reached, a retry, a stop. */
export interface NoticePart {
  type: 'notice';
  id: string;
  level: 'info' | 'warning' | 'error';
  code: string;
  text: string;
}

/**
 * A file the user attached to a message: an image (sent to vision models), a PDF, a text file.
 * Only user messages have them. The content is base64 (the standard alphabet, no `data:` prefix):
 * a string keeps the state JSON, so sessions, snapshots and session files hold it as it is, and
 * it is what the AI SDK's file parts and the providers take.
 */
export interface FilePart {
  type: 'file';
  id: string;
  /** The IANA media type, e.g. `image/png`, `application/pdf`, `text/plain`. */
  mediaType: string;
  /** The file's name, as the user's system gave it (shown, and told to the model). */
  filename?: string;
  /** The content, base64. Its size in bytes is `base64ByteLength(data)`. */
  data: string;
  /** Where `send(text, { files, saveTo })` put a copy in the sandbox, for the agent's file tools. */
  path?: string;
}

/**
 * A source a reply drew on, as the model's provider gave it (the AI SDK's `source` stream parts:
 * a web page, or a document): shown under the reply, never sent back to the model. A URL is kept
 * as given; the kit's components link only `http:` and `https:` ones.
 */
export interface SourcePart {
  type: 'source';
  id: string;
  /** The provider's id of the source (what its citations name). */
  sourceId: string;
  sourceType: 'url' | 'document';
  /** `url` sources: the page. */
  url?: string;
  title?: string;
  /** `document` sources: its media type, and its file name when known. */
  mediaType?: string;
  filename?: string;
}

export type MessagePart = TextPart | ReasoningPart | ToolCallPart | NoticePart | FilePart | SourcePart;

export interface Message {
  id: string;
  role: MessageRole;
  parts: MessagePart[];
  status: MessageStatus;
  /** Epoch milliseconds. */
  createdAt: number;
  /** The run that produced this message (assistant messages) or that it started (user messages). */
  runId?: string;
  /**
   * User messages of an agent with a sandbox: the sandbox checkpoint taken just before this
   * message ran. `agent.rollback(id)` restores it (see `Agent.rollback`).
   */
  checkpointId?: string;
  /** Assistant messages: the tokens of the model call that wrote it, as the provider reported them. */
  usage?: Usage;
  /** Assistant messages: what that call cost, by the agent's `costEstimator`. */
  costUsd?: number;
  /**
   * Parts of a message from another UI that the kit does not show (the AI SDK's files, sources,
   * data parts), kept as they came, each with its index among that message's parts, so that
   * `toUIMessages` gives them back (see `react-agent-kit/ai-sdk`). Never sent to the model.
   */
  foreignParts?: Array<{ at: number; part: Record<string, unknown> }>;
  /**
   * Assistant messages: `'app'` for a step that a tool's app asked for (`agent.callTool`, an MCP
   * App's `tools/call`), not the model. Its calls run like the model's; no model step follows.
   */
  requestedBy?: 'app';
  /**
   * Assistant messages: a reply that was streaming when the page went away, kept to be seen (it is
   * `stopped`, with a notice). The run asked that step again when it went on, so the model never
   * reads this one (see `session.resume`).
   */
  interrupted?: boolean;
  /**
   * User messages of a conversation open in several tabs (`session.tabs`): the tab it was sent
   * from, an opaque id. Tools marked `tab: 'sender'` run in that tab (see `ToolDefinition.tab`).
   */
  tab?: string;
  /**
   * The continuations after this message that an edit or a regeneration replaced, kept as
   * branches (the next message's other versions; `agent.branches`, `switchBranch`), in the order
   * they were stored. Absent when there are none.
   */
  branches?: StoredBranch[];
  /** Assistant replies of a model call: when it answered and ended (see `replyTiming`). */
  timing?: MessageTiming;
  /** Assistant replies: the person's rating (`agent.setFeedback`). Absent until they give one. */
  feedback?: MessageFeedback;
}

/** What a person says of a reply: thumbs up or down, and optionally why. */
export interface FeedbackInput {
  rating: 'up' | 'down';
  /** In the person's words; absent when they gave none. */
  comment?: string;
}

/** A reply's rating as the state keeps it: with when it was given (epoch ms). */
export interface MessageFeedback extends FeedbackInput {
  at: number;
}

/**
 * When an assistant reply's model call answered and ended (epoch ms, from the agent's clock):
 * with `Message.createdAt` (the call's start) and its usage, what `replyTiming` reports.
 */
export interface MessageTiming {
  /** The first text, reasoning or tool call of the reply arrived. Absent when it said nothing. */
  firstTokenAt?: number;
  /** The reply was finished (done, stopped, or failed). */
  finishedAt?: number;
}

/**
 * The life of one tool call (see DESIGN.md):
 * input-streaming -> input-available -> approval-requested -> approval-responded -> running ->
 * output-available | output-error | cancelled; `answer-requested` instead of the approval for the
 * question tool; `output-denied` from `input-available` (policy) or `approval-requested` (a person);
 * `sealed` when found unfinished on resume.
 */
export type ToolCallState =
  | 'input-streaming'
  | 'input-available'
  | 'approval-requested'
  /** A person approved; the call waits for its turn (a free slot, or the run to continue). */
  | 'approval-responded'
  | 'answer-requested'
  | 'running'
  | 'output-available'
  | 'output-error'
  | 'output-denied'
  | 'cancelled'
  | 'sealed';

/** Who moved a call to a state: the model, the runtime, a person, or the host app. */
export type AuditActor = 'model' | 'runtime' | 'user' | 'host';

export interface AuditEntry {
  state: ToolCallState;
  at: number;
  by: AuditActor;
  note?: string;
}

/** Why a call waits for a person's decision, while in `approval-requested`; kept afterwards for the record. */
export interface ApprovalRequest {
  /** Said to the person: which rule asked (the tool itself, the read-only policy, ask mode). */
  reason: string;
  requestedAt: number;
  /** When set, the call is denied (never approved) at this time if nobody decided. */
  expiresAt?: number;
  /**
   * Set when a person approves, together with the move to `approval-responded` (the call then
   * waits for a free slot to run, usually at once); kept while it runs and after, for the record.
   */
  decision?: { approved: true; always: boolean; at: number; edited: boolean };
  /** What the call would change, computed when the approval was requested (file tools show a diff). */
  preview?: ApprovalPreview;
  /** What the call will do in words, from the tool's `summarize`, computed when the approval was requested. */
  summary?: string;
}

/**
 * One file a call would change, as the approval shows it. `diff` is a unified diff (`---`/`+++`
 * headers, `@@` hunks); empty when the content does not change (a move) or is binary.
 */
export interface FileChangePreview {
  path: string;
  change: 'create' | 'modify' | 'delete' | 'move';
  /** For `move`: where the file comes from. */
  from?: string;
  diff: string;
}

/** What a tool call would do, shown to the person who decides it. */
export type ApprovalPreview = { kind: 'file-changes'; files: FileChangePreview[]; note?: string };

export interface ToolCall {
  id: string;
  name: string;
  /** The assistant message whose step made this call. */
  messageId: string;
  /**
   * The id the provider sent, when the kit gave the call another one because the provider's
   * was already used in this conversation (some providers send `call_0` in every step).
   */
  providerToolCallId?: string;
  /** Raw JSON text of the arguments as streamed so far (for display while `input-streaming`). */
  inputText: string;
  /** Parsed arguments; `undefined` until the input is complete (or when it did not parse). */
  input: unknown;
  /** The arguments as the model sent them, when a person edited them before approving. */
  originalInput?: unknown;
  /** Present while the call waits for approval (and kept afterwards for the record). */
  approval?: ApprovalRequest;
  state: ToolCallState;
  /** Latest progress value reported by the tool while running. */
  progress?: unknown;
  output?: unknown;
  error?: string;
  audit: AuditEntry[];
  /**
   * A call to a sub-agent (`defineAgentTool`): the child's conversation as it runs, mirrored here
   * so the card can show its steps, its approvals and questions join the queue, and the session
   * keeps it. The model is sent only the call's result, never this.
   */
  subAgent?: SubAgentRun;
  /** A call of a remote agent's run (`react-agent-kit/ag-ui`): the ids the remote agent gave, sent back as they came. */
  remote?: RemoteCallInfo;
}

/**
 * What the kit keeps of a remote agent's ids for one call (`react-agent-kit/ag-ui`): the remote
 * agent matches the messages it is sent by these ids, so they go back exactly as they came.
 */
export interface RemoteCallInfo {
  /** The assistant message the call belongs to, as the remote agent named it. */
  messageId?: string;
  /** The message that carries the call's result, as the remote agent named it (or the kit, for the browser's own calls). */
  resultMessageId?: string;
  /** The remote agent runs this tool itself; the browser only shows the call and its result. */
  server?: boolean;
  /** The call stands for an interrupt of the remote run (an approval or a question); answered by `resume`. */
  interruptId?: string;
  /** For an interrupt that asks for input: the JSON Schema of the answer it expects (its `resume` payload). */
  responseSchema?: Record<string, unknown>;
}

/**
 * What a sub-agent did for one call: its status, messages and tool calls (which may hold sub-agents
 * of their own), and the tokens it used. Its usage is counted in the parent's totals and limits.
 */
export interface SubAgentRun {
  status: AgentStatus;
  messages: Message[];
  toolCalls: ToolCall[];
  usage: Usage;
  costUsd?: number;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  reasoningTokens: number;
  cachedInputTokens: number;
  totalTokens: number;
}

/** Machine-readable error codes; `message` is for people. */
export type AgentErrorCode =
  | 'model-error'
  | 'model-stream-interrupted'
  | 'invalid-model'
  | 'tool-error'
  | 'internal-error';

export interface AgentError {
  code: AgentErrorCode;
  message: string;
  /** Whether `agent.retry()` is expected to help. */
  retryable: boolean;
  at: number;
}

export interface AgentState {
  status: AgentStatus;
  messages: Message[];
  /** Every tool call of the conversation, in call order. */
  toolCalls: ToolCall[];
  error: AgentError | null;
  /** Accumulated over the whole conversation. */
  usage: Usage;
  /** The run in progress (or the last one); `null` before the first run. */
  runId: string | null;
  /** Model steps taken in the current (or last) run. */
  step: number;
  /**
   * The current (or last) run's active time, which `limits.maxWallClockMs` counts across pauses
   * and reloads: the milliseconds of its finished stretches, and when the stretch in progress
   * started (`null` between stretches). Absent in states saved before it was kept.
   */
  runTime?: RunTime;
  /** Tool names a person approved "always" in this conversation; persisted with the state. */
  alwaysAllowed: string[];
  /** What the conversation cost in US dollars, by the agent's `costEstimator`; absent without one. */
  costUsd?: number;
  /**
   * Summaries of earlier messages made to keep the prompt within the context budget (see
   * `createAgent({ context })` and `agent.compact()`), oldest first. They change what the model is
   * sent, never the messages: the model gets the last one in place of the messages it covers.
   * Absent in states saved before compaction existed, which is the same as none.
   */
  compactions?: Compaction[];
  /**
   * The agent's plan, as the built-in `todo_write` tool last set it (`createAgent({ todos: true })`),
   * shown to people and reminded to the model each step. Absent when the model has not written one
   * (and in states saved before plans existed); a rollback returns it to what it was at that point.
   */
  todos?: TodoItem[];
  /**
   * What edits and regenerations replaced at the very start of the conversation, kept as branches
   * (the first message's other versions), in the order they were stored. Later ones are held by
   * the message they follow (`Message.branches`). Absent when there are none.
   */
  branches?: StoredBranch[];
  /**
   * Messages the person sent while the agent was busy, waiting their turn, oldest first
   * (`send` with `whenBusy: 'queue'`, the default). The first is sent when the agent is next idle
   * (not while it waits for a person); persisted with sessions. Absent when none waits.
   */
  queue?: QueuedMessage[];
  /**
   * The shared state of a remote agent (`react-agent-kit/ag-ui`: its `STATE_SNAPSHOT` and
   * `STATE_DELTA` events), read-only, as JSON; absent until it sends one.
   */
  remote?: unknown;
}

/** A continuation of the conversation that is not shown (see `AgentState.branches`). */
export interface StoredBranch {
  /** Its messages, from the one that was replaced to the end. */
  messages: Message[];
  toolCalls: ToolCall[];
  /** The sandbox checkpoint of its files as they were at its end. */
  checkpointId?: string;
  /** The plan as it stood at its end. */
  todos?: TodoItem[];
}

/** A message waiting its turn (`AgentState.queue`). */
export interface QueuedMessage {
  id: string;
  /** What will be sent; editable while it waits (`agent.editQueued`). */
  text: string;
  /** Its files, read when it was queued (base64, as a sent message keeps them). */
  files?: FilePart[];
  /** Where its files are saved in the sandbox when it is sent (`send`'s `saveTo`). */
  saveTo?: string;
  /** Epoch milliseconds. */
  queuedAt: number;
  /** The tab it was sent from, in a conversation shared by tabs (see `Message.tab`). */
  tab?: string;
}

/** See `AgentState.runTime`. */
export interface RunTime {
  activeMs: number;
  since: number | null;
}

/** Where an item of the plan stands; the names models are trained on (Claude's TodoWrite). */
export type TodoStatus = 'pending' | 'in_progress' | 'completed';

/** One item of the agent's plan (`AgentState.todos`). */
export interface TodoItem {
  /** The step, as an instruction: "Run the tests". */
  content: string;
  status: TodoStatus;
  /** The model's own id for the item, when it gives one. */
  id?: string;
  /** The step while it is in progress: "Running the tests". */
  activeForm?: string;
}

/** A summary of the conversation from its start through one message, sent to the model in their place. */
export interface Compaction {
  id: string;
  /** The last message the summary covers; a rollback that removes it removes the summary too. */
  throughMessageId: string;
  /** How many messages it covers (all of them from the start of the conversation). */
  messageCount: number;
  summary: string;
  createdAt: number;
  /** Why it was made: the budget was reached, or someone asked (`agent.compact()`). */
  trigger: 'budget' | 'request';
  /** What the person asked the summary to keep, for `agent.compact({ instructions })`. */
  instructions?: string;
}

export const emptyUsage: Usage = Object.freeze({
  inputTokens: 0,
  outputTokens: 0,
  reasoningTokens: 0,
  cachedInputTokens: 0,
  totalTokens: 0,
});

/** A fresh, empty state. */
export function createInitialState(): AgentState {
  return {
    status: 'idle',
    messages: [],
    toolCalls: [],
    error: null,
    usage: { ...emptyUsage },
    runId: null,
    step: 0,
    alwaysAllowed: [],
  };
}
