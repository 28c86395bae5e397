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

/**
 * Turns an MCP tool result into the value the model receives. An `isError` result throws a
 * `McpToolCallError` (code `tool-error`) whose message is the tool's text, so the kit reports it
 * as an error result. Otherwise: `structuredContent` when present; the text parts joined with
 * newlines when every part is text; else a JSON-friendly list of the parts, where images and
 * audio keep their type, MIME type and size but not their base64 data (which would only spend
 * the model's context), and resources are given by URI.
 *
 * @example
 * ```ts
 * toToolOutput({ content: [{ type: 'text', text: 'Echo: hi' }] }, { server: 'everything', tool: 'echo' }); // 'Echo: hi'
 * toToolOutput({ content: [], structuredContent: { celsius: 21 } }, { server: 'weather', tool: 'now' }); // { celsius: 21 }
 * ```
 */
export function toToolOutput(result: McpCallToolResult, origin: { server: string; tool: string }): unknown {
  const content = result.content ?? [];
  if (result.isError === true) {
    const text = textOf(content);
    throw new McpToolCallError('tool-error', text || `The MCP tool "${origin.tool}" on the server "${origin.server}" reported an error without a message.`, origin);
  }
  if (result.structuredContent !== undefined && result.structuredContent !== null) return result.structuredContent;
  if (content.every((part) => part.type === 'text')) return textOf(content);
  return content.map(summarizePart);
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
