import type { Interrupt, Message as AgUiMessage } from '@ag-ui/core';
import { createId, type AgentEvent, type AgentState } from '../core/index';
import { applyJsonPatch } from './json-patch';
import { addInterruptCalls } from './interrupts';
import { fromMessagesSnapshot } from './messages-snapshot';
import { AgUiProtocolError, type AgUiEvent } from './sse-events';

/** Where the mapper writes: the step's message, the state, and the tools the browser offered. */
export interface EventMappingContext {
  messageId: string;
  dispatch: (event: AgentEvent) => void;
  getState: () => AgentState;
  now: () => number;
  /** Names of the tools the browser offered: a call to any other is the remote agent's own. */
  offeredTools: ReadonlySet<string>;
  takenToolCallIds: ReadonlySet<string>;
}

/** What an event meant for the run: go on reading, the run finished (maybe interrupted), or it failed. */
export type MappingStep = { kind: 'continue' } | { kind: 'finished' } | { kind: 'failed'; message: string };

interface OpenCall {
  kitId: string;
  name: string;
  args: string;
  server: boolean;
}

/**
 * Turns the events of one AG-UI run into the kit's events for the step's message, checking
 * their order as it goes (content of a message that was not started, a call's arguments
 * before its start, two starts of one id: each an `AgUiProtocolError` naming the event).
 * Text and reasoning become parts that keep the message ids the agent gave; a call of an offered
 * tool ends `input-available` (the loop's tool phase runs it here); a call of the agent's own
 * tool ends `running` until its `TOOL_CALL_RESULT`, or with an error result when the run finishes
 * without one. Steps, activity, raw and custom events, and types the kit does not know are ignored.
 *
 * @example
 * ```ts
 * const mapper = createEventMapper({ messageId, dispatch, getState, now, offeredTools, takenToolCallIds });
 * for await (const data of readEventData(body, max)) if (mapper.apply(parseAgUiEvent(data)).kind !== 'continue') break;
 * ```
 */
