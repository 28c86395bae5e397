/**
 * The kit's conversation state from the messages of an AG-UI request: user messages (text and
 * files given by their data), assistant messages with their tool calls, tool results, and
 * reasoning (attached to the assistant message after it). With a stored thread, the stored state
 * is the truth and only what it does not have yet is added (new user messages, the results of
 * client tools). Ids stay the client's, so the events of this run and the next request agree.
 * System and developer messages and activities are not part of it: the server's `instructions`
 * speak for the server, not a client.
 */
import { askUserQuestionToolName, createId, createInitialState, isFinalToolCallState, type AgentState, type Message, type MessagePart, type ToolCall } from '../../core/index';
import { kitMetadataKey, type AgUiContentPart, type AgUiMessage } from './ag-ui-wire';

/** The state, or the message field that cannot become part of it. */
export type ConversationResult = { ok: true; state: AgentState } | { ok: false; field: string; message: string };

/**
 * @example
 * ```ts
 * const built = conversationState(input.messages, { answered: new Set(['call_1']), now: Date.now() });
 * if (built.ok) createAgent({ model, snapshot: createSnapshot(built.state) });
 * ```
 */
export function conversationState(messages: readonly AgUiMessage[], options: { base?: AgentState; answered: ReadonlySet<string>; now: number }): ConversationResult {
  const { now } = options;
  const base = options.base ?? createInitialState();
  const known = new Set(base.messages.map((message) => message.id));
  const knownParts = new Set(base.messages.flatMap((message) => message.parts.map((part) => ('id' in part ? part.id : ''))));
  const added: Message[] = [];
  const calls = new Map<string, ToolCall>(base.toolCalls.map((call) => [call.id, call]));
  let reasoning: MessagePart[] = [];
  for (const [index, message] of messages.entries()) {
    const field = `messages[${index}]`;
    if (message.role === 'tool') {
      const call = calls.get(message.toolCallId);
      if (!call) return { ok: false, field: `${field}.toolCallId`, message: `${JSON.stringify(message.toolCallId)} names no tool call of an earlier assistant message.` };
      // A result the thread has already (a stored one, or the server's own) stays as it was.
      if (!isFinalToolCallState(call.state)) calls.set(call.id, withResult(call, message, now));
      continue;
    }
    if (known.has(message.id)) {
      reasoning = [];
      continue;
    }
    if (message.role === 'reasoning') {
      // The reasoning of a stored reply comes back too (its id is the part's): the thread has it.
      if (knownParts.has(message.id)) continue;
      reasoning.push({ type: 'reasoning', id: createId('part'), text: message.content, status: 'done' });
      continue;
    }
    if (message.role === 'user') {
      const parts = userParts(message.content);
      if (typeof parts === 'string') return { ok: false, field: `${field}.content`, message: parts };
      added.push({ id: message.id, role: 'user', parts, status: 'done', createdAt: now });
    } else if (message.role === 'assistant') {
      const parts: MessagePart[] = [...reasoning];
      if (message.content) parts.push({ type: 'text', id: createId('part'), text: message.content, status: 'done' });
      for (const [callIndex, toolCall] of (message.toolCalls ?? []).entries()) {
        if (calls.has(toolCall.id)) return { ok: false, field: `${field}.toolCalls[${callIndex}].id`, message: `the tool call id ${JSON.stringify(toolCall.id)} is used by an earlier call; tool call ids must be unique.` };
        calls.set(toolCall.id, newCall(toolCall.id, toolCall.function.name, toolCall.function.arguments, message.id, now));
        parts.push({ type: 'tool-call', toolCallId: toolCall.id });
      }
      if (parts.length > 0) added.push({ id: message.id, role: 'assistant', parts, status: 'done', createdAt: now });
    }
    reasoning = [];
  }
  const state: AgentState = { ...base, status: 'idle', error: null, messages: [...base.messages, ...added], toolCalls: [...calls.values()] };
  return openCalls(state, options.answered, now);
}

