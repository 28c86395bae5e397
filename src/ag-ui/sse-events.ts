import { parseServerSentEvents } from '../core/internal';
/** The most one event of the stream may hold, in characters of its `data:` lines (a hostile or broken server must not fill the memory). Default 1,000,000. */
export const defaultMaxEventChars = 1_000_000;

/** An event of a remote agent's stream that is not what the protocol says (not JSON, no `type`, a field of the wrong type, out of order, too large). */
export class AgUiProtocolError extends Error {
  override readonly name = 'AgUiProtocolError';
}

/** An AG-UI event as read from the stream: its `type` and its fields, checked for the types the kit reads. */
export type AgUiEvent = { type: string } & Record<string, unknown>;

/**
 * The `data:` payloads of a `text/event-stream` body, one per event (WHATWG rules: LF, CRLF or
 * CR line ends wherever the chunks split; `:` comments and other fields ignored). An event or a
 * line longer than `maxEventChars` throws `AgUiProtocolError` before more is buffered.
 *
 * @example
 * ```ts
 * for await (const data of readEventData(response.body!, defaultMaxEventChars)) console.log(parseAgUiEvent(data).type);
 * ```
 */
export async function* readEventData(body: ReadableStream<Uint8Array>, maxEventChars: number): AsyncGenerator<string, void, undefined> {
  const tooLarge = () => new AgUiProtocolError(`An event of the stream is larger than ${maxEventChars} characters; the run was ended so it cannot fill the memory.`);
  // An event still open when the body ends is dropped (a cut connection must not yield half a document).
  for await (const { data } of parseServerSentEvents(body, { maxEventChars, tooLarge })) yield data;
}


type FieldKind = 'string' | 'string?' | 'list' | 'object?' | 'any' | 'content';

/** The fields the kit reads, per event type, with their types; other fields and other event types pass unchecked. */
const eventFields: Record<string, Record<string, FieldKind>> = {
  RUN_STARTED: { threadId: 'string', runId: 'string' },
  RUN_FINISHED: { outcome: 'object?' },
  RUN_ERROR: { message: 'string', code: 'string?' },
  STEP_STARTED: { stepName: 'string' },
  STEP_FINISHED: { stepName: 'string' },
  TEXT_MESSAGE_START: { messageId: 'string', role: 'string?' },
  TEXT_MESSAGE_CONTENT: { messageId: 'string', delta: 'string' },
  TEXT_MESSAGE_END: { messageId: 'string' },
  TEXT_MESSAGE_CHUNK: { messageId: 'string?', delta: 'string?' },
  TOOL_CALL_START: { toolCallId: 'string', toolCallName: 'string', parentMessageId: 'string?' },
  TOOL_CALL_ARGS: { toolCallId: 'string', delta: 'string' },
  TOOL_CALL_END: { toolCallId: 'string' },
  TOOL_CALL_CHUNK: { toolCallId: 'string?', toolCallName: 'string?', parentMessageId: 'string?', delta: 'string?' },
  TOOL_CALL_RESULT: { messageId: 'string', toolCallId: 'string', content: 'content' },
  STATE_SNAPSHOT: { snapshot: 'any' },
  STATE_DELTA: { delta: 'list' },
  MESSAGES_SNAPSHOT: { messages: 'list' },
  REASONING_START: { messageId: 'string' },
  REASONING_END: { messageId: 'string' },
  REASONING_MESSAGE_START: { messageId: 'string' },
  REASONING_MESSAGE_CONTENT: { messageId: 'string', delta: 'string' },
  REASONING_MESSAGE_END: { messageId: 'string' },
  REASONING_MESSAGE_CHUNK: { messageId: 'string?', delta: 'string?' },
  THINKING_TEXT_MESSAGE_CONTENT: { delta: 'string' },
};

/**
 * One event from its `data:` text: JSON, an object with a string `type`, and, for the events the
 * kit reads, fields of the types the protocol gives them. Throws `AgUiProtocolError` naming the
 * event and the field otherwise.
 *
 * @example
 * ```ts
 * parseAgUiEvent('{"type":"TEXT_MESSAGE_CONTENT","messageId":"m1","delta":"Hi"}').type; // 'TEXT_MESSAGE_CONTENT'
 * ```
 */
export function parseAgUiEvent(data: string): AgUiEvent {
  let value: unknown;
  try {
    value = JSON.parse(data);
  } catch {
    throw new AgUiProtocolError(`The agent sent an event that is not JSON: ${clip(data)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new AgUiProtocolError(`The agent sent an event that is not a JSON object: ${clip(data)}`);
  const event = value as Record<string, unknown>;
  if (typeof event.type !== 'string' || event.type === '') throw new AgUiProtocolError(`The agent sent an event without a type: ${clip(data)}`);
  const fields = eventFields[event.type];
  for (const [name, kind] of Object.entries(fields ?? {})) {
    const field = event[name];
    const fits =
      kind === 'string' ? typeof field === 'string'
      : kind === 'string?' ? field === undefined || field === null || typeof field === 'string'
      : kind === 'list' ? Array.isArray(field)
      : kind === 'object?' ? field === undefined || field === null || (typeof field === 'object' && !Array.isArray(field))
      : kind === 'content' ? typeof field === 'string' || Array.isArray(field)
      : name in event;
    if (!fits) throw new AgUiProtocolError(`The agent sent a malformed ${event.type} event: \`${name}\` ${field === undefined ? 'is missing' : `is ${JSON.stringify(field)?.slice(0, 80) ?? typeof field}`}.`);
  }
  return event as AgUiEvent;
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text;
}