export function createEventMapper(context: EventMappingContext) {
  const { dispatch, messageId, now } = context;
  const texts = new Map<string, { partId: string; kind: 'text' | 'reasoning' }>();
  const calls = new Map<string, OpenCall>();
  const ended = new Map<string, OpenCall>();
  let chunkText: string | undefined;
  let chunkReasoning: string | undefined;
  let chunkCall: string | undefined;
  let thinking: string | undefined;
  let started = false;

  const fail = (event: AgUiEvent, problem: string): never => {
    throw new AgUiProtocolError(`The agent sent ${event.type} ${problem}.`);
  };
  const openText = (kind: 'text' | 'reasoning', remoteId: string, event: AgUiEvent) => {
    if (texts.has(remoteId)) fail(event, `for message "${remoteId}", which was already started`);
    const partId = createId('part');
    texts.set(remoteId, { partId, kind });
    dispatch({ type: kind === 'text' ? 'text-start' : 'reasoning-start', messageId, partId, remoteId });
  };
  const appendText = (kind: 'text' | 'reasoning', remoteId: string, delta: string, event: AgUiEvent) => {
    const open = texts.get(remoteId);
    if (open?.kind !== kind) fail(event, `for message "${remoteId}", which was not started`);
    if (delta) dispatch({ type: kind === 'text' ? 'text-delta' : 'reasoning-delta', messageId, partId: open!.partId, delta });
  };
  const closeText = (kind: 'text' | 'reasoning', remoteId: string, event: AgUiEvent) => {
    const open = texts.get(remoteId);
    if (open?.kind !== kind) fail(event, `for message "${remoteId}", which was not started`);
    texts.delete(remoteId);
    dispatch({ type: kind === 'text' ? 'text-end' : 'reasoning-end', messageId, partId: open!.partId });
  };
  const startCall = (remoteId: string, name: string, parentMessageId: string | undefined, event: AgUiEvent) => {
    if (calls.has(remoteId) || ended.has(remoteId)) fail(event, `for call "${remoteId}", which was already started`);
    const taken = context.takenToolCallIds.has(remoteId) || context.getState().toolCalls.some((call) => call.id === remoteId);
    const kitId = taken ? createId('call') : remoteId;
    const server = !context.offeredTools.has(name);
    calls.set(remoteId, { kitId, name, args: '', server });
    const remote = { ...(parentMessageId ? { messageId: parentMessageId } : {}), ...(server ? { server: true } : {}) };
    dispatch({ type: 'tool-call-start', messageId, toolCallId: kitId, name, ...(taken ? { providerToolCallId: remoteId } : {}), remote });
    dispatch({ type: 'tool-call-update', toolCallId: kitId, state: 'input-streaming', by: 'model', at: now() });
  };
  const appendArgs = (remoteId: string, delta: string, event: AgUiEvent) => {
    const open = calls.get(remoteId) ?? fail(event, `for call "${remoteId}", which was not started`);
    open.args += delta;
    if (delta) dispatch({ type: 'tool-call-input-delta', toolCallId: open.kitId, delta });
  };
  const endCall = (remoteId: string, event: AgUiEvent) => {
    const open = calls.get(remoteId) ?? fail(event, `for call "${remoteId}", which was not started`);
    calls.delete(remoteId);
    ended.set(remoteId, open);
    const input = parseArguments(open.args);
    // The agent's own tool runs there: shown as running until its result comes.
    dispatch({ type: 'tool-call-update', toolCallId: open.kitId, state: open.server ? 'running' : 'input-available', by: 'model', at: now(), inputText: open.args, input });
  };
  // `awaited`: the remote ids of the agent's own calls an interrupt concerns; they get their result in the run that resumes.
  const finish = (awaited: ReadonlySet<string>) => {
    for (const [remoteId, open] of texts) closeText(open.kind, remoteId, { type: 'RUN_FINISHED' });
    for (const open of calls.values()) {
      dispatch({ type: 'tool-call-update', toolCallId: open.kitId, state: 'output-error', by: 'runtime', at: now(), error: 'The run ended before the arguments of this call were complete; it did not run.' });
    }
    calls.clear();
    for (const call of context.getState().toolCalls) {
      if (call.remote?.server && call.state === 'running' && !awaited.has(call.providerToolCallId ?? call.id)) {
        dispatch({ type: 'tool-call-update', toolCallId: call.id, state: 'output-error', by: 'runtime', at: now(), error: 'The remote agent finished its run without a result for this call.' });
      }
    }
  };

  return {
    apply(event: AgUiEvent): MappingStep {
      const text = (field: string) => event[field] as string;
      const optional = (field: string) => (typeof event[field] === 'string' ? (event[field]) : undefined);
      if (!started && event.type !== 'RUN_STARTED') fail(event, 'before RUN_STARTED');
      switch (event.type) {
        case 'RUN_STARTED':
          started = true;
          return { kind: 'continue' };
        case 'TEXT_MESSAGE_START':
          openText('text', text('messageId'), event);
          break;
        case 'TEXT_MESSAGE_CONTENT':
          appendText('text', text('messageId'), text('delta'), event);
          break;
        case 'TEXT_MESSAGE_END':
          closeText('text', text('messageId'), event);
          if (chunkText === text('messageId')) chunkText = undefined;
          break;
        case 'TEXT_MESSAGE_CHUNK': {
          const id = optional('messageId') ?? chunkText ?? fail(event, 'without a messageId while no message is open');
          if (!texts.has(id)) {
            if (chunkText !== undefined && texts.has(chunkText)) closeText('text', chunkText, event);
            openText('text', id, event);
          }
          chunkText = id;
          appendText('text', id, optional('delta') ?? '', event);
          break;
        }
        case 'REASONING_MESSAGE_START':
          openText('reasoning', text('messageId'), event);
          break;
        case 'REASONING_MESSAGE_CONTENT':
          appendText('reasoning', text('messageId'), text('delta'), event);
          break;
        case 'REASONING_MESSAGE_END':
          closeText('reasoning', text('messageId'), event);
          if (chunkReasoning === text('messageId')) chunkReasoning = undefined;
          break;
        case 'REASONING_MESSAGE_CHUNK': {
          const id = optional('messageId') ?? chunkReasoning ?? fail(event, 'without a messageId while no reasoning is open');
          if (!texts.has(id)) {
            if (chunkReasoning !== undefined && texts.has(chunkReasoning)) closeText('reasoning', chunkReasoning, event);
            openText('reasoning', id, event);
          }
          chunkReasoning = id;
          appendText('reasoning', id, optional('delta') ?? '', event);
          break;
        }
        // The events of AG-UI before 1.0 for reasoning, which some integrations still send.
        case 'THINKING_TEXT_MESSAGE_START':
          thinking = createId('thinking');
          openText('reasoning', thinking, event);
          break;
        case 'THINKING_TEXT_MESSAGE_CONTENT':
          appendText('reasoning', thinking ?? fail(event, 'while no thinking message is open'), text('delta'), event);
          break;
        case 'THINKING_TEXT_MESSAGE_END':
          closeText('reasoning', thinking ?? fail(event, 'while no thinking message is open'), event);
          thinking = undefined;
          break;
        case 'TOOL_CALL_START':
          startCall(text('toolCallId'), text('toolCallName'), optional('parentMessageId'), event);
          break;
        case 'TOOL_CALL_ARGS':
          appendArgs(text('toolCallId'), text('delta'), event);
          break;
        case 'TOOL_CALL_END':
          endCall(text('toolCallId'), event);
          if (chunkCall === text('toolCallId')) chunkCall = undefined;
          break;
        case 'TOOL_CALL_CHUNK': {
          const id = optional('toolCallId') ?? chunkCall ?? fail(event, 'without a toolCallId while no call is open');
          if (!calls.has(id)) {
            if (chunkCall !== undefined && calls.has(chunkCall)) endCall(chunkCall, event);
            startCall(id, optional('toolCallName') ?? fail(event, `opening call "${id}" without a toolCallName`), optional('parentMessageId'), event);
          }
          chunkCall = id;
          appendArgs(id, optional('delta') ?? '', event);
          break;
        }
        case 'TOOL_CALL_RESULT':
          settleResult(event);
          break;
        case 'STATE_SNAPSHOT':
          dispatch({ type: 'remote-state-update', state: event.snapshot });
          break;
        case 'STATE_DELTA': {
          let next: unknown;
          try {
            next = applyJsonPatch(context.getState().remote ?? {}, event.delta as unknown[]);
          } catch (error) {
            fail(event, `that does not apply to the shared state: ${error instanceof Error ? error.message : String(error)}`);
          }
          dispatch({ type: 'remote-state-update', state: next });
          break;
        }
        case 'MESSAGES_SNAPSHOT': {
          let replaced: ReturnType<typeof fromMessagesSnapshot> | undefined;
          try {
            replaced = fromMessagesSnapshot(event.messages as AgUiMessage[], context.getState(), { stepMessageId: messageId, offeredTools: context.offeredTools, now: now() });
          } catch (error) {
            fail(event, `that the kit cannot read: ${error instanceof Error ? error.message : String(error)}`);
          }
          dispatch({ type: 'messages-replace', ...replaced! });
          break;
        }
        case 'RUN_ERROR':
          return { kind: 'failed', message: text('message') };
        case 'RUN_FINISHED': {
          // Streams still open are closed first: a chunked message has no end event of its own.
          if (chunkCall !== undefined && calls.has(chunkCall)) endCall(chunkCall, event);
          const outcome = event.outcome as { type?: unknown; interrupts?: unknown } | undefined | null;
          const interrupts = outcome?.type === 'interrupt' && Array.isArray(outcome.interrupts) ? (outcome.interrupts as Array<{ toolCallId?: unknown } | null>) : [];
          finish(new Set(interrupts.flatMap((interrupt) => (typeof interrupt?.toolCallId === 'string' ? [interrupt.toolCallId] : []))));
          if (outcome?.type === 'interrupt') {
            if (!Array.isArray(outcome.interrupts) || outcome.interrupts.length === 0) fail(event, 'with an interrupt outcome without interrupts');
            (outcome.interrupts as unknown[]).forEach((interrupt, index) => {
              const problem = interruptProblem(interrupt);
              if (problem) fail(event, `with interrupt ${index} ${problem}`);
            });
            addInterruptCalls(outcome.interrupts as Interrupt[], context);
          }
          return { kind: 'finished' };
        }
        default:
          // STEP_*, REASONING_START/END, REASONING_ENCRYPTED_VALUE, ACTIVITY_*, RAW, CUSTOM, SUBAGENT_* and types the kit does not know.
          break;
      }
      return { kind: 'continue' };
    },
  };

  function settleResult(event: AgUiEvent): void {
    const remoteId = event.toolCallId as string;
    const output = parseResult(event.content);
    const resultMessageId = event.messageId as string;
    const current = ended.get(remoteId) ?? calls.get(remoteId);
    const known = current ? undefined : context.getState().toolCalls.findLast((call) => (call.providerToolCallId ?? call.id) === remoteId);
    const kitId = current?.kitId ?? known?.id;
    // A result of a call the browser ran (some agents echo them) changes nothing here.
    if (kitId === undefined || (current ? !current.server : !known!.remote?.server)) return;
    if (current && calls.has(remoteId)) endCall(remoteId, event);
    const failure = failureOf(event);
    if (failure) dispatch({ type: 'tool-call-update', toolCallId: kitId, state: failure.state, by: 'host', at: now(), error: failure.error, remote: { resultMessageId } });
    else dispatch({ type: 'tool-call-update', toolCallId: kitId, state: 'output-available', by: 'host', at: now(), output, remote: { resultMessageId } });
  }
}

