import type { FinishReason, ModelStreamEvent, SpecificationVersion, StreamUsage } from './language-model';
import { normalizeContentStreamPart } from './normalize-content-stream-part';
import { normalizeSource } from './normalize-source';
import { StreamInterruptedError } from './stream-interrupted-error';

type RawPart = { type?: unknown; [key: string]: unknown };

/**
 * Turns one stream part of a v2, v3 or v4 model into the core's version-neutral event, or
 * `null` for parts the core does not use (stream-start, response-metadata, raw, ping,
 * files, provider-executed tool results).
 *
 * The versions agree on text, reasoning, tool input and tool-call parts (read by
 * `normalizeContentStreamPart`); they differ in the shape of usage (v2: flat numbers; v3/v4: nested totals) and of the finish reason
 * (v2: a string; v3/v4: `{ unified, raw }`).
 *
 * @example
 * ```ts
 * normalizeStreamPart('v2', { type: 'finish', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8 } });
 * // { type: 'finish', finishReason: 'stop', usage: { inputTokens: 3, outputTokens: 5, totalTokens: 8, ... } }
 * ```
 */
export function normalizeStreamPart(version: SpecificationVersion, raw: unknown): ModelStreamEvent | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const part = raw as RawPart;
  switch (part.type) {
    case 'finish':
      // A provider that noticed its stream broke says so with a finish; it is not a complete reply.
      if (version !== 'v2' && (part.finishReason as { unified?: unknown } | undefined)?.unified === 'interrupted') {
        return { type: 'error', error: new StreamInterruptedError('The model provider reported that its stream was interrupted before the reply finished.') };
      }
    {
      const rawReason = version === 'v2' ? undefined : (part.finishReason as { raw?: unknown } | undefined)?.raw;
      return {
        type: 'finish',
        finishReason: normalizeFinishReason(version, part.finishReason),
        ...(typeof rawReason === 'string' ? { rawFinishReason: rawReason } : {}),
        usage: normalizeUsage(version, part.usage),
      };
    }
    case 'error':
      return { type: 'error', error: part.error };
    case 'source':
      return normalizeSource(part);
    default:
      return normalizeContentStreamPart(part);
  }
}

const finishReasons: readonly FinishReason[] = ['stop', 'length', 'content-filter', 'tool-calls', 'error', 'other'];

/**
 * A unified finish reason as the kit knows it, or `'other'` for anything else (v2's `'unknown'`,
 * a value a newer version adds).
 *
 * @example
 * ```ts
 * toFinishReason('tool-calls'); // 'tool-calls'
 * toFinishReason('unknown'); // 'other'
 * ```
 */
export function toFinishReason(value: unknown): FinishReason {
  return (finishReasons as readonly unknown[]).includes(value) ? (value as FinishReason) : 'other';
}

function normalizeFinishReason(version: SpecificationVersion, value: unknown): FinishReason {
  // v2's 'unknown' has no meaning of its own to the loop (v4's 'interrupted' became an error above).
  return toFinishReason(version === 'v2' ? value : (value as { unified?: unknown } | undefined)?.unified);
}

function normalizeUsage(version: SpecificationVersion, value: unknown): StreamUsage {
  const usage = (value ?? {}) as Record<string, unknown>;
  if (version === 'v2') {
    const inputTokens = count(usage.inputTokens);
    const outputTokens = count(usage.outputTokens);
    return {
      inputTokens,
      outputTokens,
      reasoningTokens: count(usage.reasoningTokens),
      cachedInputTokens: count(usage.cachedInputTokens),
      totalTokens: count(usage.totalTokens) || inputTokens + outputTokens,
    };
  }
  const input = (usage.inputTokens ?? {}) as Record<string, unknown>;
  const output = (usage.outputTokens ?? {}) as Record<string, unknown>;
  const inputTokens = count(input.total);
  const outputTokens = count(output.total);
  return {
    inputTokens,
    outputTokens,
    reasoningTokens: count(output.reasoning),
    cachedInputTokens: count(input.cacheRead),
    totalTokens: inputTokens + outputTokens,
  };
}

function count(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

