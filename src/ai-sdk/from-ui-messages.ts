import type { UIMessage } from 'ai';
import { createId, createInitialState, type AgentState, type AuditEntry, type Message, type MessagePart, type ToolCall, type ToolCallState } from '../core/index';
import { kitMetadataOf, type KitMessageMetadata } from './kit-metadata';

type UIPart = UIMessage['parts'][number];

/** A tool part of either kind (`tool-<name>` or `dynamic-tool`), read loosely. */
interface UIToolPart {
  type: string;
  toolName?: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  rawInput?: unknown;
  output?: unknown;
  errorText?: string;
  approval?: { id: string; approved?: boolean; reason?: string; requestReason?: string };
}

const isToolPart = (part: UIPart): part is UIPart & UIToolPart => part.type === 'dynamic-tool' || part.type.startsWith('tool-');

/**
 * AI SDK `UIMessage`s as the kit's state. Messages `toUIMessages` made come back exactly as they
 * were (their `metadata.reactAgentKit` holds what the parts do not). Others, such as a history
 * `useChat` wrote, are read from their parts: text, reasoning and tool parts in every AI SDK state
 * (`approval-requested` waits for a decision in the kit; an approval a person gave in the other
 * app is recorded as the user's), and a user's files given as base64 data URLs. System messages are
 * left out (the kit's instructions are the agent's). Parts the kit does not show (other files,
 * sources, data parts, step boundaries) are kept in
 * the message's `foreignParts`, so `toUIMessages` gives them back in place.
 *
 * To continue such a conversation, start an agent from it as from a saved one, so that calls left
 * unfinished are closed and nothing approved in data runs without asking:
 * `createAgent({ model, snapshot: snapshotFromUIMessages(messages) })`.
 *
 * @example
 * ```ts
 * const state = fromUIMessages(await db.loadChat(chatId));
 * ```
 */
export function fromUIMessages(messages: readonly UIMessage[]): AgentState {
  const out: Message[] = [];
  const toolCalls: ToolCall[] = [];
  let conversation: KitMessageMetadata['conversation'];
  const now = Date.now();
  for (const message of messages) {
    if (message.role === 'system') continue;
    const kit = kitMetadataOf(message.metadata);
    if (kit?.conversation) conversation = kit.conversation;
    const partIds = [...(kit?.partIds ?? [])];
    const fileIds = [...(kit?.files ?? [])];
    const sourceIds = [...(kit?.sourceIds ?? [])];
    const parts: MessagePart[] = [];
    const foreignParts: NonNullable<Message['foreignParts']> = [];
    message.parts.forEach((part, at) => {
      // The failed model call's error, shown as text by `toUIMessages`: the state holds it already.
      if (at === kit?.errorPart && part.type === 'text') return;
      if (part.type === 'text' || part.type === 'reasoning') {
        const base = { id: partIds.shift() ?? createId('part'), text: part.text, status: part.state === 'streaming' ? ('streaming' as const) : ('done' as const) };
        if (part.type === 'text') parts.push({ type: 'text', ...base });
        else parts.push({ type: 'reasoning', ...base, ...(part.providerMetadata ? { providerMetadata: part.providerMetadata } : {}) });
      } else if (message.role === 'user' && part.type === 'file' && isKitFile(part)) {
        const data = part.url.slice(part.url.indexOf(',') + 1);
        const { id = createId('part'), path } = fileIds.shift() ?? {};
        parts.push({ type: 'file', id, mediaType: part.mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}), data, ...(path !== undefined ? { path } : {}) });
      } else if (message.role === 'assistant' && (part.type === 'source-url' || part.type === 'source-document') && !('providerMetadata' in part && part.providerMetadata !== undefined)) {
        // A source the reply drew on: the kit's own part, shown under the reply.
        const id = sourceIds.shift() ?? createId('part');
        if (part.type === 'source-url') parts.push({ type: 'source', id, sourceId: part.sourceId, sourceType: 'url', url: part.url, ...(part.title !== undefined ? { title: part.title } : {}) });
        else parts.push({ type: 'source', id, sourceId: part.sourceId, sourceType: 'document', title: part.title, mediaType: part.mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}) });
      } else if (isToolPart(part)) {
        toolCalls.push(toolCallOf(part, message.id, kit, now));
        parts.push({ type: 'tool-call', toolCallId: part.toolCallId });
      } else {
        // Files, sources, data parts, step boundaries: kept as they are, for the way back.
        foreignParts.push({ at, part: part });
      }
    });
    for (const { at, part } of [...(kit?.notices ?? [])].sort((a, b) => a.at - b.at)) parts.splice(Math.min(at, parts.length), 0, part);
    const restored: Message = { id: message.id, role: message.role, parts, status: kit?.status ?? 'done', createdAt: kit?.createdAt ?? now };
    if (kit?.runId !== undefined) restored.runId = kit.runId;
    if (kit?.checkpointId !== undefined) restored.checkpointId = kit.checkpointId;
    if (kit?.usage !== undefined) restored.usage = kit.usage;
    if (kit?.costUsd !== undefined) restored.costUsd = kit.costUsd;
    if (kit?.timing !== undefined) restored.timing = kit.timing;
    if (kit?.feedback !== undefined) restored.feedback = kit.feedback;
    if (foreignParts.length > 0) restored.foreignParts = foreignParts;
    out.push(restored);
  }
  const pending = toolCalls.some((call) => call.state === 'approval-requested' || call.state === 'answer-requested');
  return {
    ...(conversation ?? { ...createInitialState(), status: pending ? 'awaiting-people' : 'idle' }),
    messages: out,
    toolCalls,
  };
}

