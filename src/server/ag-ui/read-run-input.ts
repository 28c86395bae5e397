/**
 * Checks a request body as an AG-UI `RunAgentInput` before anything runs: each problem is named
 * by its field (`messages[2].toolCalls[0].function.arguments`), so a client's mistake is a 400
 * that says what to fix, never a model call on half-read input.
 */
import type { AgUiContentPart, AgUiMessage, AgUiResumeEntry, AgUiRunInput, AgUiTool, AgUiToolCall } from './ag-ui-wire';

/** The input, or the first field that is wrong and why. */
export type RunInputResult = { ok: true; input: AgUiRunInput } | { ok: false; field: string; message: string };

class FieldError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * @example
 * ```ts
 * const read = readRunInput(body);
 * if (!read.ok) return errorResponse(400, 'invalid-input', `${read.field}: ${read.message}`);
 * ```
 */
export function readRunInput(value: unknown): RunInputResult {
  try {
    const body = object(value, 'body');
    const input: AgUiRunInput = {
      threadId: text(body.threadId, 'threadId'),
      runId: text(body.runId, 'runId'),
      messages: list(body.messages, 'messages').map((message, index) => readMessage(message, `messages[${index}]`)),
      tools: optionalList(body.tools, 'tools').map((tool, index) => readTool(tool, `tools[${index}]`)),
      context: optionalList(body.context, 'context').map((item, index) => {
        const entry = object(item, `context[${index}]`);
        return { description: plain(entry.description, `context[${index}].description`), value: plain(entry.value, `context[${index}].value`) };
      }),
      ...(body.parentRunId !== undefined ? { parentRunId: text(body.parentRunId, 'parentRunId') } : {}),
      ...(body.state !== undefined ? { state: body.state } : {}),
      ...(body.forwardedProps !== undefined ? { forwardedProps: body.forwardedProps } : {}),
      ...(body.resume !== undefined ? { resume: list(body.resume, 'resume').map((entry, index) => readResume(entry, `resume[${index}]`)) } : {}),
    };
    const ids = new Set<string>();
    input.messages.forEach((message, index) => {
      if (ids.has(message.id)) throw new FieldError(`messages[${index}].id`, `the id ${JSON.stringify(message.id)} is used by an earlier message; message ids must be unique.`);
      ids.add(message.id);
    });
    return { ok: true, input };
  } catch (error) {
    if (error instanceof FieldError) return { ok: false, field: error.field, message: error.message };
    throw error;
  }
}

function readMessage(value: unknown, field: string): AgUiMessage {
  const message = object(value, field);
  const id = text(message.id, `${field}.id`);
  switch (message.role) {
    case 'user':
      return { id, role: 'user', content: content(message.content, `${field}.content`) };
    case 'assistant': {
      const toolCalls = optionalList(message.toolCalls, `${field}.toolCalls`).map((call, index) => readToolCall(call, `${field}.toolCalls[${index}]`));
      return { id, role: 'assistant', ...(message.content !== undefined && message.content !== null ? { content: plain(message.content, `${field}.content`) } : {}), ...(toolCalls.length ? { toolCalls } : {}) };
    }
    case 'tool':
      return {
        id,
        role: 'tool',
        toolCallId: text(message.toolCallId, `${field}.toolCallId`),
        content: content(message.content, `${field}.content`),
        ...(message.error !== undefined ? { error: plain(message.error, `${field}.error`) } : {}),
        ...(message.metadata !== undefined ? { metadata: object(message.metadata, `${field}.metadata`) } : {}),
      };
    case 'reasoning':
    case 'system':
    case 'developer':
      return { id, role: message.role, content: plain(message.content, `${field}.content`) };
    case 'activity':
      return { id, role: 'activity', activityType: plain(message.activityType, `${field}.activityType`), content: object(message.content, `${field}.content`) };
    default:
      throw new FieldError(`${field}.role`, `expected "user", "assistant", "tool", "reasoning", "system", "developer" or "activity", got ${JSON.stringify(message.role)}.`);
  }
}

function readToolCall(value: unknown, field: string): AgUiToolCall {
  const call = object(value, field);
  const fn = object(call.function, `${field}.function`);
  return { id: text(call.id, `${field}.id`), type: 'function', function: { name: text(fn.name, `${field}.function.name`), arguments: plain(fn.arguments, `${field}.function.arguments`) } };
}

function readTool(value: unknown, field: string): AgUiTool {
  const tool = object(value, field);
  return {
    name: text(tool.name, `${field}.name`),
    description: plain(tool.description ?? '', `${field}.description`),
    ...(tool.parameters !== undefined && tool.parameters !== null ? { parameters: object(tool.parameters, `${field}.parameters`) } : {}),
  };
}

function readResume(value: unknown, field: string): AgUiResumeEntry {
  const entry = object(value, field);
  if (entry.status !== 'resolved' && entry.status !== 'cancelled') throw new FieldError(`${field}.status`, `expected "resolved" or "cancelled", got ${JSON.stringify(entry.status)}.`);
  return { interruptId: text(entry.interruptId, `${field}.interruptId`), status: entry.status, ...(entry.payload !== undefined ? { payload: entry.payload } : {}) };
}

function content(value: unknown, field: string): string | AgUiContentPart[] {
  if (typeof value === 'string') return value;
  return list(value, field).map((item, index) => {
    const part = object(item, `${field}[${index}]`);
    if (part.type === 'text') return { type: 'text', text: plain(part.text, `${field}[${index}].text`) };
    if (part.type === 'image' || part.type === 'audio' || part.type === 'video' || part.type === 'document') {
      const source = object(part.source, `${field}[${index}].source`);
      return { type: part.type, source: { type: plain(source.type, `${field}[${index}].source.type`), ...(typeof source.value === 'string' ? { value: source.value } : {}), ...(typeof source.mimeType === 'string' ? { mimeType: source.mimeType } : {}) } };
    }
    throw new FieldError(`${field}[${index}].type`, `expected "text", "image", "audio", "video" or "document", got ${JSON.stringify(part.type)}.`);
  });
}

function object(value: unknown, field: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new FieldError(field, `expected an object, got ${describe(value)}.`);
  return value as Record<string, unknown>;
}

function list(value: unknown, field: string): unknown[] {
  if (!Array.isArray(value)) throw new FieldError(field, `expected a list, got ${describe(value)}.`);
  return value;
}

function optionalList(value: unknown, field: string): unknown[] {
  return value === undefined || value === null ? [] : list(value, field);
}

/** A non-empty string (ids and names). */
function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw new FieldError(field, `expected a non-empty string, got ${describe(value)}.`);
  return value;
}

/** Any string, empty included (contents). */
function plain(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new FieldError(field, `expected a string, got ${describe(value)}.`);
  return value;
}

function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (Array.isArray(value)) return 'a list';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return typeof value === 'object' ? 'an object' : typeof value;
}
