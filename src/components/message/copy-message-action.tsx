import { useCopyText, type CopyStatus } from '../use-copy-text';

/** What the action says (one place, for the strings set to come). */
export const copyMessageText = {
  label: { idle: 'Copy', copied: 'Copied', failed: 'Copy failed' } satisfies Record<CopyStatus, string>,
  /** The button's name, told apart from a code block's "Copy" (it starts with the visible label). */
  name: { idle: 'Copy reply', copied: 'Copied', failed: 'Copy failed' } satisfies Record<CopyStatus, string>,
  /** Announced politely once the copy is done (or failed). */
  announced: { idle: '', copied: 'Reply copied to the clipboard', failed: 'The reply could not be copied' } satisfies Record<CopyStatus, string>,
};

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
  if (text.trim() === '') return null;
  return (
    <>
      <button type="button" className="rak-message-action" aria-label={copyMessageText.name[status]} onClick={() => copy(text)}>
        {copyMessageText.label[status]}
      </button>
      <span className="rak-visually-hidden" role="status">
        {copyMessageText.announced[status]}
      </span>
    </>
  );
}
