import type { Message as AgUiMessage } from '@ag-ui/core';
import { createId, type Message, type ToolCall } from '../core/index';

/**
 * The conversation as a `MESSAGES_SNAPSHOT` declares it, reconciled with the kit's: a message
 * the kit has (a user message by its id, a reply by the remote ids its parts and calls keep, a
 * result by its call) stays as it is, with its audit trail and files; a message the kit does not
 * have is added, keeping the agent's ids; a message the snapshot leaves out leaves the
 * conversation. The step's own message stays last, so the loop goes on from it. Calls new to
 * the kit: results come from the snapshot's `tool` messages; one without a result is `sealed`
 * (it was not made in this browser's run, so it is not run here). A call of the run not yet run
 * takes the snapshot's arguments when they differ from what streamed.
 *
 * @example
 * ```ts
 * dispatch({ type: 'messages-replace', ...fromMessagesSnapshot(event.messages, getState(), { stepMessageId, offeredTools, now: Date.now() }) });
 * ```
 */
export function fromMessagesSnapshot(
  snapshot: readonly AgUiMessage[],
  state: { messages: readonly Message[]; toolCalls: readonly ToolCall[] },
  options: { stepMessageId: string; offeredTools: ReadonlySet<string>; now: number },
): { messages: Message[]; toolCalls: ToolCall[] } {
  checkSnapshot(snapshot);
  const owners = new Map<string, Message>();
  for (const message of state.messages) {
    owners.set(message.id, message);
    for (const part of message.parts) if ((part.type === 'text' || part.type === 'reasoning') && part.remoteId) owners.set(part.remoteId, message);
  }
  const callsByRemoteId = new Map<string, ToolCall>();
  for (const call of state.toolCalls) {
    callsByRemoteId.set(call.providerToolCallId ?? call.id, call);
    const owner = state.messages.find((message) => message.id === call.messageId);
    if (owner && call.remote?.messageId) owners.set(call.remote.messageId, owner);
  }
  const kept: Message[] = [];
  const keptIds = new Set<string>();
  const added = new Map<string, Message>();
  const newCalls = new Map<string, ToolCall>();
  const results = new Map<string, { id: string; content: unknown; error?: string }>();
  for (const message of snapshot) if (message.role === 'tool') results.set(message.toolCallId, { id: message.id, content: message.content, ...(message.error ? { error: message.error } : {}) });

  const keep = (message: Message) => {
    if (keptIds.has(message.id)) return;
    keptIds.add(message.id);
    kept.push(message);
  };
  const takenIds = new Set(state.messages.map((message) => message.id));
  const newMessage = (remoteId: string, role: Message['role']): Message => {
    const message: Message = { id: takenIds.has(remoteId) ? createId('msg') : remoteId, role, parts: [], status: 'done', createdAt: options.now };
    added.set(remoteId, message);
    keep(message);
    return message;
  };

  for (const entry of snapshot) {
    const owner = owners.get(entry.id) ?? added.get(entry.id);
    if (entry.role === 'user') {
      if (owner) keep(owner);
      else newMessage(entry.id, 'user').parts.push({ type: 'text', id: createId('part'), text: typeof entry.content === 'string' ? entry.content : entry.content.map((part) => (part.type === 'text' ? part.text : '')).join(''), status: 'done' });
    } else if (entry.role === 'assistant' || entry.role === 'reasoning') {
      if (owner) {
        keep(owner);
        continue;
      }
      const message = newMessage(entry.id, 'assistant');
      if (entry.content) message.parts.push({ type: entry.role === 'reasoning' ? 'reasoning' : 'text', id: createId('part'), text: entry.content, status: 'done', remoteId: entry.id });
      for (const call of entry.role === 'assistant' ? (entry.toolCalls ?? []) : []) {
        const known = callsByRemoteId.get(call.id);
        if (known) continue;
        const result = results.get(call.id);
        const id = state.toolCalls.some((existing) => existing.id === call.id) ? createId('call') : call.id;
        newCalls.set(call.id, {
          id,
          ...(id !== call.id ? { providerToolCallId: call.id } : {}),
          name: call.function.name,
          messageId: message.id,
          inputText: call.function.arguments,
          input: parseJson(call.function.arguments),
          state: result ? (result.error ? 'output-error' : 'output-available') : 'sealed',
          ...(result ? (result.error ? { error: result.error } : { output: typeof result.content === 'string' ? parseJson(result.content) : result.content }) : { error: 'This call was not made in this browser; it has no result here.' }),
          audit: [],
          remote: { messageId: entry.id, ...(options.offeredTools.has(call.function.name) ? {} : { server: true }), ...(result ? { resultMessageId: result.id } : {}) },
        });
        message.parts.push({ type: 'tool-call', toolCallId: id });
      }
    }
    // System, developer and activity messages are the agent's own; tool results are read with their calls.
  }
  const step = state.messages.find((message) => message.id === options.stepMessageId);
  if (step) {
    const at = kept.indexOf(step);
    if (at !== -1) kept.splice(at, 1);
    kept.push(step);
  }
  const messageIds = new Set(kept.map((message) => message.id));
  const declared = new Map<string, string>();
  for (const entry of snapshot) if (entry.role === 'assistant') for (const call of entry.toolCalls ?? []) declared.set(call.id, call.function.arguments);
  const toolCalls = [...state.toolCalls.filter((call) => messageIds.has(call.messageId)).map((call) => withResult(withDeclaredArguments(call, declared), results, options.now)), ...newCalls.values()];
  return { messages: kept, toolCalls };
}

