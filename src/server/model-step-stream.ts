/**
 * Turns the AI SDK's `streamText` full stream into model step lines (`ModelStepPart`): the
 * language model v3 parts the browser reads. Parts about steps, tool results and metadata are
 * dropped (the browser runs the tools); an `error` ends the step.
 */
import type { FinishReason, ModelStepPart } from '../core/index';
import { normalizeContentStreamPart, toFinishReason } from '../core/internal';
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
