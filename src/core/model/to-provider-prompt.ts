import type { Message, MessagePart, TodoItem, ToolCall } from '../store/state';
import { planReminder } from './plan-reminder';
import type {
  ProviderFilePart,
  ProviderTextPart,
  JsonValue,
  ProviderMessage,
  ProviderMetadata,
  ProviderPrompt,
  ProviderToolCallPart,
  ProviderToolResultContentPart,
  ProviderToolResultOutput,
  ProviderToolResultPart,
} from './language-model';
import { isToolContentOutput, type ToolContentOutput } from './tool-content-output';
import { defaultMaxToolOutputChars } from './tool-output-limit';

/**
 * Builds the provider prompt (the `prompt` of `doStream`) from the conversation: the
 * instructions as a system message, each user message, and each assistant step followed by
 * a tool message with one result for every call the step made.
 *
 * Every call gets exactly one result here, whatever state it ended in, so the request is
 * valid even when a run was stopped or failed part-way (a common way agent UIs break).
 * Notices are for people and are not sent.
 *
 * @example
 * ```ts
 * const prompt = toProviderPrompt({ instructions: 'Be brief.', messages, toolCalls });
 * await model.doStream({ prompt });
 * ```
 */
export function toProviderPrompt(input: {
  instructions?: string | undefined;
  messages: readonly Message[];
  toolCalls: readonly ToolCall[];
  /** Longer tool output is cut for the model, with a note (the state keeps the full value). Default 20,000. */
  maxToolOutputChars?: number;
  /** Calls whose output is replaced by a note saying how to get it again (to save context). */
  elidedToolCallIds?: ReadonlySet<string> | undefined;
  /** The agent's plan: while an item is open, a short note of it ends the prompt (see `planReminder`). */
  todos?: readonly TodoItem[] | undefined;
}): ProviderPrompt {
  const maxOutputChars = input.maxToolOutputChars ?? defaultMaxToolOutputChars;
  const prompt: ProviderPrompt = [];
  // A summary of earlier messages comes with the instructions (see the context manager's `planPrompt`).
  if (input.instructions) prompt.push({ role: 'system', content: input.instructions });
  const callsById = new Map(input.toolCalls.map((call) => [call.id, call]));
  const elided = input.elidedToolCallIds;

  for (const message of input.messages) {
    // Cut off by a reload and asked again: the model never said it (its calls never ran).
    if (message.interrupted === true) continue;
    if (message.role === 'user') {
      const content = message.parts.flatMap(userContent);
      if (content.length > 0) prompt.push({ role: 'user', content });
      continue;
    }
    const content: Extract<ProviderMessage, { role: 'assistant' }>['content'] = [];
    const results: ProviderToolResultPart[] = [];
    for (const part of message.parts) {
      switch (part.type) {
        case 'text':
          if (part.text) content.push({ type: 'text', text: part.text });
          break;
        case 'reasoning':
          // Redacted reasoning has no text, only its provider data: it is sent back all the same.
          if (part.providerMetadata) content.push({ type: 'reasoning', text: part.text, providerOptions: part.providerMetadata as ProviderMetadata });
          else if (part.text) content.push({ type: 'reasoning', text: part.text });
          break;
        case 'tool-call': {
          const call = callsById.get(part.toolCallId);
          if (!call) break;
          content.push(toToolCallPart(call));
          const output = elided?.has(call.id) && call.state === 'output-available' ? { type: 'text' as const, value: elidedOutputNote(call) } : toToolResultOutput(call, maxOutputChars);
          results.push({ type: 'tool-result', toolCallId: call.id, toolName: call.name, output });
          break;
        }
        case 'notice':
        case 'file':
        case 'source':
          break;
      }
    }
    if (content.length > 0) prompt.push({ role: 'assistant', content });
    if (results.length > 0) prompt.push({ role: 'tool', content: results });
  }
  const reminder = planReminder(input.todos);
  if (reminder) prompt.push({ role: 'user', content: [{ type: 'text', text: reminder }] });
  return prompt;
}