const base64Pattern = /^[A-Za-z0-9+/]*={0,2}$/;

/**
 * A user's file the kit can hold as its own `file` part without losing anything: its content is a
 * base64 data URL of its own media type, and it has no fields beyond those the kit keeps. Any
 * other file part (a URL, provider metadata) stays as it came, in `foreignParts`.
 */
function isKitFile(part: UIPart & { type: 'file' }): boolean {
  const prefix = `data:${part.mediaType};base64,`;
  if (!part.url.startsWith(prefix) || Object.keys(part).some((key) => key !== 'type' && key !== 'mediaType' && key !== 'filename' && key !== 'url')) return false;
  const data = part.url.slice(prefix.length);
  return data !== '' && data.length % 4 === 0 && base64Pattern.test(data) && /^[a-z0-9][a-z0-9!#$&^_.+-]*\/[a-z0-9][a-z0-9!#$&^_.+-]*$/i.test(part.mediaType);
}

function toolCallOf(part: UIToolPart, messageId: string, kit: KitMessageMetadata | undefined, now: number): ToolCall {
  const name = part.type === 'dynamic-tool' ? (part.toolName ?? 'unknown_tool') : part.type.slice('tool-'.length);
  const extras = kit?.toolCalls[part.toolCallId];
  const call: ToolCall = extras
    ? { id: part.toolCallId, name, ...extras, input: part.input }
    : { id: part.toolCallId, name, messageId, inputText: inputTextOf(part), input: part.input, ...derivedState(part, now) };
  if (part.state === 'output-available') call.output = part.output;
  return call;
}

function inputTextOf(part: UIToolPart): string {
  if (typeof part.rawInput === 'string') return part.rawInput;
  return part.input === undefined ? '' : JSON.stringify(part.input);
}

/** The kit's state of a call that only has its AI SDK state, with an audit trail that says so. */
function derivedState(part: UIToolPart, now: number): Pick<ToolCall, 'state' | 'audit' | 'error' | 'approval'> {
  const state = part.state === 'approval-responded' && part.approval?.approved === false ? 'output-denied' : kitStateOf(part.state);
  const audit: AuditEntry[] = [{ state, at: now, by: 'host', note: 'Read from an AI SDK UI message.' }];
  const derived: Pick<ToolCall, 'state' | 'audit' | 'error' | 'approval'> = { state, audit };
  if (state === 'output-error') derived.error = part.errorText ?? 'The call failed.';
  if (state === 'output-denied') derived.error = part.approval?.reason ?? 'The user denied this call.';
  if (state === 'approval-requested') derived.approval = { reason: part.approval?.requestReason ?? 'This call needs approval.', requestedAt: now };
  if (state === 'approval-responded') derived.approval = { reason: part.approval?.requestReason ?? 'This call needed approval.', requestedAt: now, decision: { approved: true, always: false, at: now, edited: false } };
  return derived;
}

function kitStateOf(state: string): ToolCallState {
  switch (state) {
    case 'input-streaming':
    case 'input-available':
    case 'approval-requested':
    case 'approval-responded':
    case 'output-available':
    case 'output-error':
    case 'output-denied':
      return state;
    default:
      // A state of a newer AI SDK: the call has no result the kit can show.
      return 'output-error';
  }
}
