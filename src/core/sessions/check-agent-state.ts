/**
 * The deep shape check of a loaded `AgentState` (from a snapshot, a session file or a session
 * storage): every field the runtime reads has the type `state.ts` gives it, every status is one
 * the code knows, ids are unique, and messages, their tool-call parts and the tool calls point at
 * each other consistently. Anything else throws `PersistenceError` `corrupt` naming the field, so
 * damaged data is refused before any of it is loaded, instead of failing later as a `TypeError`.
 *
 * Tool inputs, outputs and progress are the model's and the tools' data: any value, not checked.
 * Unknown extra fields are allowed. One pass, no path strings unless something is wrong: a state
 * of 10,000 messages is checked in a few milliseconds.
 */
import type { AgentErrorCode, AgentState, Compaction, AgentStatus, AuditActor, FileChangePreview, MessagePart, MessageRole, MessageStatus, NoticePart, PartStatus, TodoStatus, ToolCallState } from '../store/state';
import { todoLimits } from '../people/todo-rules';
import { isFinalToolCallState } from '../store/tool-call-states';
import { corruptSnapshot, describeValue, ShapeReader } from './shape-reader';

// Written as records over each union, so adding a value to a union in state.ts fails to compile
// here until the check knows it too. (A value added later must also bump the snapshot version,
// or an older app refuses newer data as corrupt instead of as newer.)
const setOf = <T extends string>(record: Record<T, true>): ReadonlySet<T> => new Set(Object.keys(record) as T[]);
const agentStatuses = setOf<AgentStatus>({ idle: true, running: true, 'awaiting-people': true, error: true });
const roles = setOf<MessageRole>({ user: true, assistant: true });
const messageStatuses = setOf<MessageStatus>({ streaming: true, done: true, stopped: true, error: true });
const partStatuses = setOf<PartStatus>({ streaming: true, done: true });
const partTypes = setOf<MessagePart['type']>({ text: true, reasoning: true, 'tool-call': true, notice: true, file: true });
const mediaTypePattern = /^[a-z0-9][a-z0-9!#$&^_.+-]{0,126}\/[a-z0-9][a-z0-9!#$&^_.+-]{0,126}$/i;
const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;
const noticeLevels = setOf<NoticePart['level']>({ info: true, warning: true, error: true });
const callStates = setOf<ToolCallState>({
  'input-streaming': true,
  'input-available': true,
  'approval-requested': true,
  'approval-responded': true,
  'answer-requested': true,
  running: true,
  'output-available': true,
  'output-error': true,
  'output-denied': true,
  cancelled: true,
  sealed: true,
});
const actors = setOf<AuditActor>({ model: true, runtime: true, user: true, host: true });
const fileChanges = setOf<FileChangePreview['change']>({ create: true, modify: true, delete: true, move: true });
const errorCodes = setOf<AgentErrorCode>({ 'model-error': true, 'model-stream-interrupted': true, 'invalid-model': true, 'tool-error': true, 'internal-error': true });
const compactionTriggers = setOf<Compaction['trigger']>({ budget: true, request: true });
const todoStatuses = setOf<TodoStatus>({ pending: true, in_progress: true, completed: true });
const usageFields = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens', 'totalTokens'] as const;

/**
 * Throws `PersistenceError` `corrupt` unless `value` has the shape of an `AgentState`; the
 * message names the first bad field from `root`, e.g.
 * `state.messages[3].parts: expected a list, got "x"`. Only reads; never changes the value.
 *
 * @example
 * ```ts
 * checkAgentState(JSON.parse(text).state); // throws for { messages: [null], ... }
 * ```
 */
export function checkAgentState(value: unknown, root = 'state'): asserts value is AgentState {
  const reader = new ShapeReader(root);
  const state = reader.object(value);
  const { messageIds } = readConversation(reader, state, 0);
  if (state.error !== null) readError(reader, reader.object(state.error, 'error'));
  if (state.runId !== null) reader.string(state.runId, 'runId');
  if (!Number.isSafeInteger(state.step) || (state.step as number) < 0) reader.expected('a whole number of 0 or more', state.step, 'step');
  if (state.runTime !== undefined) readRunTime(reader, reader.object(state.runTime, 'runTime'));
  const allowed = reader.list(state.alwaysAllowed, 'alwaysAllowed');
  reader.enter('alwaysAllowed');
  for (let index = 0; index < allowed.length; index++) reader.string(allowed[index], index);
  reader.leave();
  if (state.compactions !== undefined) readCompactions(reader, reader.list(state.compactions, 'compactions'), messageIds);
  if (state.todos !== undefined) readTodos(reader, reader.list(state.todos, 'todos'));
  if (state.queue !== undefined) readQueue(reader, reader.list(state.queue, 'queue'));
  readAllBranches(reader, state, messageIds);
}

/**
 * Stored branches, at the start (`state.branches`) and held by messages (`message.branches`, also
 * inside stored branches): each a piece of conversation that a switch makes the active path, so
 * read as one (its calls and messages pointing at each other), and no message id twice in the
 * whole tree (a switch finds a branch by its first message's id).
 */
function readAllBranches(reader: ShapeReader, state: Record<string, unknown>, activeIds: ReadonlyMap<string, number>): void {
  const seen = new Set(activeIds.keys());
  if (state.branches !== undefined) readBranchList(reader, state.branches, 'branches', seen, 0);
  const messages = state.messages as readonly Record<string, unknown>[];
  reader.enter('messages');
  for (let index = 0; index < messages.length; index++) {
    if (messages[index]!.branches === undefined) continue;
    reader.enter(index);
    readBranchList(reader, messages[index]!.branches, 'branches', seen, 0);
    reader.leave();
  }
  reader.leave();
}

/** How deep branches may nest in loaded data; deeper is corrupt, not a stack overflow. */
const maxBranchDepth = 64;

function readBranchList(reader: ShapeReader, value: unknown, key: string, seen: Set<string>, depth: number): void {
  const list = reader.list(value, key);
  if (depth >= maxBranchDepth) reader.fail(`nests branches more than ${maxBranchDepth} deep`, key);
  reader.enter(key);
  for (let index = 0; index < list.length; index++) {
    const branch = reader.object(list[index], index);
    reader.enter(index);
    const base = reader.here();
    const at: PathAt = (...keys) => reader.pathFromRoot(...base, ...keys);
    const calls = reader.list(branch.toolCalls, 'toolCalls');
    const callIds = readToolCalls(reader, calls, 0, at);
    // Only finished work is stored (a fork or a switch waits for an idle agent): a call still to
    // decide or to run would run, once switched to, on nobody's say in this page.
    reader.enter('toolCalls');
    for (let position = 0; position < calls.length; position++) {
      const state = (calls[position] as Record<string, unknown>).state as ToolCallState;
      if (!isFinalToolCallState(state)) reader.fail(`is ${JSON.stringify(state)}; a stored branch holds only finished calls`, position);
    }
    reader.leave();
    const messages = reader.list(branch.messages, 'messages');
    if (messages.length === 0) reader.fail('has no messages', 'messages');
    const { messageIds, references } = readMessages(reader, messages, at);
    checkReferences(at, branch.toolCalls as readonly Record<string, unknown>[], callIds, messageIds, references);
    for (const id of messageIds.keys()) {
      if (seen.has(id)) reader.fail(`repeats the message id ${JSON.stringify(id)} of another branch or of the conversation`, 'messages');
      seen.add(id);
    }
    reader.optionalString(branch.checkpointId, 'checkpointId');
    if (branch.todos !== undefined) readTodos(reader, reader.list(branch.todos, 'todos'));
    reader.enter('messages');
    for (let position = 0; position < messages.length; position++) {
      const message = messages[position] as Record<string, unknown>;
      if (message.branches === undefined) continue;
      reader.enter(position);
      readBranchList(reader, message.branches, 'branches', seen, depth + 1);
      reader.leave();
    }
    reader.leave();
    reader.leave();
  }
  reader.leave();
}

/** Messages waiting their turn: each is sent as the person's own once loaded, so each must be one. */
function readQueue(reader: ShapeReader, queue: readonly unknown[]): void {
  reader.enter('queue');
  const ids = new Set<string>();
  for (let index = 0; index < queue.length; index++) {
    const message = reader.object(queue[index], index);
    reader.enter(index);
    const id = reader.string(message.id, 'id');
    if (ids.has(id)) reader.fail(`repeats the id ${JSON.stringify(id)}`, 'id');
    ids.add(id);
    reader.string(message.text, 'text');
    reader.finite(message.queuedAt, 'queuedAt');
    reader.optionalString(message.tab, 'tab');
    if (message.saveTo !== undefined && !reader.string(message.saveTo, 'saveTo').startsWith('/')) reader.expected('an absolute folder', message.saveTo, 'saveTo');
    if (message.files !== undefined) {
      const files = reader.list(message.files, 'files');
      reader.enter('files');
      for (let position = 0; position < files.length; position++) {
        const part = reader.object(files[position], position);
        reader.enter(position);
        if (part.type !== 'file') reader.expected('a file part', part.type, 'type');
        readFilePart(reader, part, true);
        reader.leave();
      }
      reader.leave();
    }
    reader.leave();
  }
  reader.leave();
}

/** The plan: only what `todo_write` lets a model write (it is shown, and sent to the model every step). */
function readTodos(reader: ShapeReader, todos: readonly unknown[]): void {
  const { maxItems, maxTextLength } = todoLimits;
  if (todos.length > maxItems) reader.fail(`has ${todos.length} items; a plan has at most ${maxItems}`, 'todos');
  reader.enter('todos');
  let inProgress = 0;
  for (let index = 0; index < todos.length; index++) {
    const item = reader.object(todos[index], index);
    reader.enter(index);
    for (const key of ['content', 'activeForm', 'id']) {
      if (key !== 'content' && item[key] === undefined) continue;
      const text = reader.string(item[key], key);
      if (text.length > maxTextLength || (key === 'content' && text.trim() === '')) reader.expected(`text of 1 to ${maxTextLength} characters`, text, key);
    }
    if (reader.oneOf(item.status, todoStatuses, 'status') === 'in_progress' && ++inProgress > 1) reader.fail('is a second item in progress; a plan has at most one', 'status');
    reader.leave();
  }
  reader.leave();
}

/** How deep sub-agents may nest in loaded data (the runtime's own limit is far lower); deeper is corrupt, not a stack overflow. */
const maxSubAgentDepth = 16;

/** What an agent state and a sub-agent's run share: status, messages and calls pointing at each other, usage. */
function readConversation(reader: ShapeReader, state: Record<string, unknown>, depth: number): { messageIds: Map<string, number> } {
  reader.oneOf(state.status, agentStatuses, 'status');
  const base = reader.here();
  const at: PathAt = (...keys) => reader.pathFromRoot(...base, ...keys);
  const callIds = readToolCalls(reader, reader.list(state.toolCalls, 'toolCalls'), depth, at);
  const { messageIds, references } = readMessages(reader, reader.list(state.messages, 'messages'), at);
  checkReferences(at, state.toolCalls as readonly Record<string, unknown>[], callIds, messageIds, references);
  readUsage(reader, state.usage);
  if (state.costUsd !== undefined) readCost(reader, state.costUsd);
  return { messageIds };
}

/** A sub-agent's run inside a call: a conversation of its own. */
function readSubAgent(reader: ShapeReader, value: unknown, depth: number): void {
  const run = reader.object(value, 'subAgent');
  if (depth >= maxSubAgentDepth) reader.fail(`nests sub-agents more than ${maxSubAgentDepth} deep`, 'subAgent');
  reader.enter('subAgent');
  readConversation(reader, run, depth + 1);
  reader.leave();
}

/** A reasoning part's provider data: an object of objects by provider name (it is sent back to the provider as it is). */
function readProviderMetadata(reader: ShapeReader, value: unknown): void {
  const metadata = reader.object(value, 'providerMetadata');
  reader.enter('providerMetadata');
  for (const [provider, values] of Object.entries(metadata)) reader.object(values, provider);
  reader.leave();
}

function readUsage(reader: ShapeReader, value: unknown): void {
  const usage = reader.object(value, 'usage');
  reader.enter('usage');
  for (const field of usageFields) reader.finite(usage[field], field);
  reader.leave();
}

function readCost(reader: ShapeReader, value: unknown): void {
  if (reader.finite(value, 'costUsd') < 0) reader.expected('an amount of 0 or more', value, 'costUsd');
}

/** Summaries for the model: each ends with a message of the conversation (else a rollback could not drop it). */
function readCompactions(reader: ShapeReader, compactions: readonly unknown[], messageIds: ReadonlyMap<string, number>): void {
  reader.enter('compactions');
  for (let index = 0; index < compactions.length; index++) {
    const compaction = reader.object(compactions[index], index);
    reader.enter(index);
    reader.string(compaction.id, 'id');
    const through = reader.string(compaction.throughMessageId, 'throughMessageId');
    if (!messageIds.has(through)) reader.fail(`names the message ${describeValue(through)}, which is not in the conversation`, 'throughMessageId');
    if (!Number.isSafeInteger(compaction.messageCount) || (compaction.messageCount as number) < 1) reader.expected('a whole number of 1 or more', compaction.messageCount, 'messageCount');
    reader.string(compaction.summary, 'summary');
    reader.finite(compaction.createdAt, 'createdAt');
    reader.oneOf(compaction.trigger, compactionTriggers, 'trigger');
    reader.optionalString(compaction.instructions, 'instructions');
    reader.leave();
  }
  reader.leave();
}

/** A tool-call part: where it is, and the call it names. */
interface Reference {
  message: number;
  part: number;
  toolCallId: string;
}

/** Names a field below the conversation being read (the state, or a sub-agent's run in it). */
type PathAt = (...keys: Array<string | number>) => string;

function readToolCalls(reader: ShapeReader, calls: readonly unknown[], depth: number, at: PathAt): Map<string, number> {
  const ids = new Map<string, number>();
  reader.enter('toolCalls');
  for (let index = 0; index < calls.length; index++) {
    const call = reader.object(calls[index], index);
    reader.enter(index);
    readUniqueId(reader, call.id, ids, 'toolCalls', index, at);
    reader.string(call.name, 'name');
    reader.string(call.messageId, 'messageId');
    reader.string(call.inputText, 'inputText');
    reader.oneOf(call.state, callStates, 'state');
    reader.optionalString(call.error, 'error');
    if (call.approval !== undefined) readApproval(reader, reader.object(call.approval, 'approval'));
    if (call.subAgent !== undefined) readSubAgent(reader, call.subAgent, depth);
    const audit = reader.list(call.audit, 'audit');
    reader.enter('audit');
    for (let position = 0; position < audit.length; position++) {
      const entry = reader.object(audit[position], position);
      reader.enter(position);
      reader.oneOf(entry.state, callStates, 'state');
      reader.finite(entry.at, 'at');
      reader.oneOf(entry.by, actors, 'by');
      reader.optionalString(entry.note, 'note');
      reader.leave();
    }
    reader.leave();
    reader.leave();
  }
  reader.leave();
  return ids;
}

/**
 * Reads the id of the entry at `index` of `list` and records it in `ids`. Two entries with one id
 * are corrupt: results, approvals and parts could not tell them apart.
 */
function readUniqueId(reader: ShapeReader, value: unknown, ids: Map<string, number>, list: string, index: number, at: PathAt): void {
  const id = reader.string(value, 'id');
  const earlier = ids.get(id);
  if (earlier !== undefined) reader.fail(`the id ${describeValue(id)} is also the id of ${at(list, earlier)}`, 'id');
  ids.set(id, index);
}

function readApproval(reader: ShapeReader, approval: Record<string, unknown>): void {
  reader.enter('approval');
  reader.string(approval.reason, 'reason');
  reader.finite(approval.requestedAt, 'requestedAt');
  reader.optionalFinite(approval.expiresAt, 'expiresAt');
  reader.optionalString(approval.summary, 'summary');
  if (approval.decision !== undefined) {
    const decision = reader.object(approval.decision, 'decision');
    reader.enter('decision');
    if (decision.approved !== true) reader.expected('true', decision.approved, 'approved');
    reader.boolean(decision.always, 'always');
    reader.finite(decision.at, 'at');
    reader.boolean(decision.edited, 'edited');
    reader.leave();
  }
  if (approval.preview !== undefined) {
    const preview = reader.object(approval.preview, 'preview');
    reader.enter('preview');
    if (preview.kind !== 'file-changes') reader.expected('"file-changes"', preview.kind, 'kind');
    reader.optionalString(preview.note, 'note');
    const files = reader.list(preview.files, 'files');
    reader.enter('files');
    for (let index = 0; index < files.length; index++) {
      const file = reader.object(files[index], index);
      reader.enter(index);
      reader.string(file.path, 'path');
      reader.oneOf(file.change, fileChanges, 'change');
      reader.optionalString(file.from, 'from');
      reader.string(file.diff, 'diff');
      reader.leave();
    }
    reader.leave();
    reader.leave();
  }
  reader.leave();
}
/** A run's active time: limits count it, so a file must not make it negative or endless. */
function readRunTime(reader: ShapeReader, runTime: Record<string, unknown>): void {
  reader.enter('runTime');
  if (typeof runTime.activeMs !== 'number' || !Number.isFinite(runTime.activeMs) || runTime.activeMs < 0) reader.expected('a number of 0 or more', runTime.activeMs, 'activeMs');
  if (runTime.since !== null) reader.finite(runTime.since, 'since');
  reader.leave();
}

function readMessages(reader: ShapeReader, messages: readonly unknown[], at: PathAt): { messageIds: Map<string, number>; references: Reference[] } {
  const messageIds = new Map<string, number>();
  const references: Reference[] = [];
  reader.enter('messages');
  for (let index = 0; index < messages.length; index++) {
    const message = reader.object(messages[index], index);
    reader.enter(index);
    readUniqueId(reader, message.id, messageIds, 'messages', index, at);
    reader.oneOf(message.role, roles, 'role');
    reader.oneOf(message.status, messageStatuses, 'status');
    reader.finite(message.createdAt, 'createdAt');
    reader.optionalString(message.runId, 'runId');
    reader.optionalString(message.checkpointId, 'checkpointId');
    if (message.usage !== undefined) readUsage(reader, message.usage);
    if (message.costUsd !== undefined) readCost(reader, message.costUsd);
    if (message.foreignParts !== undefined) reader.list(message.foreignParts, 'foreignParts');
    if (message.interrupted !== undefined) reader.boolean(message.interrupted, 'interrupted');
    reader.optionalString(message.tab, 'tab');
    const parts = reader.list(message.parts, 'parts');
    reader.enter('parts');
    for (let position = 0; position < parts.length; position++) {
      const part = reader.object(parts[position], position);
      reader.enter(position);
      const type = reader.oneOf(part.type, partTypes, 'type');
      if (type === 'tool-call') {
        references.push({ message: index, part: position, toolCallId: reader.string(part.toolCallId, 'toolCallId') });
      } else if (type === 'file') {
        readFilePart(reader, part, message.role === 'user');
      } else {
        reader.string(part.id, 'id');
        reader.string(part.text, 'text');
        if (type === 'notice') {
          reader.oneOf(part.level, noticeLevels, 'level');
          reader.string(part.code, 'code');
        } else {
          reader.oneOf(part.status, partStatuses, 'status');
          if (type === 'reasoning' && part.providerMetadata !== undefined) readProviderMetadata(reader, part.providerMetadata);
        }
      }
      reader.leave();
    }
    reader.leave();
    reader.leave();
  }
  reader.leave();
  return { messageIds, references };
}

/**
 * A user's file: a media type as `type/subtype` and base64 content (what providers are sent as
 * it is); a path only as the sandbox names files. Only user messages have files.
 */
function readFilePart(reader: ShapeReader, part: Record<string, unknown>, fromUser: boolean): void {
  if (!fromUser) reader.fail('is a file, and only user messages have files', 'type');
  reader.string(part.id, 'id');
  const mediaType = reader.string(part.mediaType, 'mediaType');
  if (!mediaTypePattern.test(mediaType)) reader.expected('a media type such as "image/png"', mediaType, 'mediaType');
  const data = reader.string(part.data, 'data');
  if (data.length % 4 !== 0 || !base64Pattern.test(data)) reader.fail('is not base64', 'data');
  reader.optionalString(part.filename, 'filename');
  if (part.path !== undefined && !reader.string(part.path, 'path').startsWith('/')) reader.expected('an absolute path', part.path, 'path');
}

/**
 * Each call belongs to a message, and is shown by exactly one tool-call part, in that message
 * (the reducer keeps it so; removing a message removes its calls). A call without its part would
 * run and never reach the model; a part without its call would show nothing.
 */
function checkReferences(
  pathAt: PathAt,
  calls: readonly Record<string, unknown>[],
  callIds: ReadonlyMap<string, number>,
  messageIds: ReadonlyMap<string, number>,
  references: readonly Reference[],
): void {
  for (let index = 0; index < calls.length; index++) {
    const messageId = calls[index]!.messageId as string;
    if (!messageIds.has(messageId)) throw corruptSnapshot(`${pathAt('toolCalls', index, 'messageId')}: no message has the id ${describeValue(messageId)}`);
  }
  const shownBy = new Int32Array(calls.length).fill(-1);
  for (const { message, part, toolCallId } of references) {
    const at = () => pathAt('messages', message, 'parts', part, 'toolCallId');
    const call = callIds.get(toolCallId);
    if (call === undefined) throw corruptSnapshot(`${at()}: no tool call has the id ${describeValue(toolCallId)}`);
    const owner = messageIds.get(calls[call]!.messageId as string)!;
    if (owner !== message) throw corruptSnapshot(`${at()}: the tool call ${describeValue(toolCallId)} belongs to ${pathAt('messages', owner)}`);
    if (shownBy[call] !== -1) throw corruptSnapshot(`${at()}: the tool call ${describeValue(toolCallId)} is also shown by ${pathAt('messages', message, 'parts', shownBy[call]!)}`);
    shownBy[call] = part;
  }
  const missing = shownBy.indexOf(-1);
  if (missing !== -1) throw corruptSnapshot(`${pathAt('toolCalls', missing)}: no part of its message shows it`);
}

function readError(reader: ShapeReader, error: Record<string, unknown>): void {
  reader.enter('error');
  reader.oneOf(error.code, errorCodes, 'code');
  reader.string(error.message, 'message');
  reader.boolean(error.retryable, 'retryable');
  reader.finite(error.at, 'at');
  reader.leave();
}
