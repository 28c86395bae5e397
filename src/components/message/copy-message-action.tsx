import { useCopyText } from '../use-copy-text';
import { useStrings } from '../strings/strings-context';


/**
 * "Copy" under a finished reply: copies the reply's text as written (its markdown source) to the
 * clipboard. The button then reads "Copied" for two seconds, and a polite status (always in the
 * page, so screen readers announce its change) says the reply was copied. Renders nothing for
 * a reply without text (only tool calls).
 *
 * @example
 * ```tsx
 * {message.role === 'assistant' && message.status !== 'streaming' && <CopyMessageAction text={textOf(message)} />}
 * ```
 */
export function CopyMessageAction({ text }: { text: string }) {
  const { status, copy } = useCopyText();
  const words = useStrings().thread;
  if (text.trim() === '') return null;
  return (
    <>
      <button type="button" className="rak-message-action" aria-label={words.copyReplyName[status]} onClick={() => copy(text)}>
        {words.copy[status]}
      </button>
      <span className="rak-visually-hidden" role="status">
        {words.copyReplyAnnounced[status]}
      </span>
    </>
  );
}
