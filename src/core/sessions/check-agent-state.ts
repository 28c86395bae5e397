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
import type { AgentErrorCode, AgentState, Compaction, TodoStatus, ToolCallState } from '../store/state';
import { todoLimits } from '../people/todo-rules';
import { isFinalToolCallState } from '../store/tool-call-states';
import { checkReferences, readConversation, readFilePart, readMessages, readToolCalls, type PathAt } from './check-conversation';
import { describeValue, ShapeReader } from './shape-reader';

// Written as records over each union, so adding a value to a union in state.ts fails to compile
// here until the check knows it too. (A value added later must also bump the snapshot version,
// or an older app refuses newer data as corrupt instead of as newer.)
const setOf = <T extends string>(record: Record<T, true>): ReadonlySet<T> => new Set(Object.keys(record) as T[]);
const errorCodes = setOf<AgentErrorCode>({ 'model-error': true, 'model-stream-interrupted': true, 'invalid-model': true, 'tool-error': true, 'internal-error': true });
const compactionTriggers = setOf<Compaction['trigger']>({ budget: true, request: true });
const todoStatuses = setOf<TodoStatus>({ pending: true, in_progress: true, completed: true });

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

/** A run's active time: limits count it, so a file must not make it negative or endless. */
function readRunTime(reader: ShapeReader, runTime: Record<string, unknown>): void {
  reader.enter('runTime');
  if (typeof runTime.activeMs !== 'number' || !Number.isFinite(runTime.activeMs) || runTime.activeMs < 0) reader.expected('a number of 0 or more', runTime.activeMs, 'activeMs');
  if (runTime.since !== null) reader.finite(runTime.since, 'since');
  reader.leave();
}

function readError(reader: ShapeReader, error: Record<string, unknown>): void {
  reader.enter('error');
  reader.oneOf(error.code, errorCodes, 'code');
  reader.string(error.message, 'message');
  reader.boolean(error.retryable, 'retryable');
  reader.finite(error.at, 'at');
  reader.leave();
}
