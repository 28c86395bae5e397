import type { ProviderFilePart, ProviderFunctionTool, ProviderPrompt, ProviderTextPart, ProviderToolChoice, ProviderToolResultContentPart, ProviderToolResultOutput } from '../model/language-model';
import { base64ByteLength, fileAsText, unsupportedFile } from './file-content';

/** A message of the chat completions API, as far as the adapter writes them. */
export type ChatCompletionsMessage =
  | { role: 'system'; content: string }
  | { role: 'user'; content: string | ChatCompletionsUserContent[] }
  | { role: 'assistant'; content: string | null; tool_calls?: ChatCompletionsToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A part of a user message: text, an image (as a data URL), a PDF, or audio. */
export type ChatCompletionsUserContent =
  | { type: 'text'; text: string }
  | { type: 'image_url'; image_url: { url: string } }
  | { type: 'file'; file: { filename: string; file_data: string } }
  | { type: 'input_audio'; input_audio: { data: string; format: 'wav' | 'mp3' } };

export interface ChatCompletionsToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatCompletionsTool {
  type: 'function';
  function: { name: string; description?: string | undefined; parameters: Record<string, unknown> };
}

export type ChatCompletionsToolChoice = 'auto' | 'none' | 'required' | { type: 'function'; function: { name: string } };

/**
 * The core's prompt as chat completions `messages`: the system prompt as a system message,
 * tool calls as the assistant's `tool_calls`, and one `tool` message per result.
 *
 * Reasoning is not sent back: the chat completions format has no field for it (DeepSeek and
 * xAI return `reasoning_content` but do not take it as input, and OpenAI rejects unknown
 * message fields). Errors are sent as `{"error": ...}`, since a tool message has no error
 * flag; this is also what the AI SDK's OpenAI provider sends. A tool message holds only text, so
 * the files of `content` results (images, PDFs, WAV and MP3) follow the step's tool messages in
 * one user message, and each result says what it attached.
 *
 * @example
 * ```ts
 * toChatCompletionsMessages([{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
 * // [{ role: 'user', content: 'Hi' }]
 * ```
 */
export function toChatCompletionsMessages(prompt: ProviderPrompt): ChatCompletionsMessage[] {
  const messages: ChatCompletionsMessage[] = [];
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        messages.push({ role: 'system', content: message.content });
        break;
      case 'user':
        messages.push({ role: 'user', content: message.content.length === 1 && message.content[0]!.type === 'text' ? message.content[0]!.text : message.content.map(toUserContent) });
        break;
      case 'assistant': {
        let text = '';
        const toolCalls: ChatCompletionsToolCall[] = [];
        for (const part of message.content) {
          if (part.type === 'text') text += part.text;
          else if (part.type === 'tool-call') {
            toolCalls.push({ id: part.toolCallId, type: 'function', function: { name: part.toolName, arguments: toArguments(part.input) } });
          }
        }
        if (toolCalls.length > 0) messages.push({ role: 'assistant', content: text || null, tool_calls: toolCalls });
        else if (text) messages.push({ role: 'assistant', content: text });
        break;
      }
      case 'tool': {
        const attached: ChatCompletionsUserContent[] = [];
        for (const result of message.content) {
          const content = result.output.type === 'content' ? contentResultText(result.output.value, attached) : toResultContent(result.output);
          messages.push({ role: 'tool', tool_call_id: result.toolCallId, content });
        }
        if (attached.length > 0) messages.push({ role: 'user', content: attached });
        break;
      }
    }
  }
  return messages;
}

/**
 * The core's function tools and tool choice in the chat completions format; nothing when
 * there are no tools (some local servers reject an empty `tools` array).
 *
 * @example
 * ```ts
 * toChatCompletionsTools([{ type: 'function', name: 'weather', inputSchema: { type: 'object' } }], { type: 'auto' });
 * // { tools: [{ type: 'function', function: { name: 'weather', parameters: { type: 'object' } } }], tool_choice: 'auto' }
 * ```
 */
export function toChatCompletionsTools(
  tools: readonly ProviderFunctionTool[] | undefined,
  toolChoice: ProviderToolChoice | undefined,
): { tools?: ChatCompletionsTool[]; tool_choice?: ChatCompletionsToolChoice } {
  if (!tools || tools.length === 0) return {};
  return {
    tools: tools.map((tool) => ({ type: 'function', function: { name: tool.name, description: tool.description, parameters: tool.inputSchema } })),
    ...(toolChoice ? { tool_choice: toolChoice.type === 'tool' ? { type: 'function', function: { name: toolChoice.toolName } } : toolChoice.type } : {}),
  };
}

/** Images as data URLs, PDFs as files, WAV and MP3 as audio, text files as text (what the AI SDK's OpenAI provider sends). */
function toUserContent(part: ProviderTextPart | ProviderFilePart): ChatCompletionsUserContent {
  if (part.type === 'text') return { type: 'text', text: part.text };
  const url = `data:${part.mediaType};base64,${part.data}`;
  if (part.mediaType.startsWith('image/')) return { type: 'image_url', image_url: { url } };
  if (part.mediaType === 'application/pdf') return { type: 'file', file: { filename: part.filename ?? 'document.pdf', file_data: url } };
  if (part.mediaType === 'audio/wav' || part.mediaType === 'audio/mpeg' || part.mediaType === 'audio/mp3') return { type: 'input_audio', input_audio: { data: part.data, format: part.mediaType === 'audio/wav' ? 'wav' : 'mp3' } };
  const text = fileAsText(part);
  if (text === undefined) throw unsupportedFile('OpenAI-compatible', part, 'images, PDFs, WAV and MP3 audio, and text files');
  return { type: 'text', text };
}

function toArguments(input: unknown): string {
  return typeof input === 'string' ? input : JSON.stringify(input ?? {});
}

/** A `content` result's text, with a line per file; the files the API takes go to `attached`. */
function contentResultText(parts: readonly ProviderToolResultContentPart[], attached: ChatCompletionsUserContent[]): string {
  const lines = parts.map((part) => {
    if (part.type === 'text') return part.text;
    const file = `a file (${part.mediaType}, ${base64ByteLength(part.data)} bytes)`;
    if (!isAttachable(part.mediaType)) return `[The tool returned ${file}, which this model cannot receive.]`;
    attached.push(toUserContent({ type: 'file', mediaType: part.mediaType, data: part.data, ...(part.type === 'file-data' && part.filename !== undefined ? { filename: part.filename } : {}) }));
    return `[The tool returned ${file}; it is attached to the next user message.]`;
  });
  return lines.join('\n');
}

function isAttachable(mediaType: string): boolean {
  return mediaType.startsWith('image/') || mediaType === 'application/pdf' || mediaType === 'audio/wav' || mediaType === 'audio/mpeg' || mediaType === 'audio/mp3';
}

function toResultContent(output: Exclude<ProviderToolResultOutput, { type: 'content' }>): string {
  switch (output.type) {
    case 'text':
      return output.value;
    case 'json':
      return JSON.stringify(output.value);
    case 'error-text':
    case 'error-json':
      return JSON.stringify({ error: output.value });
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
  }
}
