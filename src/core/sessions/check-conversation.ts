/**
 * The shape check of a conversation as loaded data: messages, their parts and the tool calls,
 * pointing at each other consistently (each call shown by exactly one part of its message), with
 * usage and cost. Shared by the state itself, the sub-agents' runs inside calls and the stored
 * branches (`check-agent-state.ts`). Throws `PersistenceError` `corrupt` naming the field.
 */
import type { AgentStatus, AuditActor, FileChangePreview, MessagePart, MessageRole, MessageStatus, NoticePart, PartStatus, ToolCallState } from '../store/state';
import { corruptSnapshot, describeValue, type ShapeReader } from './shape-reader';

// Written as records over each union, so adding a value to a union in state.ts fails to compile
// here until the check knows it too (see check-agent-state.ts).
const setOf = <T extends string>(record: Record<T, true>): ReadonlySet<T> => new Set(Object.keys(record) as T[]);
const agentStatuses = setOf<AgentStatus>({ idle: true, running: true, 'awaiting-people': true, error: true });
const roles = setOf<MessageRole>({ user: true, assistant: true });
const messageStatuses = setOf<MessageStatus>({ streaming: true, done: true, stopped: true, error: true });
const partStatuses = setOf<PartStatus>({ streaming: true, done: true });
const partTypes = setOf<MessagePart['type']>({ text: true, reasoning: true, 'tool-call': true, notice: true, file: true, source: true });
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
const usageFields = ['inputTokens', 'outputTokens', 'reasoningTokens', 'cachedInputTokens', 'totalTokens'] as const;

const maxSubAgentDepth = 16;

/** What an agent state and a sub-agent's run share: status, messages and calls pointing at each other, usage. */
export function readConversation(reader: ShapeReader, state: Record<string, unknown>, depth: number): { messageIds: Map<string, number> } {
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


/** A tool-call part: where it is, and the call it names. */
export interface Reference {
  message: number;
  part: number;
  toolCallId: string;
}

/** Names a field below the conversation being read (the state, or a sub-agent's run in it). */
export type PathAt = (...keys: Array<string | number>) => string;

/** Reads the calls of one conversation (`depth`: how deep in sub-agents); their ids by position. */
export function readToolCalls(reader: ShapeReader, calls: readonly unknown[], depth: number, at: PathAt): Map<string, number> {
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

/** Reads the messages of one conversation: their ids by position, and where each tool-call part points. */
export function readMessages(reader: ShapeReader, messages: readonly unknown[], at: PathAt): { messageIds: Map<string, number>; references: Reference[] } {
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
    if (message.feedback !== undefined) {
      const feedback = reader.object(message.feedback, 'feedback');
      reader.enter('feedback');
      if (feedback.rating !== 'up' && feedback.rating !== 'down') reader.expected('"up" or "down"', feedback.rating, 'rating');
      reader.optionalString(feedback.comment, 'comment');
      reader.finite(feedback.at, 'at');
      reader.leave();
    }
    if (message.timing !== undefined) {
      const timing = reader.object(message.timing, 'timing');
      reader.enter('timing');
      reader.optionalFinite(timing.firstTokenAt, 'firstTokenAt');
      reader.optionalFinite(timing.finishedAt, 'finishedAt');
      reader.leave();
    }
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
      } else if (type === 'source') {
        reader.string(part.id, 'id');
        reader.string(part.sourceId, 'sourceId');
        if (part.sourceType !== 'url' && part.sourceType !== 'document') reader.expected('"url" or "document"', part.sourceType, 'sourceType');
        for (const field of ['url', 'title', 'mediaType', 'filename'] as const) reader.optionalString(part[field], field);
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
export function readFilePart(reader: ShapeReader, part: Record<string, unknown>, fromUser: boolean): void {
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
export function checkReferences(
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

