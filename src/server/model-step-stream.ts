/**
 * Turns the AI SDK's `streamText` full stream into model step lines (`ModelStepPart`): the
 * language model v3 parts the browser reads. Parts about steps, tool results and metadata are
 * dropped (the browser runs the tools); an `error` ends the step.
 */
import type { FinishReason, ModelStepPart } from '../core/index';
import { toBridgeError } from './model-error';

type StreamTextPart = { type: string; [key: string]: unknown };

const finishReasons: readonly string[] = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'];

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
      case 'text-start':
      case 'text-end':
      case 'reasoning-start':
      case 'reasoning-end':
      case 'tool-input-end':
        yield { type: part.type, id: String(part.id) };
        break;
      case 'text-delta':
      case 'reasoning-delta':
        yield { type: part.type, id: String(part.id), delta: String(part.text ?? part.delta ?? '') };
        break;
      case 'tool-input-delta':
        yield { type: 'tool-input-delta', id: String(part.id), delta: String(part.delta ?? '') };
        break;
      case 'tool-input-start':
        if (part.providerExecuted !== true) yield { type: 'tool-input-start', id: String(part.id), toolName: String(part.toolName) };
        break;
      case 'tool-call':
        if (part.providerExecuted === true) break;
        // An input the SDK could not parse arrives as its raw text; the browser reports it to the model.
        yield { type: 'tool-call', toolCallId: String(part.toolCallId), toolName: String(part.toolName), input: typeof part.input === 'string' ? part.input : JSON.stringify(part.input ?? {}) };
        break;
      case 'finish':
        yield { type: 'finish', finishReason: finishReason(part), usage: usageOf(part.totalUsage) };
        return;
      case 'error':
        reportError(part.error);
        yield { type: 'error', error: toBridgeError(part.error) };
        return;
      case 'abort':
        return;
      default:
        break;
    }
  }
}

function finishReason(part: StreamTextPart): { unified: FinishReason; raw: string | undefined } {
  const unified = finishReasons.includes(String(part.finishReason)) ? (part.finishReason as FinishReason) : 'other';
  return { unified, raw: typeof part.rawFinishReason === 'string' ? part.rawFinishReason : undefined };
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
