/**
 * A cheap estimate of how many tokens a part of the conversation takes in a prompt. Messages and
 * tool calls are immutable, so each one's estimate is computed once and kept with the object: the
 * cost of estimating a prompt is one lookup per message, never a pass over its text again.
 */
import type { ProviderFunctionTool, ProviderToolResultContentPart, ProviderToolResultOutput } from '../model/language-model';
import { elidedOutputNote, toToolResultOutput } from '../model/to-provider-prompt';
import type { Message, ToolCall } from '../store/state';

/** About four characters a token for English and code; the provider's reported usage corrects the rest. */
const charsPerToken = 4;
/** About what providers charge for an image of a typical size (Anthropic: width × height / 750, up to about 1,600). */
const imageTokens = 1_000;
/** What a message costs beyond its text (role markers, separators). */
export const messageOverhead = 4;

export function textTokens(text: string): number {
  return Math.ceil(text.length / charsPerToken);
}

const messageCosts = new WeakMap<Message, number>();
const callCosts = new WeakMap<ToolCall, { full: number; elided: number; maxChars: number }>();
const toolCosts = new WeakMap<readonly ProviderFunctionTool[], number>();

/** A message's own text, reasoning and files (its tool calls are counted with `toolCallTokens`). */
export function messageTokens(message: Message): number {
  let cost = messageCosts.get(message);
  if (cost === undefined) {
    cost = messageOverhead;
    for (const part of message.parts) {
      if (part.type === 'text' || part.type === 'reasoning') cost += textTokens(part.text);
      // An image costs about a thousand tokens whatever its bytes; another file about its bytes as text.
      else if (part.type === 'file') cost += part.mediaType.startsWith('image/') ? imageTokens : Math.ceil((part.data.length * 3) / 4 / charsPerToken);
    }
    messageCosts.set(message, cost);
  }
  return cost;
}

/**
 * A call and its result as the prompt has them: `full` with the output (cut at `maxOutputChars`
 * as the prompt cuts it), `elided` with the note in its place.
 */
export function toolCallTokens(call: ToolCall, maxOutputChars: number): { full: number; elided: number } {
  const cached = callCosts.get(call);
  if (cached !== undefined && cached.maxChars === maxOutputChars) return cached;
  const input = messageOverhead + textTokens(call.name) + textTokens(call.inputText);
  const output = toToolResultOutput(call, maxOutputChars);
  const full = input + messageOverhead + (output.type === 'content' ? contentTokens(output.value) : Math.ceil(outputChars(output) / charsPerToken));
  const elided = call.state === 'output-available' ? input + messageOverhead + textTokens(elidedOutputNote(call)) : full;
  const costs = { full, elided: Math.min(full, elided), maxChars: maxOutputChars };
  callCosts.set(call, costs);
  return costs;
}

function outputChars(output: Exclude<ProviderToolResultOutput, { type: 'content' }>): number {
  if (output.type === 'execution-denied') return output.reason?.length ?? 0;
  return typeof output.value === 'string' ? output.value.length : JSON.stringify(output.value).length;
}

/** A media result's text, and its files as a user's files are counted (an image is not its base64 length). */
function contentTokens(parts: readonly ProviderToolResultContentPart[]): number {
  let cost = 0;
  for (const part of parts) cost += part.type === 'text' ? textTokens(part.text) : part.mediaType.startsWith('image/') ? imageTokens : Math.ceil((part.data.length * 3) / 4 / charsPerToken);
  return cost;
}

/** The tool declarations of a request. */
export function toolDeclarationTokens(tools: readonly ProviderFunctionTool[]): number {
  let cost = toolCosts.get(tools);
  if (cost === undefined) {
    cost = textTokens(JSON.stringify(tools));
    toolCosts.set(tools, cost);
  }
  return cost;
}
