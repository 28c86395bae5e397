/**
 * A tool output that holds media: text and files (images, audio, PDFs) in order, which the model
 * receives as a tool result of content parts (the AI SDK's `{ type: 'content' }` output), with
 * each file as a file part, never as base64 text. It stays plain JSON, so it crosses the backend
 * bridge, the store and the session storage like any other output.
 */

/** One part of a {@link ToolContentOutput}. */
export type ToolContentPart =
  | { type: 'text'; text: string }
  | {
      type: 'media';
      /** The IANA media type (`image/png`, `audio/wav`, `application/pdf`). */
      mediaType: string;
      /** The bytes, base64-encoded, without a `data:` prefix. */
      data: string;
      filename?: string;
    };

/**
 * What a tool returns to show the model an image, audio or another file: the AI SDK's content
 * tool output, with media parts as in its language model v2. Providers that take files in tool
 * results (Anthropic, and the AI SDK's providers that support them) get them as file parts;
 * the kit's OpenAI-compatible adapter sends images in a user message after the results.
 *
 * @example
 * ```ts
 * const screenshot = defineTool({
 *   name: 'screenshot', description: 'Takes a screenshot.', inputSchema: { type: 'object' },
 *   execute: async (): Promise<ToolContentOutput> => ({
 *     type: 'content',
 *     value: [{ type: 'text', text: 'The page as it looks now:' }, { type: 'media', mediaType: 'image/png', data: await capture() }],
 *   }),
 * });
 * ```
 */
export interface ToolContentOutput {
  type: 'content';
  value: ToolContentPart[];
}

const fieldsOfPart: Record<ToolContentPart['type'], readonly string[]> = { text: ['type', 'text'], media: ['type', 'mediaType', 'data', 'filename'] };
const mediaTypePattern = /^[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}\/[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}$/;

/**
 * Whether a tool's output is a {@link ToolContentOutput}. Strict (no other fields, every part
 * well-formed), so that an ordinary JSON output that merely looks alike is still sent as JSON.
 *
 * @example
 * ```ts
 * isToolContentOutput({ type: 'content', value: [{ type: 'text', text: 'hi' }] }); // true
 * isToolContentOutput({ type: 'content', value: 'hi' }); // false
 * ```
 */
export function isToolContentOutput(output: unknown): output is ToolContentOutput {
  if (typeof output !== 'object' || output === null || Array.isArray(output)) return false;
  const record = output as Record<string, unknown>;
  if (record.type !== 'content' || !Array.isArray(record.value) || Object.keys(record).length !== 2) return false;
  return record.value.every(isToolContentPart);
}

function isToolContentPart(part: unknown): part is ToolContentPart {
  if (typeof part !== 'object' || part === null) return false;
  const record = part as Record<string, unknown>;
  if (typeof record.type !== 'string' || !Object.hasOwn(fieldsOfPart, record.type)) return false;
  const known = fieldsOfPart[record.type as ToolContentPart['type']];
  if ( !Object.keys(record).every((key) => known.includes(key))) return false;
  if (record.type === 'text') return typeof record.text === 'string';
  return typeof record.mediaType === 'string' && mediaTypePattern.test(record.mediaType) && typeof record.data === 'string' && (record.filename === undefined || typeof record.filename === 'string');
}
