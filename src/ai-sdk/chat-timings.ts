import type { UIMessage } from 'ai';
import type { MessageTiming } from '../core/index';

/** When a reply of a `useChat` chat was asked for, answered and ended, as the page saw it. */
export interface ChatReplyTiming extends MessageTiming {
  /** The chat was sent (its status became `submitted`): the reply's `createdAt`. */
  startedAt: number;
}

/**
 * Watches a `useChat` chat's status and last message to time its replies as the kit's own loop
 * does (`replyTiming`): started when the chat was submitted, first token when the reply first has
 * text, reasoning or a tool call, finished when the chat is no longer busy. A chat reports no
 * usage, so its replies have no token rate.
 *
 * @example
 * ```ts
 * timings.observe(chat.messages, chat.status, Date.now());
 * const timing = timings.of(uiMessage.id);
 * ```
 */
export class ChatTimings {
  private submittedAt: number | undefined;
  private readonly timings = new Map<string, ChatReplyTiming>();
  // The replies not finished yet: the end of a run touches these, not every reply of the chat.
  private readonly open = new Set<ChatReplyTiming>();

  observe(messages: readonly UIMessage[], status: 'submitted' | 'streaming' | 'ready' | 'error', now: number): void {
    const busy = status === 'submitted' || status === 'streaming';
    if (!busy) {
      for (const timing of this.open) timing.finishedAt = now;
      this.open.clear();
      this.submittedAt = undefined;
      return;
    }
    this.submittedAt ??= now;
    const last = messages.at(-1);
    if (last?.role !== 'assistant') return;
    let timing = this.timings.get(last.id);
    if (timing === undefined) {
      timing = { startedAt: this.submittedAt };
      this.timings.set(last.id, timing);
    } else if (timing.finishedAt !== undefined) {
      // The reply goes on (a tool's result was sent): it ends again later.
      delete timing.finishedAt;
    }
    this.open.add(timing);
    if (timing.firstTokenAt === undefined && last.parts.some(hasContent)) timing.firstTokenAt = now;
  }

  /** The timing of the reply `messageId`, if the chat was seen sending it. */
  of(messageId: string): ChatReplyTiming | undefined {
    return this.timings.get(messageId);
  }
}

function hasContent(part: UIMessage['parts'][number]): boolean {
  if (part.type === 'text' || part.type === 'reasoning') return part.text !== '';
  return part.type.startsWith('tool-') || part.type === 'dynamic-tool';
}
