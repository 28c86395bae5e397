import type { Message } from '../../core/index';
import { replyTiming } from '../../react/index';
import { useLocale, useWords } from '../strings/strings-context';
import { replyText } from './reply-text';

/**
 * A finished reply's timing in one line (`0.4 s to first token · 52 tokens/s · 3.1 s in all`),
 * what is known of it; nothing for a reply without timing. A lazy part of `MessageView`, shown
 * with `AgentChat`'s `timing` (or `MessageFeaturesProvider`).
 *
 * @example
 * ```tsx
 * <ReplyTimingView message={message} />
 * ```
 */
export function ReplyTimingView({ message }: { message: Message }) {
  const words = useWords('reply', replyText);
  const locale = useLocale();
  const timing = replyTiming(message);
  if (timing === undefined) return null;
  const oneDecimal = new Intl.NumberFormat(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const seconds = (ms: number) => oneDecimal.format(ms / 1000);
  const said = [
    timing.timeToFirstTokenMs !== undefined ? words.firstToken(seconds(timing.timeToFirstTokenMs)) : undefined,
    timing.tokensPerSecond !== undefined ? words.rate(whole.format(timing.tokensPerSecond)) : undefined,
    timing.durationMs !== undefined ? words.duration(seconds(timing.durationMs)) : undefined,
  ].filter((text) => text !== undefined);
  if (said.length === 0) return null;
  return (
    <p className="rak-message-meta rak-reply-timing" aria-label={`${words.timing}: ${said.join(', ')}`}>
      {said.join(' · ')}
    </p>
  );
}
