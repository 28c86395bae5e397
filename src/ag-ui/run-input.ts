import type { AssistantMessage, Message as AgUiMessage, ResumeEntry, RunAgentInput, Tool, UserMessage } from '@ag-ui/core';
import type { AgentState, Message, ToolCall } from '../core/index';

/** What one AG-UI run is asked: the thread, the conversation, the browser's tools and the answers to interrupts. */
export interface RunInputSource {
  threadId: string;
  runId: string;
  state: AgentState;
  /** The step's own (empty) assistant message: not part of what is sent. */
  stepMessageId: string;
  tools: readonly Tool[];
  resume: readonly ResumeEntry[];
}

/**
 * The `RunAgentInput` of the next run, from the kit's state. Ids are stable across runs: user
 * messages go with the kit's ids; assistant, reasoning and tool messages with the ids the remote
 * agent gave them (kept in `remoteId` and `ToolCall.remote`), so an agent that matches messages
 * by id (LangGraph) sees its own. The browser's calls carry their results as `tool` messages
 * (id `<call id>-result`); a call the remote agent runs itself is sent with its result only when
 * the agent gave one. Calls that stand for interrupts are answered in `resume`, not as messages.
 *
 * @example
 * ```ts
 * const input = toRunAgentInput({ threadId, runId, state: agent.getState(), stepMessageId, tools, resume: [] });
 * ```
 */
export function toRunAgentInput(source: RunInputSource): RunAgentInput {
  const { state } = source;
  const calls = new Map(state.toolCalls.map((call) => [call.id, call]));
  const messages: AgUiMessage[] = [];
  for (const message of state.messages) {
    if (message.id === source.stepMessageId) continue;
    if (message.role === 'user') {
      messages.push({ id: message.id, role: 'user', content: userContent(message) });
      continue;
    }
    messages.push(...assistantMessages(message, calls));
  }
  return {
    threadId: source.threadId,
    runId: source.runId,
    protocolVersion: '1.0',
    state: state.remote ?? {},
    messages,
    tools: [...source.tools],
    context: [],
    forwardedProps: {},
    ...(source.resume.length > 0 ? { resume: [...source.resume] } : {}),
  };
}

/** A user message's content: its text, or with attached files, its parts (files inline as base64). */
function userContent(message: Message): UserMessage['content'] {
  const text = message.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const files = message.parts.filter((part) => part.type === 'file');
  if (files.length === 0) return text;
  const kind = (mediaType: string): 'image' | 'audio' | 'video' | 'document' => (mediaType.startsWith('image/') ? 'image' : mediaType.startsWith('audio/') ? 'audio' : mediaType.startsWith('video/') ? 'video' : 'document');
  return [
    ...files.map((file) => ({ type: kind(file.mediaType), source: { type: 'data' as const, value: file.data, mimeType: file.mediaType }, ...(file.filename ? { metadata: { filename: file.filename } } : {}) })),
    ...(text ? [{ type: 'text' as const, text }] : []),
  ];
}

/** One kit reply as AG-UI messages: assistant messages by the remote id their parts carry, each followed by the results of its calls. */
function assistantMessages(message: Message, calls: ReadonlyMap<string, ToolCall>): AgUiMessage[] {
  const out: AgUiMessage[] = [];
  let current: AssistantMessage | undefined;
  let results: AgUiMessage[] = [];
  const open = (id: string): AssistantMessage => {
    if (current?.id === id) return current;
    out.push(...results);
    results = [];
    current = { id, role: 'assistant' };
    out.push(current);
    return current;
  };
  for (const part of message.parts) {
    if (part.type === 'text') {
      if (part.text === '') continue;
      const target = open(part.remoteId ?? message.id);
      target.content = (target.content ?? '') + part.text;
    } else if (part.type === 'reasoning') {
      if (part.text === '') continue;
      out.push(...results);
      results = [];
      current = undefined;
      out.push({ id: part.remoteId ?? part.id, role: 'reasoning', content: part.text });
    } else if (part.type === 'tool-call') {
      const call = calls.get(part.toolCallId);
      if (!call || call.remote?.interruptId !== undefined) continue;
      const target = open(call.remote?.messageId ?? current?.id ?? message.id);
      const remoteCallId = call.providerToolCallId ?? call.id;
      (target.toolCalls ??= []).push({ id: remoteCallId, type: 'function', function: { name: call.name, arguments: call.inputText || JSON.stringify(call.input ?? {}) } });
      const result = resultMessage(call, remoteCallId);
      if (result) results.push(result);
    }
  }
  out.push(...results);
  return out;
}

/** A call's result as a `tool` message, or nothing when the remote agent owns the result and gave none. */
function resultMessage(call: ToolCall, remoteCallId: string): AgUiMessage | undefined {
  const id = call.remote?.resultMessageId ?? `${remoteCallId}-result`;
  if (call.remote?.server) {
    if (call.remote.resultMessageId === undefined) return undefined;
    if (call.state === 'output-available') return { id, role: 'tool', toolCallId: remoteCallId, content: asText(call.output) };
    // A failure or denial the agent reported goes back as it came, so the agent's history holds its result.
    if ((call.state === 'output-error' || call.state === 'output-denied') && call.error !== undefined) return { id, role: 'tool', toolCallId: remoteCallId, content: call.error, error: call.error };
    return undefined;
  }
  switch (call.state) {
    case 'output-available':
      return { id, role: 'tool', toolCallId: remoteCallId, content: asText(call.output) };
    case 'output-error':
    case 'output-denied':
    case 'cancelled':
    case 'sealed': {
      const error = call.error ?? `The call ended ${call.state} without a result.`;
      return { id, role: 'tool', toolCallId: remoteCallId, content: error, error };
    }
    default:
      return undefined;
  }
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
}
