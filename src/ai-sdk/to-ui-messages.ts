import type { UIMessage } from 'ai';
import type { AgentState, Message, ToolCall } from '../core/index';
import type { KitMessageMetadata, KitToolCallExtras, KitUIMessageMetadata } from './kit-metadata';

/** A UI message part, as `UIMessage` declares them. */
type UIPart = UIMessage['parts'][number];

/** Options of {@link toUIMessages}. */
export interface ToUIMessagesOptions {
  /**
   * The tools the app has (`agent.tools`, tool definitions, or their names). A call to any other
   * tool (a name the model made up) becomes a `dynamic-tool` part, so `validateUIMessages({ tools })`
   * accepts the messages at every step. Default: every call is a `tool-<name>` part.
   */
  tools?: Iterable<string | { readonly name: string }>;
}

/**
 * The conversation as AI SDK `UIMessage`s, for `useChat`, AI Elements or a database written for
 * the AI SDK: text, reasoning (with its provider metadata) and tool calls become UI parts (a call
 * in the kit's state maps to the nearest AI SDK state: running and waiting for an answer are
 * `input-available`; cancelled and interrupted are `output-error`; a call to a tool not among
 * `options.tools` is a `dynamic-tool` part); a user's files become `file` parts with a base64 data
 * URL; a reply whose model call failed ends with a text part that says the error. Everything else
 * of the kit (statuses, times, notices, audit trails, the conversation's usage) rides in
 * `metadata.reactAgentKit`, so `fromUIMessages` gives the same state back.
 *
 * @example
 * ```ts
 * await db.saveChat(chatId, toUIMessages(agent.getState(), { tools: agent.tools }));
 * ```
 */
export function toUIMessages(state: AgentState, options: ToUIMessagesOptions = {}): UIMessage<KitUIMessageMetadata>[] {
  const known = knownToolNames(options.tools);
  const calls = new Map(state.toolCalls.map((call) => [call.id, call]));
  const { messages, toolCalls: _toolCalls, ...conversation } = state;
  return messages.map((message, index) => {
    const last = index === messages.length - 1;
    // The failure of the last model call, shown where the reply would have been.
    const failure = last && message.role === 'assistant' && message.status === 'error' && state.status === 'error' ? state.error?.message : undefined;
    return toUIMessage(message, calls, known, last ? conversation : undefined, failure);
  });
}

function knownToolNames(tools: ToUIMessagesOptions['tools']): ReadonlySet<string> | undefined {
  if (tools === undefined) return undefined;
  const names = new Set<string>();
  for (const entry of tools) {
    const name = typeof entry === 'string' ? entry : entry?.name;
    if (typeof name !== 'string') throw new TypeError(`toUIMessages(state, { tools }): each tool must be a name or have one, such as agent.tools; got ${JSON.stringify(entry)}.`);
    names.add(name);
  }
  return names;
}