/**
 * Every call without a result after the request's messages: one that a resume entry answers waits
 * for that decision (an approval, or the answer to a question); a stored one that waits for a
 * person and is not answered is the client's mistake (AG-UI: every interrupt is answered or
 * cancelled); any other gets an error result saying that no result came, so the model's next
 * request is valid.
 */
function openCalls(state: AgentState, answered: ReadonlySet<string>, now: number): ConversationResult {
  const toolCalls: ToolCall[] = [];
  for (const call of state.toolCalls) {
    const waits = call.state === 'approval-requested' || call.state === 'answer-requested';
    if (isFinalToolCallState(call.state)) toolCalls.push(call);
    else if (answered.has(call.id)) toolCalls.push(waits ? call : waiting(call, now));
    else if (waits) return { ok: false, field: 'resume', message: `the interrupt ${JSON.stringify(call.id)} (the call of "${call.name}") waits for an answer; answer or cancel it in resume[].` };
    else toolCalls.push(settled(call, 'output-error', `No result for this call of "${call.name}" came back from the client, so it has none.`, now));
  }
  return { ok: true, state: { ...state, toolCalls } };
}

function newCall(id: string, name: string, inputText: string, messageId: string, now: number): ToolCall {
  let input: unknown;
  try {
    input = inputText.trim() === '' ? {} : JSON.parse(inputText);
  } catch {
    input = undefined;
  }
  const call: ToolCall = { id, name, messageId, inputText, input, state: 'input-available', audit: [{ state: 'input-available', at: now, by: 'model' }] };
  return input === undefined ? settled(call, 'output-error', `The arguments of this call of "${name}" are not valid JSON, so it did not run.`, now) : call;
}

/** A call the request's resume answers, put where it waits for that answer. */
function waiting(call: ToolCall, now: number): ToolCall {
  if (call.name === askUserQuestionToolName) return { ...call, state: 'answer-requested', audit: [...call.audit, { state: 'answer-requested', at: now, by: 'runtime' }] };
  return {
    ...call,
    state: 'approval-requested',
    approval: { reason: 'This call waits for approval.', requestedAt: now },
    audit: [...call.audit, { state: 'approval-requested', at: now, by: 'runtime' }],
  };
}

function settled(call: ToolCall, state: 'output-error', error: string, now: number): ToolCall {
  return { ...call, state, error, audit: [...call.audit, { state, at: now, by: 'runtime', note: 'settled from the AG-UI request' }] };
}

/** A client's tool message as the call's result: an error when it says so (`error`, or the handler's own mark). */
function withResult(call: ToolCall, message: Extract<AgUiMessage, { role: 'tool' }>, now: number): ToolCall {
  const content = typeof message.content === 'string' ? message.content : message.content.map((part) => (part.type === 'text' ? part.text : '')).join('');
  const marked = (message.metadata?.[kitMetadataKey] as { error?: unknown } | undefined)?.error === true;
  if (message.error !== undefined || marked) {
    const error = message.error || content || `The client's call of "${call.name}" failed.`;
    return { ...call, state: 'output-error', error, audit: [...call.audit, { state: 'output-error', at: now, by: 'host' }] };
  }
  let output: unknown = content;
  try {
    output = JSON.parse(content);
  } catch {
    // Plain text is a result too.
  }
  return { ...call, state: 'output-available', output, audit: [...call.audit, { state: 'output-available', at: now, by: 'host' }] };
}

/** A user message's parts, or why its content cannot be read. */
function userParts(content: string | AgUiContentPart[]): MessagePart[] | string {
  if (typeof content === 'string') return [{ type: 'text', id: createId('part'), text: content, status: 'done' }];
  const parts: MessagePart[] = [];
  for (const [index, part] of content.entries()) {
    if (part.type === 'text') parts.push({ type: 'text', id: createId('part'), text: part.text, status: 'done' });
    else if (part.source.type === 'data' && typeof part.source.value === 'string' && typeof part.source.mimeType === 'string') {
      parts.push({ type: 'file', id: createId('part'), mediaType: part.source.mimeType, data: part.source.value });
    } else return `part ${index}: only files given by their data ({ type: "data", value, mimeType }) are accepted; the server fetches no URLs.`;
  }
  return parts;
}