/**
 * A call not yet run takes its arguments from the snapshot when they differ from what streamed:
 * an integration may announce a call without streaming its arguments (@ag-ui/langgraph, when a
 * model sends a call's name and arguments in one chunk, sends no TOOL_CALL_ARGS).
 */
function withDeclaredArguments(call: ToolCall, declared: ReadonlyMap<string, string>): ToolCall {
  const text = declared.get(call.providerToolCallId ?? call.id);
  if (text === undefined || text === call.inputText || (call.state !== 'input-streaming' && call.state !== 'input-available')) return call;
  return { ...call, inputText: text, input: parseJson(text) };
}

/** A running call of the agent's own that the snapshot gives a result. */
function withResult(call: ToolCall, results: ReadonlyMap<string, { id: string; content: unknown; error?: string }>, now: number): ToolCall {
  const result = results.get(call.providerToolCallId ?? call.id);
  if (!result || !call.remote?.server || call.remote.resultMessageId === result.id) return call;
  if (call.state !== 'running') return { ...call, remote: { ...call.remote, resultMessageId: result.id } };
  return {
    ...call,
    state: result.error ? 'output-error' : 'output-available',
    ...(result.error ? { error: result.error } : { output: typeof result.content === 'string' ? parseJson(result.content) : result.content }),
    remote: { ...call.remote, resultMessageId: result.id },
    audit: [...call.audit, { state: result.error ? 'output-error' : 'output-available', at: now, by: 'host' }],
  };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Throws naming the first message of the snapshot that does not have the shape the protocol gives it. */
function checkSnapshot(snapshot: readonly unknown[]): void {
  snapshot.forEach((value, index) => {
    const message = value as Partial<Record<string, unknown>> | null;
    const fail = (problem: string) => {
      throw new Error(`message ${index} ${problem}`);
    };
    if (typeof message !== 'object' || message === null || typeof message.id !== 'string' || typeof message.role !== 'string') fail('has no string id and role');
    if (message!.role === 'user' && typeof message!.content !== 'string' && !Array.isArray(message!.content)) fail('(user) has no content');
    if ((message!.role === 'assistant' || message!.role === 'reasoning') && message!.content !== undefined && message!.content !== null && typeof message!.content !== 'string') fail(`(${String(message!.role)}) has content that is not text`);
    if (message!.role === 'tool' && typeof message!.toolCallId !== 'string') fail('(tool) has no toolCallId');
    const calls = message!.toolCalls;
    if (calls === undefined || calls === null) return;
    if (!Array.isArray(calls)) fail('has toolCalls that are not a list');
    for (const call of calls as Array<{ id?: unknown; function?: { name?: unknown; arguments?: unknown } } | null>) {
      if (typeof call?.id !== 'string' || typeof call.function?.name !== 'string' || typeof call.function.arguments !== 'string') fail('has a tool call without a string id, name and arguments');
    }
  });
}
