/**
 * The kit's events as AG-UI events, as they happen: a model step is a STEP, streamed text a
 * TEXT_MESSAGE (its id the kit's message id), reasoning a REASONING span with one reasoning
 * message (its id the kit's part id), a tool call TOOL_CALL_START/ARGS/END (its id the kit's
 * call id, its parent the message), and a call that got its result on the server a
 * TOOL_CALL_RESULT. A call that waits (for a person, or for the client to run it) gets no result
 * here: the run ends with it open (see `ag-ui-run.ts`). Whatever is still open when the run ends
 * is closed by `finish`, so the stream is always well formed.
 */
import { isFinalToolCallState, type AgentEvent, type AgentState, type ToolCall } from '../../core/index';
import { kitMetadataKey, type AgUiEvent } from './ag-ui-wire';

/** Turns kit events into AG-UI events for `send`. */
export interface EventTranslator {
  /** Translates one event, after the agent's reducer applied it (the state has its effect). */
  apply(event: AgentEvent): void;
  /** Closes what is open (text, reasoning, tool call arguments, the step), before the run's last event. */
  finish(): void;
}

/**
 * @example
 * ```ts
 * const translator = createEventTranslator(send, agent.getState);
 * agent.on('text-delta', translator.apply);
 * ```
 */
export function createEventTranslator(send: (event: AgUiEvent) => void, getState: () => AgentState): EventTranslator {
  const openText = new Set<string>();
  const openReasoning = new Set<string>();
  /** Calls whose arguments stream, and whether any argument text was sent. */
  const openCalls = new Map<string, { argsSent: boolean }>();
  const resultsSent = new Set<string>();
  let openStep: string | undefined;

  const closeStep = () => {
    if (openStep === undefined) return;
    send({ type: 'STEP_FINISHED', stepName: openStep });
    openStep = undefined;
  };
  const closeText = (messageId: string) => {
    if (!openText.delete(messageId)) return;
    send({ type: 'TEXT_MESSAGE_END', messageId });
  };
  const closeReasoning = (partId: string) => {
    if (!openReasoning.delete(partId)) return;
    send({ type: 'REASONING_MESSAGE_END', messageId: partId });
    send({ type: 'REASONING_END', messageId: partId });
  };
  const closeCall = (call: ToolCall | undefined, toolCallId: string) => {
    const open = openCalls.get(toolCallId);
    if (!open) return;
    openCalls.delete(toolCallId);
    // A call that arrived whole (no argument deltas) still says its arguments.
    const args = call ? call.inputText || (call.input === undefined ? '' : JSON.stringify(call.input)) : '';
    if (!open.argsSent && args !== '') send({ type: 'TOOL_CALL_ARGS', toolCallId, delta: args });
    send({ type: 'TOOL_CALL_END', toolCallId });
  };
  const sendResult = (call: ToolCall) => {
    if (resultsSent.has(call.id)) return;
    resultsSent.add(call.id);
    const messageId = `result-${call.id}`;
    if (call.state === 'output-available') {
      send({ type: 'TOOL_CALL_RESULT', messageId, toolCallId: call.id, role: 'tool', content: typeof call.output === 'string' ? call.output : JSON.stringify(call.output ?? null) });
      return;
    }
    // Errors, denials and cancellations: what the model reads, marked so a later request gives it back as an error.
    const content = call.error ?? `The call of "${call.name}" ended ${call.state}.`;
    send({ type: 'TOOL_CALL_RESULT', messageId, toolCallId: call.id, role: 'tool', content, metadata: { [kitMetadataKey]: { error: true, state: call.state } } });
  };

  return {
    apply(event) {
      switch (event.type) {
        case 'step-start':
          closeStep();
          openStep = `step ${event.step}`;
          send({ type: 'STEP_STARTED', stepName: openStep });
          return;
        case 'step-finish':
          closeStep();
          return;
        case 'text-start':
          if (openText.has(event.messageId)) return;
          openText.add(event.messageId);
          send({ type: 'TEXT_MESSAGE_START', messageId: event.messageId, role: 'assistant' });
          return;
        case 'text-delta':
          if (event.delta === '') return;
          if (!openText.has(event.messageId)) {
            openText.add(event.messageId);
            send({ type: 'TEXT_MESSAGE_START', messageId: event.messageId, role: 'assistant' });
          }
          send({ type: 'TEXT_MESSAGE_CONTENT', messageId: event.messageId, delta: event.delta });
          return;
        case 'text-end':
          closeText(event.messageId);
          return;
        case 'reasoning-start':
          if (openReasoning.has(event.partId)) return;
          openReasoning.add(event.partId);
          send({ type: 'REASONING_START', messageId: event.partId });
          send({ type: 'REASONING_MESSAGE_START', messageId: event.partId, role: 'reasoning' });
          return;
        case 'reasoning-delta':
          if (event.delta === '' || !openReasoning.has(event.partId)) return;
          send({ type: 'REASONING_MESSAGE_CONTENT', messageId: event.partId, delta: event.delta });
          return;
        case 'reasoning-end':
          closeReasoning(event.partId);
          return;
        case 'message-finish': {
          closeText(event.messageId);
          const message = getState().messages.find((candidate) => candidate.id === event.messageId);
          for (const part of message?.parts ?? []) if (part.type === 'reasoning') closeReasoning(part.id);
          return;
        }
        case 'tool-call-start':
          openCalls.set(event.toolCallId, { argsSent: false });
          send({ type: 'TOOL_CALL_START', toolCallId: event.toolCallId, toolCallName: event.name, parentMessageId: event.messageId });
          return;
        case 'tool-call-input-delta': {
          const open = openCalls.get(event.toolCallId);
          if (!open || event.delta === '') return;
          open.argsSent = true;
          send({ type: 'TOOL_CALL_ARGS', toolCallId: event.toolCallId, delta: event.delta });
          return;
        }
        case 'tool-call-update': {
          const call = getState().toolCalls.find((candidate) => candidate.id === event.toolCallId);
          if (event.state !== 'input-streaming') closeCall(call, event.toolCallId);
          if (call && isFinalToolCallState(event.state)) sendResult(call);
          return;
        }
        default:
          return;
      }
    },
    finish() {
      for (const messageId of [...openText]) closeText(messageId);
      for (const partId of [...openReasoning]) closeReasoning(partId);
      for (const toolCallId of [...openCalls.keys()]) closeCall(getState().toolCalls.find((call) => call.id === toolCallId), toolCallId);
      closeStep();
    },
  };
}

/** The kit events the translator reads (`agent.on` takes one type at a time). */
export const translatedEventTypes = [
  'step-start',
  'step-finish',
  'text-start',
  'text-delta',
  'text-end',
  'reasoning-start',
  'reasoning-delta',
  'reasoning-end',
  'message-finish',
  'tool-call-start',
  'tool-call-input-delta',
  'tool-call-update',
] as const satisfies readonly AgentEvent['type'][];
