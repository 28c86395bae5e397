/**
 * Turns the AI SDK's `streamText` full stream into model step lines (`ModelStepPart`): the
 * language model v3 parts the browser reads. Sources are kept (without provider metadata). Parts about steps, tool results and metadata are
 * dropped (the browser runs the tools); an `error` ends the step.
 */
import type { FinishReason, ModelStepPart } from '../core/index';
import { normalizeContentStreamPart, normalizeSource, toFinishReason } from '../core/internal';
import { toBridgeError } from './model-error';

type StreamTextPart = { type: string; [key: string]: unknown };

/**
 * @example
 * ```ts
 * const result = streamText({ model, messages, tools });
 * for await (const line of toModelStepParts(result.fullStream, console.error)) write(line);
 * ```
 */
export async function* toModelStepParts(fullStream: AsyncIterable<StreamTextPart>, reportError: (error: unknown) => void): AsyncGenerator<ModelStepPart> {
  for await (const part of fullStream) {
    switch (part.type) {
      case 'finish':
        yield { type: 'finish', finishReason: finishReason(part), usage: usageOf(part.totalUsage) };
        return;
      case 'error':
        reportError(part.error);
        yield { type: 'error', error: toBridgeError(part.error) };
        return;
      case 'abort':
        return;
      case 'source': {
        // The pages and documents the reply drew on (a provider's search or citations), for the reply's sources.
        const source = sourcePart(part);
        if (source) yield source;
        break;
      }
      default: {
        // Text, reasoning, tool input and tool calls read as they do from a model's own stream.
        const content = normalizeContentStreamPart(part);
        if (content) yield content;
      }
    }
  }
}

function finishReason(part: StreamTextPart): { unified: FinishReason; raw: string | undefined } {
  return { unified: toFinishReason(part.finishReason), raw: typeof part.rawFinishReason === 'string' ? part.rawFinishReason : undefined };
}

/** ai@7 nests token details; ai@6 kept some of them flat. Both are read. */
function usageOf(value: unknown): Extract<ModelStepPart, { type: 'finish' }>['usage'] {
  const usage = (value ?? {}) as Record<string, unknown>;
  const input = (usage.inputTokenDetails ?? {}) as Record<string, unknown>;
  const output = (usage.outputTokenDetails ?? {}) as Record<string, unknown>;
  return {
    inputTokens: { total: count(usage.inputTokens), noCache: count(input.noCacheTokens), cacheRead: count(input.cacheReadTokens ?? usage.cachedInputTokens), cacheWrite: count(input.cacheWriteTokens) },
    outputTokens: { total: count(usage.outputTokens), text: count(output.textTokens), reasoning: count(output.reasoningTokens ?? usage.reasoningTokens) },
  };
}

function count(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A source part of the full stream as the browser reads it (no provider metadata); `null` when it is neither a page nor a document. */
function sourcePart(part: StreamTextPart): ModelStepPart | null {
  const source = normalizeSource(part);
  if (source === null) return null;
  const { id, title, filename } = source;
  if (source.sourceType === 'url') return { type: 'source', sourceType: 'url', id, url: source.url!, ...(title !== undefined ? { title } : {}) };
  // The v3 shape wants both; a document without its media type is not one a reader can open.
  if (source.mediaType === undefined) return null;
  return { type: 'source', sourceType: 'document', id, mediaType: source.mediaType, title: title ?? filename ?? id, ...(filename !== undefined ? { filename } : {}) };
}