/**
 * A result the agent marks as a failure: `agUiHandler` of react-agent-kit/server marks errors and
 * denials in `metadata["react-agent-kit"]` (`{ error: true, state }`), so the call shows denied or
 * failed, not done. Any other result is the call's output.
 */
function failureOf(event: AgUiEvent): { state: 'output-error' | 'output-denied'; error: string } | undefined {
  const marked = (event.metadata as Record<string, { error?: unknown; state?: unknown } | undefined> | undefined)?.['react-agent-kit'];
  if (marked?.error !== true) return undefined;
  const error = typeof event.content === 'string' && event.content !== '' ? event.content : 'The remote agent reported that this call failed.';
  return { state: marked.state === 'output-denied' ? 'output-denied' : 'output-error', error };
}

function parseArguments(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    // Left undefined: the tool phase reports the parse error (for the agent's own tools, the agent does).
    return undefined;
  }
}

/** A result as shown: its JSON when it is JSON text, the text otherwise; content parts as they came. */
function parseResult(content: unknown): unknown {
  if (typeof content !== 'string') return content;
  try {
    return JSON.parse(content);
  } catch {
    return content;
  }
}

/** What is wrong with an interrupt of a run's outcome, or `undefined` when it has the protocol's shape. */
function interruptProblem(value: unknown): string | undefined {
  const interrupt = value as Partial<Record<keyof Interrupt, unknown>> | null;
  if (typeof interrupt !== 'object' || interrupt === null) return 'that is not an object';
  if (typeof interrupt.id !== 'string' || interrupt.id === '') return 'without a string id';
  if (typeof interrupt.reason !== 'string') return 'without a string reason';
  for (const field of ['message', 'toolCallId', 'expiresAt'] as const) if (interrupt[field] !== undefined && interrupt[field] !== null && typeof interrupt[field] !== 'string') return `whose ${field} is not a string`;
  const schema = interrupt.responseSchema;
  if (schema !== undefined && schema !== null && (typeof schema !== 'object' || Array.isArray(schema))) return 'whose responseSchema is not an object';
  return undefined;
}
