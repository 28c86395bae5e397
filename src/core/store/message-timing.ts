import type { Message } from './state';

export type { MessageTiming } from './state';

/** A reply's timing, as people read it. Each field is absent when it cannot be known. */
export interface ReplyTiming {
  /** From the request to the first token, in milliseconds. */
  timeToFirstTokenMs?: number;
  /** From the request to the reply's end, in milliseconds. */
  durationMs?: number;
  /** Output tokens per second of streaming (from the first token to the end), by the provider's count. */
  tokensPerSecond?: number;
}

/**
 * A reply's timing: time to first token, duration, and output tokens per second (needs the
 * provider's usage and at least a millisecond of streaming). `undefined` for user messages and
 * for replies recorded before timing was kept.
 *
 * @example
 * ```ts
 * const timing = replyTiming(agent.getState().messages.at(-1)!);
 * console.log(timing?.timeToFirstTokenMs, timing?.tokensPerSecond);
 * ```
 */
export function replyTiming(message: Message): ReplyTiming | undefined {
  const { timing } = message;
  if (message.role !== 'assistant' || timing === undefined) return undefined;
  const result: ReplyTiming = {};
  if (timing.firstTokenAt !== undefined) result.timeToFirstTokenMs = Math.max(0, timing.firstTokenAt - message.createdAt);
  if (timing.finishedAt !== undefined) result.durationMs = Math.max(0, timing.finishedAt - message.createdAt);
  const streamedMs = timing.finishedAt !== undefined && timing.firstTokenAt !== undefined ? timing.finishedAt - timing.firstTokenAt : 0;
  const tokens = message.usage?.outputTokens;
  if (tokens !== undefined && tokens > 0 && streamedMs >= 1) result.tokensPerSecond = (tokens * 1000) / streamedMs;
  return result;
}
