import type { ModelStreamEvent, ProviderMetadata } from './language-model';

/** The parts of a stream that carry the reply: text, reasoning, tool input and tool calls. */
export type ContentStreamPart = Exclude<ModelStreamEvent, { type: 'finish' | 'error' | 'source' }>;

type RawPart = { type?: unknown; [key: string]: unknown };

/**
 * Reads one content part (text, reasoning, tool input, a tool call) of an AI SDK stream, or
 * `null` for any other part and for tools the provider ran itself. These parts have one shape in
 * every language model version (v2, v3, v4) and in `streamText`'s full stream, except that the
 * full stream names a text or reasoning delta `text` where a model's stream names it `delta`;
 * both are read. How a stream finishes or fails differs between them, so callers read `finish`
 * and `error` themselves: `normalizeStreamPart` for a model's stream, the server for `streamText`.
 *
 * @example
 * ```ts
 * normalizeContentStreamPart({ type: 'text-delta', id: 't1', delta: 'Hel' }); // { type: 'text-delta', id: 't1', delta: 'Hel' }
 * normalizeContentStreamPart({ type: 'text-delta', id: 't1', text: 'Hel' }); // the same, from `streamText`
 * normalizeContentStreamPart({ type: 'response-metadata', id: 'r1' }); // null
 * ```
 */
export function normalizeContentStreamPart(part: RawPart): ContentStreamPart | null {
  switch (part.type) {
    case 'text-start':
    case 'text-end':
    case 'tool-input-end':
      return { type: part.type, id: String(part.id) };
    case 'reasoning-start':
    case 'reasoning-end':
      return { type: part.type, id: String(part.id), ...metadataOf(part) };
    case 'reasoning-delta':
      return { type: part.type, id: String(part.id), delta: deltaOf(part), ...metadataOf(part) };
    case 'text-delta':
    case 'tool-input-delta':
      return { type: part.type, id: String(part.id), delta: deltaOf(part) };
    case 'tool-input-start':
      // Tools the provider runs itself (web search and the like) are not ours to run.
      if (part.providerExecuted === true) return null;
      return { type: 'tool-input-start', id: String(part.id), toolName: String(part.toolName) };
    case 'tool-call':
      if (part.providerExecuted === true) return null;
      return {
        type: 'tool-call',
        toolCallId: String(part.toolCallId),
        toolName: String(part.toolName),
        // An input that could not be parsed arrives as its raw text; the loop reports it to the model.
        input: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}),
      };
    default:
      return null;
  }
}

function deltaOf(part: RawPart): string {
  if (typeof part.delta === 'string') return part.delta;
  return typeof part.text === 'string' ? part.text : '';
}

/**
 * A reasoning part's provider metadata (Anthropic's thinking signature, OpenAI's reasoning item),
 * kept so the reasoning can be sent back as the provider wants it in the next step. Only an
 * object of objects by provider name is kept.
 */
function metadataOf(part: RawPart): { providerMetadata?: ProviderMetadata } {
  const metadata = part.providerMetadata;
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) return {};
  const kept: ProviderMetadata = {};
  for (const [provider, value] of Object.entries(metadata)) {
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) kept[provider] = value as ProviderMetadata[string];
  }
  return Object.keys(kept).length > 0 ? { providerMetadata: kept } : {};
}
