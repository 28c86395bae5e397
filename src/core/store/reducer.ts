import type { AgentEvent } from './events';
import type { AgentState, Message, MessagePart, ToolCall } from './state';
import { addUsage, usageSince } from './usage-math';

/**
 * The one function that writes agent state. Pure: it returns a new state and never mutates
 * the old one. Unchanged messages and tool calls keep their identity, so a view that selects
 * one message re-renders only when that message changes.
 *
 * @example
 * ```ts
 * let state = createInitialState();
 * state = reduce(state, { type: 'run-start', runId: 'r1' });
 * state.status; // 'running'
 * ```
 */
export function reduce(state: AgentState, event: AgentEvent): AgentState {
  switch (event.type) {
    case 'run-start': {
      // A new run's time starts at zero (a state without it: one saved before it was kept).
      const { runTime: _previous, ...rest } = state;
      return { ...rest, status: 'running', runId: event.runId, step: 0, error: null, ...(event.at !== undefined ? { runTime: { activeMs: 0, since: event.at } } : {}) };
    }
    case 'run-resume':
      return { ...state, status: 'running', runId: event.runId, error: null, ...(event.at !== undefined ? { runTime: { activeMs: state.runTime?.activeMs ?? 0, since: event.at } } : {}) };
    case 'run-finish':
      return { ...state, status: event.status, error: event.error ?? null, ...(event.activeMs !== undefined ? { runTime: { activeMs: event.activeMs, since: null } } : {}) };
    case 'state-restore':
      return event.state;
    case 'error-clear':
      return state.error === null ? state : { ...state, error: null, status: state.status === 'error' ? 'idle' : state.status };
    case 'message-add':
      return { ...state, messages: [...state.messages, event.message] };
    case 'message-finish':
      return updateMessage(state, event.messageId, (message) => ({
        ...message,
        status: event.status,
        ...(event.at !== undefined ? { timing: { ...message.timing, finishedAt: event.at } } : {}),
        // A finished message has no streaming parts, whatever the stream said last.
        parts: message.parts.map((part) =>
          (part.type === 'text' || part.type === 'reasoning') && part.status === 'streaming' ? { ...part, status: 'done' } : part,
        ),
      }));
    case 'message-first-token':
      return updateMessage(state, event.messageId, (message) => (message.timing?.firstTokenAt !== undefined ? message : { ...message, timing: { ...message.timing, firstTokenAt: event.at } }));
    case 'message-feedback':
      return updateMessage(state, event.messageId, ({ feedback: _previous, ...message }) => (event.feedback === null ? message : { ...message, feedback: event.feedback }));
    case 'message-remove':
      return withoutLostCompactions({
        ...state,
        messages: state.messages.filter((message) => message.id !== event.messageId),
        toolCalls: state.toolCalls.filter((call) => call.messageId !== event.messageId),
      });
    case 'messages-truncate': {
      const index = state.messages.findIndex((message) => message.id === event.messageId);
      if (index === -1) return state;
      const removed = new Set(state.messages.slice(index).map((message) => message.id));
      // The branches below go with the messages that hold them.
      return withoutLostCompactions({
        ...state,
        messages: state.messages.slice(0, index),
        toolCalls: state.toolCalls.filter((call) => !removed.has(call.messageId)),
        // The failure belonged to what was removed.
        ...(state.status === 'error' ? { status: 'idle' as const, error: null } : {}),
      });
    }
    case 'remote-state-update':
      return { ...state, remote: event.state };
    case 'messages-replace':
      return withoutLostCompactions({ ...state, messages: event.messages, toolCalls: event.toolCalls });
    case 'todos-update':
      return { ...state, todos: event.todos };
    case 'branch-fork':
    case 'branch-switch': {
      const { todos: _todos, branches: _branches, ...rest } = state;
      return withoutLostCompactions({
        ...rest,
        messages: event.messages,
        toolCalls: event.toolCalls,
        ...(event.branches !== undefined ? { branches: event.branches } : {}),
        ...(event.todos !== undefined ? { todos: event.todos } : {}),
        // A fork replaces what failed.
        ...(event.type === 'branch-fork' && state.status === 'error' ? { status: 'idle' as const, error: null } : {}),
      });
    }
    case 'queue-add': {
      const queue = state.queue ?? [];
      return { ...state, queue: event.first ? [event.message, ...queue] : [...queue, event.message] };
    }
    case 'queue-update':
      return { ...state, queue: (state.queue ?? []).map((message) => (message.id === event.id ? { ...message, text: event.text } : message)) };
    case 'queue-remove': {
      const { queue: _queue, ...rest } = state;
      const queue = (state.queue ?? []).filter((message) => message.id !== event.id);
      return queue.length > 0 ? { ...rest, queue } : rest;
    }
    case 'compaction-add':
      return { ...state, compactions: [...(state.compactions ?? []), event.compaction], usage: addUsage(state.usage, event.usage) };
    case 'usage-add':
      return { ...state, usage: addUsage(state.usage, event.usage), ...(event.costUsd !== undefined ? { costUsd: (state.costUsd ?? 0) + event.costUsd } : {}) };
    case 'step-start':
      return { ...state, step: event.step };
    case 'step-finish': {
      const totals = { ...state, usage: addUsage(state.usage, event.usage), ...(event.costUsd !== undefined ? { costUsd: (state.costUsd ?? 0) + event.costUsd } : {}) };
      if (event.messageId === undefined) return totals;
      const { usage, costUsd } = event;
      return updateMessage(totals, event.messageId, (message) => ({ ...message, usage, ...(costUsd !== undefined ? { costUsd } : {}) }));
    }
    case 'text-start':
    case 'reasoning-start': {
      const kind = event.type === 'text-start' ? 'text' : 'reasoning';
      return appendPart(state, event.messageId, { type: kind, id: event.partId, text: '', status: 'streaming', ...(event.remoteId !== undefined ? { remoteId: event.remoteId } : {}) });
    }
    case 'text-delta':
    case 'reasoning-delta':
      return updatePart(state, event.messageId, event.partId, (part) =>
        part.type === 'text' || part.type === 'reasoning' ? { ...part, text: part.text + event.delta } : part,
      );
    case 'text-end':
    case 'reasoning-end':
      return updatePart(state, event.messageId, event.partId, (part) =>
        part.type === 'text' || part.type === 'reasoning' ? { ...part, status: 'done' } : part,
      );
    case 'reasoning-metadata':
      return updatePart(state, event.messageId, event.partId, (part) => {
        if (part.type !== 'reasoning') return part;
        const merged = { ...part.providerMetadata };
        for (const [provider, values] of Object.entries(event.providerMetadata)) merged[provider] = { ...merged[provider], ...values };
        return { ...part, providerMetadata: merged };
      });
    case 'source-add':
      return appendPart(state, event.messageId, event.source);
    case 'notice-add':
      return appendPart(state, event.messageId, event.notice);
    case 'tool-call-start': {
      const call: ToolCall = {
        id: event.toolCallId,
        name: event.name,
        messageId: event.messageId,
        ...(event.providerToolCallId !== undefined ? { providerToolCallId: event.providerToolCallId } : {}),
        ...(event.remote !== undefined ? { remote: event.remote } : {}),
        inputText: '',
        input: undefined,
        state: 'input-streaming',
        audit: [],
      };
      const withPart = appendPart(state, event.messageId, { type: 'tool-call', toolCallId: event.toolCallId });
      return { ...withPart, toolCalls: [...withPart.toolCalls, call] };
    }
    case 'tool-call-input-delta':
      return updateToolCall(state, event.toolCallId, (call) => ({ ...call, inputText: call.inputText + event.delta }));
    case 'tool-call-update':
      return updateToolCall(state, event.toolCallId, (call) => ({
        ...call,
        state: event.state,
        ...('input' in event ? { input: event.input } : {}),
        ...(event.inputText !== undefined ? { inputText: event.inputText } : {}),
        ...('originalInput' in event ? { originalInput: event.originalInput } : {}),
        ...(event.approval !== undefined ? { approval: event.approval } : {}),
        ...('output' in event ? { output: event.output } : {}),
        ...(event.error !== undefined ? { error: event.error } : {}),
        ...(event.remote !== undefined ? { remote: { ...call.remote, ...event.remote } } : {}),
        audit: [...call.audit, { state: event.state, at: event.at, by: event.by, ...(event.note ? { note: event.note } : {}) }],
      }));
    case 'tool-call-sub-agent': {
      const call = state.toolCalls.findLast((candidate) => candidate.id === event.toolCallId);
      if (!call) return state;
      const next = updateToolCall(state, event.toolCallId, (found) => ({ ...found, subAgent: event.subAgent }));
      // The child's tokens count in the conversation's totals: only what it used since the last update.
      const before = call.subAgent;
      const costUsd = (event.subAgent.costUsd ?? 0) - (before?.costUsd ?? 0);
      return {
        ...next,
        usage: addUsage(next.usage, usageSince(event.subAgent.usage, before?.usage)),
        ...(costUsd !== 0 ? { costUsd: (state.costUsd ?? 0) + costUsd } : {}),
      };
    }
    case 'tool-always-allow':
      return state.alwaysAllowed.includes(event.name) ? state : { ...state, alwaysAllowed: [...state.alwaysAllowed, event.name] };
    case 'tool-call-progress':
      return updateToolCall(state, event.toolCallId, (call) => ({ ...call, progress: event.progress }));
    default:
      return assertNever(event);
  }
}