/** A user message's text and files; a file saved in the sandbox comes with a line that says where. */
function userContent(part: MessagePart): Array<ProviderTextPart | ProviderFilePart> {
  if (part.type === 'text') return [{ type: 'text', text: part.text }];
  if (part.type !== 'file') return [];
  const file: ProviderFilePart = { type: 'file', mediaType: part.mediaType, data: part.data, ...(part.filename !== undefined ? { filename: part.filename } : {}) };
  return part.path === undefined ? [file] : [file, { type: 'text', text: `[The file ${part.filename ?? 'above'} is also in the workspace at ${part.path}.]` }];
}

function toToolCallPart(call: ToolCall): ProviderToolCallPart {
  // Arguments that did not parse are sent as an empty object; the error result says why.
  const input = call.input !== undefined && typeof call.input === 'object' ? call.input : {};
  return { type: 'tool-call', toolCallId: call.id, toolName: call.name, input };
}

/** What the model reads in place of an elided output: that it existed, and how to get it again. */
export function elidedOutputNote(call: ToolCall): string {
  return `[Output elided to save context. Call ${call.name} again if you need it.]`;
}

/** The result the model sees for a call, by the state the call ended in. */
export function toToolResultOutput(call: ToolCall, maxOutputChars = defaultMaxToolOutputChars): ProviderToolResultOutput {
  switch (call.state) {
    case 'output-available': {
      if (isToolContentOutput(call.output)) return toContentOutput(call.output, maxOutputChars);
      const text = typeof call.output === 'string' ? call.output : undefined;
      // One serialization per call: it measures the output, and is the text when it must be cut.
      const serialized = text === undefined ? toJsonText(call.output) : undefined;
      const length = text !== undefined ? text.length : serialized!.text.length;
      if (length <= maxOutputChars) return text !== undefined ? { type: 'text', value: text } : { type: 'json', value: serialized!.value };
      const full = text ?? serialized!.text;
      return {
        type: 'text',
        value: `${full.slice(0, maxOutputChars)}\n[Output truncated: showing ${maxOutputChars} of ${full.length} characters. Ask for a smaller part if you need the rest.]`,
      };
    }
    case 'output-error':
      return { type: 'error-text', value: call.error ?? `The tool "${call.name}" failed.` };
    case 'output-denied':
      // The spec's own result for a call that did not run because it was denied.
      return { type: 'execution-denied', reason: call.error ?? `The user denied running "${call.name}".` };
    case 'cancelled':
      return { type: 'error-text', value: call.error ?? `The call to "${call.name}" was cancelled before it finished.` };
    case 'sealed':
      return { type: 'error-text', value: call.error ?? `The call to "${call.name}" was interrupted and has no result.` };
    case 'input-streaming':
    case 'input-available':
    case 'approval-requested':
    case 'approval-responded':
    case 'answer-requested':
    case 'running':
      return { type: 'error-text', value: `The call to "${call.name}" has not finished; no result is available.` };
  }
}

/**
 * Media output as content parts: files go to the model as files; the text parts share the
 * `maxOutputChars` budget, so a long text is cut as a text output would be.
 */
function toContentOutput(output: ToolContentOutput, maxOutputChars: number): ProviderToolResultOutput {
  let budget = maxOutputChars;
  const value = output.value.map((part): ProviderToolResultContentPart => {
    if (part.type === 'media') return { type: 'file-data', data: part.data, mediaType: part.mediaType, ...(part.filename !== undefined ? { filename: part.filename } : {}) };
    const shown = part.text.slice(0, Math.max(0, budget));
    budget -= part.text.length;
    return { type: 'text', text: shown.length < part.text.length ? `${shown}\n[Output truncated: showing ${shown.length} of ${part.text.length} characters. Ask for a smaller part if you need the rest.]` : part.text };
  });
  return { type: 'content', value };
}

/**
 * A tool's output as JSON and its text. Outputs are JSON data already (the tool runner keeps only
 * that), so the value is passed as it is; `undefined` is `null`, and a value that is not JSON
 * (stored by an older version) is sent as its string.
 */
function toJsonText(value: unknown): { value: JsonValue; text: string } {
  if (value === undefined) return { value: null, text: 'null' };
  try {
    const text = JSON.stringify(value);
    return { value: value as JsonValue, text };
  } catch {
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- whatever String makes of a value that is not JSON (a BigInt, a cycle) is what the model gets
    const text = String(value);
    return { value: text, text: JSON.stringify(text) };
  }
}
