import type { ProviderFilePart, ProviderFunctionTool, ProviderPrompt, ProviderTextPart, ProviderToolChoice, ProviderToolResultContentPart, ProviderToolResultOutput } from '../model/language-model';
import { base64ByteLength, fileAsText, unsupportedFile } from './file-content';

/** A content block of the Anthropic Messages API, as far as the adapter writes them. */
export type AnthropicContentBlock =
  | { type: 'text'; text: string }
  | { type: 'image'; source: { type: 'base64'; media_type: string; data: string } }
  | { type: 'document'; source: { type: 'base64'; media_type: 'application/pdf'; data: string }; title?: string }
  | { type: 'thinking'; thinking: string; signature: string }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_use'; id: string; name: string; input: unknown }
  | { type: 'tool_result'; tool_use_id: string; content: string | AnthropicToolResultBlock[]; is_error?: true };

/** What a `tool_result` block may hold besides a string: text, images and PDFs. */
export type AnthropicToolResultBlock = Extract<AnthropicContentBlock, { type: 'text' | 'image' | 'document' }>;

export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: AnthropicContentBlock[];
}

export interface AnthropicTool {
  name: string;
  description?: string | undefined;
  input_schema: Record<string, unknown>;
}

export type AnthropicToolChoice = { type: 'auto' | 'any' | 'none' } | { type: 'tool'; name: string };

/**
 * The core's prompt as an Anthropic Messages request: system messages become `system`, tool
 * results become `tool_result` blocks of a user message, and messages of the same role in a
 * row are merged, because the API wants user and assistant turns to alternate (a tool result
 * followed by the next user message is one user turn).
 *
 * Reasoning goes back as the `thinking` block it came from when it has the signature Anthropic
 * issued (`providerOptions.anthropic.signature`; required when thinking precedes tool use), or as
 * `redacted_thinking` with its data; reasoning without either is dropped, as Anthropic refuses
 * unsigned thinking (the AI SDK's provider does the same). Text that is empty or only whitespace
 * is dropped too, as the API rejects such blocks.
 *
 * @example
 * ```ts
 * toAnthropicMessages([{ role: 'system', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Hi' }] }]);
 * // { system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }
 * ```
 */
export function toAnthropicMessages(prompt: ProviderPrompt): { system?: string; messages: AnthropicMessage[] } {
  const system: string[] = [];
  const messages: AnthropicMessage[] = [];
  const add = (role: AnthropicMessage['role'], content: AnthropicContentBlock[]) => {
    if (content.length === 0) return;
    const previous = messages.at(-1);
    if (previous?.role === role) previous.content.push(...content);
    else messages.push({ role, content });
  };
  for (const message of prompt) {
    switch (message.role) {
      case 'system':
        system.push(message.content);
        break;
      case 'user':
        add('user', message.content.flatMap(toUserBlocks));
        break;
      case 'assistant':
        add(
          'assistant',
          message.content.flatMap((part): AnthropicContentBlock[] => {
            if (part.type === 'text') return part.text.trim() ? [{ type: 'text', text: part.text }] : [];
            if (part.type === 'tool-call') return [{ type: 'tool_use', id: part.toolCallId, name: part.toolName, input: toInput(part.input) }];
            const anthropic = part.providerOptions?.anthropic;
            if (typeof anthropic?.signature === 'string') return [{ type: 'thinking', thinking: part.text, signature: anthropic.signature }];
            if (typeof anthropic?.redactedData === 'string') return [{ type: 'redacted_thinking', data: anthropic.redactedData }];
            return [];
          }),
        );
        break;
      case 'tool':
        add(
          'user',
          message.content.map((result) => ({
            type: 'tool_result',
            tool_use_id: result.toolCallId,
            content: toResultContent(result.output),
            ...(result.output.type === 'error-text' || result.output.type === 'error-json' ? { is_error: true as const } : {}),
          })),
        );
        break;
    }
  }
  return { ...(system.length > 0 ? { system: system.join('\n\n') } : {}), messages };
}

/**
 * The core's function tools and tool choice in the Anthropic format (`input_schema`;
 * `required` is `any`); nothing when there are no tools.
 *
 * @example
 * ```ts
 * toAnthropicTools([{ type: 'function', name: 'weather', inputSchema: { type: 'object' } }], { type: 'required' });
 * // { tools: [{ name: 'weather', input_schema: { type: 'object' } }], tool_choice: { type: 'any' } }
 * ```
 */
export function toAnthropicTools(
  tools: readonly ProviderFunctionTool[] | undefined,
  toolChoice: ProviderToolChoice | undefined,
): { tools?: AnthropicTool[]; tool_choice?: AnthropicToolChoice } {
  if (!tools || tools.length === 0) return {};
  const choice: AnthropicToolChoice | undefined =
    toolChoice === undefined
      ? undefined
      : toolChoice.type === 'tool'
        ? { type: 'tool', name: toolChoice.toolName }
        : { type: toolChoice.type === 'required' ? 'any' : toolChoice.type };
  return {
    tools: tools.map((tool) => ({ name: tool.name, description: tool.description, input_schema: tool.inputSchema })),
    ...(choice ? { tool_choice: choice } : {}),
  };
}

/** Text (not when blank), images, PDFs as documents, text files as text; other files are refused. */
function toUserBlocks(part: ProviderTextPart | ProviderFilePart): AnthropicContentBlock[] {
  if (part.type === 'text') return part.text.trim() ? [{ type: 'text', text: part.text }] : [];
  if (/^image\/(jpeg|png|gif|webp)$/.test(part.mediaType)) return [{ type: 'image', source: { type: 'base64', media_type: part.mediaType, data: part.data } }];
  if (part.mediaType === 'application/pdf') return [{ type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: part.data }, ...(part.filename ? { title: part.filename } : {}) }];
  const text = fileAsText(part);
  if (text === undefined) throw unsupportedFile('Anthropic', part, 'images (JPEG, PNG, GIF, WebP), PDFs and text files');
  return [{ type: 'text', text }];
}

/** A tool result's media as image and document blocks (as a user's files); other files as a line that says what was left out. */
function toResultBlocks(part: ProviderToolResultContentPart): AnthropicToolResultBlock[] {
  if (part.type === 'text') return part.text.trim() ? [{ type: 'text', text: part.text }] : [];
  if (/^image\/(jpeg|png|gif|webp)$/.test(part.mediaType) || part.mediaType === 'application/pdf') {
    return toUserBlocks({ type: 'file', mediaType: part.mediaType, data: part.data, ...(part.type === 'file-data' && part.filename !== undefined ? { filename: part.filename } : {}) }) as AnthropicToolResultBlock[];
  }
  return [{ type: 'text', text: `[The tool returned a file (${part.mediaType}, ${base64ByteLength(part.data)} bytes), which this model cannot receive.]` }];
}

/** Tool input must be an object for the API; the core keeps it parsed. */
function toInput(input: unknown): unknown {
  if (typeof input !== 'string') return input ?? {};
  try {
    return JSON.parse(input);
  } catch {
    return {};
  }
}

function toResultContent(output: ProviderToolResultOutput): string | AnthropicToolResultBlock[] {
  switch (output.type) {
    case 'content':
      return output.value.flatMap(toResultBlocks);
    case 'text':
    case 'error-text':
      return output.value;
    case 'json':
    case 'error-json':
      return JSON.stringify(output.value);
    case 'execution-denied':
      return output.reason ?? 'Tool call execution denied.';
  }
}