function toUIMessage(message: Message, calls: ReadonlyMap<string, ToolCall>, known: ReadonlySet<string> | undefined, conversation: KitMessageMetadata['conversation'], failure: string | undefined): UIMessage<KitUIMessageMetadata> {
  const kit: KitMessageMetadata = { v: 1, status: message.status, createdAt: message.createdAt, partIds: [], notices: [], toolCalls: {} };
  if (message.runId !== undefined) kit.runId = message.runId;
  if (message.checkpointId !== undefined) kit.checkpointId = message.checkpointId;
  if (message.usage !== undefined) kit.usage = message.usage;
  if (message.costUsd !== undefined) kit.costUsd = message.costUsd;
  if (message.timing !== undefined) kit.timing = message.timing;
  if (message.feedback !== undefined) kit.feedback = message.feedback;
  if (conversation !== undefined) kit.conversation = conversation;
  const parts: UIPart[] = [];
  message.parts.forEach((part, at) => {
    switch (part.type) {
      case 'text':
        kit.partIds.push(part.id);
        parts.push({ type: 'text', text: part.text, state: part.status });
        return;
      case 'reasoning':
        kit.partIds.push(part.id);
        parts.push({ type: 'reasoning', text: part.text, state: part.status, ...(part.providerMetadata ? { providerMetadata: part.providerMetadata as never } : {}) });
        return;
      case 'notice':
        kit.notices.push({ at, part });
        return;
      case 'source':
        (kit.sourceIds ??= []).push(part.id);
        if (part.sourceType === 'url') parts.push({ type: 'source-url', sourceId: part.sourceId, url: part.url ?? '', ...(part.title !== undefined ? { title: part.title } : {}) });
        else parts.push({ type: 'source-document', sourceId: part.sourceId, mediaType: part.mediaType ?? 'application/octet-stream', title: part.title ?? part.filename ?? part.sourceId, ...(part.filename !== undefined ? { filename: part.filename } : {}) });
        return;
      case 'file':
        (kit.files ??= []).push({ id: part.id, ...(part.path !== undefined ? { path: part.path } : {}) });
        parts.push({ type: 'file', mediaType: part.mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}), url: `data:${part.mediaType};base64,${part.data}` });
        return;
      case 'tool-call': {
        const call = calls.get(part.toolCallId);
        if (!call) return;
        const { id: _id, name: _name, input: _input, output: _output, ...extras } = call;
        kit.toolCalls[call.id] = extras satisfies KitToolCallExtras;
        parts.push(toolPartOf(call, known !== undefined && !known.has(call.name)));
        return;
      }
    }
  });
  // Parts of another UI the kit keeps without showing them, back where they were.
  for (const { at, part } of [...(message.foreignParts ?? [])].sort((a, b) => a.at - b.at)) parts.splice(Math.min(at, parts.length), 0, part as UIPart);
  if (failure !== undefined) {
    // Not one of the kit's parts: `fromUIMessages` leaves it out.
    kit.errorPart = parts.length;
    parts.push({ type: 'text', text: failure, state: 'done' });
  }
  return { id: message.id, role: message.role, parts, metadata: { reactAgentKit: kit } };
}

/** A kit tool call as the AI SDK's tool part of the nearest state; `dynamic` for a tool the app does not have. */
export function toolPartOf(call: ToolCall, dynamic = false): UIPart {
  const base = dynamic ? { type: 'dynamic-tool' as const, toolName: call.name, toolCallId: call.id } : { type: `tool-${call.name}` as const, toolCallId: call.id };
  // An approval's id is the call's: one decision per call.
  const approval = { id: call.id };
  switch (call.state) {
    case 'input-streaming':
      return { ...base, state: 'input-streaming', input: call.input, rawInput: call.inputText };
    case 'input-available':
    case 'answer-requested':
    case 'running':
      return { ...base, state: 'input-available', input: call.input };
    case 'approval-requested':
      return { ...base, state: 'approval-requested', input: call.input, approval: { ...approval, ...(call.approval ? { requestReason: call.approval.reason } : {}) } };
    case 'approval-responded':
      return { ...base, state: 'approval-responded', input: call.input, approval: { ...approval, approved: true } };
    case 'output-available':
      return { ...base, state: 'output-available', input: call.input, output: call.output, ...(call.approval?.decision ? { approval: { ...approval, approved: true as const } } : {}) };
    case 'output-denied': {
      // The person's own words when a person denied it; the runtime's sentence otherwise.
      const denial = call.audit.findLast((entry) => entry.state === 'output-denied');
      const reason = denial?.by === 'user' ? denial.note : call.error;
      return { ...base, state: 'output-denied', input: call.input, approval: { ...approval, approved: false, ...(reason !== undefined ? { reason } : {}) } };
    }
    case 'output-error':
    case 'cancelled':
    case 'sealed':
      return { ...base, state: 'output-error', input: call.input, errorText: call.error ?? `The call to "${call.name}" has no result.` };
  }
}