function updateMessage(state: AgentState, messageId: string, update: (message: Message) => Message): AgentState {
  // Streaming appends to the newest message, so search from the end.
  for (let index = state.messages.length - 1; index >= 0; index--) {
    const message = state.messages[index]!;
    if (message.id !== messageId) continue;
    const messages = state.messages.slice();
    messages[index] = update(message);
    return { ...state, messages };
  }
  return state;
}

function appendPart(state: AgentState, messageId: string, part: MessagePart): AgentState {
  return updateMessage(state, messageId, (message) => ({ ...message, parts: [...message.parts, part] }));
}

function updatePart(
  state: AgentState,
  messageId: string,
  partId: string,
  update: (part: MessagePart) => MessagePart,
): AgentState {
  return updateMessage(state, messageId, (message) => {
    const index = message.parts.findLastIndex((part) => 'id' in part && part.id === partId);
    if (index === -1) return message;
    const parts = message.parts.slice();
    parts[index] = update(parts[index]!);
    return { ...message, parts };
  });
}

function updateToolCall(state: AgentState, toolCallId: string, update: (call: ToolCall) => ToolCall): AgentState {
  const index = state.toolCalls.findLastIndex((call) => call.id === toolCallId);
  if (index === -1) return state;
  const toolCalls = state.toolCalls.slice();
  toolCalls[index] = update(toolCalls[index]!);
  return { ...state, toolCalls };
}

function assertNever(value: never): never {
  throw new Error(`Unhandled agent event: ${JSON.stringify(value)}`);
}

/** A summary stays only while the message it ends with does (a rollback before it drops it). */
function withoutLostCompactions(state: AgentState): AgentState {
  const compactions = state.compactions;
  if (compactions === undefined || compactions.length === 0) return state;
  const ids = new Set(state.messages.map((message) => message.id));
  const kept = compactions.filter((compaction) => ids.has(compaction.throughMessageId));
  return kept.length === compactions.length ? state : { ...state, compactions: kept };
}
