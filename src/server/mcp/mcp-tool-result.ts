import type { ToolContentOutput, ToolContentPart } from '../../core/index';
import { McpToolCallError } from './mcp-tool-call-error';

/** One content part of an MCP tool result, as much of it as the mapping reads. */
export interface McpContentPart {
  type: string;
  text?: string;
  data?: string;
  mimeType?: string;
  uri?: string;
  name?: string;
  description?: string;
  resource?: { uri: string; mimeType?: string; text?: string; blob?: string };
}

/** An MCP `tools/call` result, as much of it as the mapping reads. */
export interface McpCallToolResult {
  content?: McpContentPart[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** How much media (decoded bytes) one result may pass to the model by default: 2 MiB. */
export const defaultMaxMcpMediaBytes = 2 * 1024 * 1024;

/**
 * Turns an MCP tool result into the value the model receives. An `isError` result throws a
 * `McpToolCallError` (code `tool-error`) whose message is the tool's text, so the kit makes it
 * the call's error result. Otherwise:
 * - images and audio (and embedded resources whose blob is an image, audio or a PDF) make a
 *   `ToolContentOutput`: the model receives them as files, in order with the text, never as
 *   base64 text; `structuredContent` then adds nothing the content lacks (MCP servers
 *   repeat their media there) and is left out. Media past `maxMediaBytes` (decoded, for the
 *   whole result) is described instead;
 * - else `structuredContent` when present (the result the tool's `outputSchema` describes);
 * - else the text parts joined with newlines when every part is text;
 * - else a JSON-friendly list of the parts, where resources are given by URI.
 *
 * @example
 * ```ts
 * toToolOutput({ content: [{ type: 'text', text: 'Echo: hi' }] }, { server: 'everything', tool: 'echo' }); // 'Echo: hi'
 * toToolOutput({ content: [], structuredContent: { celsius: 21 } }, { server: 'weather', tool: 'now' }); // { celsius: 21 }
 * toToolOutput({ content: [{ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] }, origin);
 * // { type: 'content', value: [{ type: 'media', mediaType: 'image/png', data: 'iVBORw0KGgo=' }] }
 * ```
 */
export function toToolOutput(result: McpCallToolResult, origin: { server: string; tool: string }, maxMediaBytes = defaultMaxMcpMediaBytes): unknown {
  const content = result.content ?? [];
  if (result.isError === true) {
    const text = textOf(content);
    throw new McpToolCallError('tool-error', text || `The MCP tool "${origin.tool}" on the server "${origin.server}" reported an error without a message.`, origin);
  }
  if (content.some((part) => mediaOf(part) !== undefined)) return toContentOutput(content, maxMediaBytes);
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (content.every((part) => part.type === 'text')) return textOf(content);
  return content.map(summarizePart);
}

/** Text and media in order; other parts as their JSON summary; media past the budget described. */
function toContentOutput(content: readonly McpContentPart[], maxMediaBytes: number): ToolContentOutput {
  let budget = maxMediaBytes;
  const value = content.map((part): ToolContentPart => {
    if (part.type === 'text') return { type: 'text', text: part.text ?? '' };
    const media = mediaOf(part);
    if (!media) return { type: 'text', text: JSON.stringify(summarizePart(part)) };
    const bytes = base64ByteLength(media.data);
    if (bytes > budget) return { type: 'text', text: `[The tool returned a file (${media.mediaType}) of ${bytes} bytes, more than the ${maxMediaBytes} bytes of media a result may pass to the model (maxMediaBytes); it is left out.]` };
    budget -= bytes;
    return { type: 'media', mediaType: media.mediaType, data: media.data.replace(/\s/g, '') };
  });
  return { type: 'content', value };
}

/**
 * The file in a part that the model can take as media: an image or audio part (and the `blob`
 * parts some servers send, such as server-filesystem's `read_media_file` for other files), or an
 * embedded resource whose blob is an image, audio or a PDF.
 */
function mediaOf(part: McpContentPart): { mediaType: string; data: string } | undefined {
  if ((part.type === 'image' || part.type === 'audio' || part.type === 'blob') && typeof part.data === 'string' && isModelMediaType(part.mimeType)) return { mediaType: part.mimeType, data: part.data };
  const resource = part.type === 'resource' ? part.resource : undefined;
  if (typeof resource?.blob === 'string' && isModelMediaType(resource.mimeType)) return { mediaType: resource.mimeType, data: resource.blob };
  return undefined;
}

/** Images, audio and PDFs: what models take as files (an octet stream is only described). */
function isModelMediaType(value: unknown): value is string {
  return typeof value === 'string' && /^(image|audio)\/[a-zA-Z0-9][a-zA-Z0-9!#$&^_.+-]{0,126}$|^application\/pdf$/.test(value);
}

function textOf(content: readonly McpContentPart[]): string {
  return content
    .filter((part) => part.type === 'text' && typeof part.text === 'string')
    .map((part) => part.text)
    .join('\n');
}

/**
 * One content part as plain JSON: what it is and where it points, without binary payloads.
 *
 * @example
 * ```ts
 * summarizePart({ type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }); // { type: 'image', mimeType: 'image/png', bytes: 8 }
 * ```
 */
export function summarizePart(part: McpContentPart): Record<string, unknown> {
  switch (part.type) {
    case 'text':
      return { type: 'text', text: part.text ?? '' };
    case 'image':
    case 'audio':
    case 'blob':
      return dropUndefined({ type: part.type, mimeType: part.mimeType, bytes: base64ByteLength(part.data ?? '') });
    case 'resource': {
      const resource = part.resource;
      if (!resource) return { type: 'resource' };
      // Text is what the model can use; a blob is only described, like an image.
      return typeof resource.text === 'string'
        ? dropUndefined({ type: 'resource', uri: resource.uri, mimeType: resource.mimeType, text: resource.text })
        : dropUndefined({ type: 'resource', uri: resource.uri, mimeType: resource.mimeType, bytes: base64ByteLength(resource.blob ?? '') });
    }
    case 'resource_link':
      return dropUndefined({ type: 'resource_link', uri: part.uri, name: part.name, mimeType: part.mimeType, description: part.description });
    default:
      // A content type newer than this mapping: say that it was there rather than drop it silently.
      return { type: part.type };
  }
}

/** Decoded size of base64 text, without decoding it. */
function base64ByteLength(base64: string): number {
  const trimmed = base64.replace(/\s/g, '');
  const padding = trimmed.endsWith('==') ? 2 : trimmed.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((trimmed.length * 3) / 4) - padding);
}

function dropUndefined(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined));
}
