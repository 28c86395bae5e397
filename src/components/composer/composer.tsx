import { useCallback, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useComposerDraftTarget } from './composer-draft';

export interface ComposerProps {
  placeholder?: string;
  autoFocus?: boolean;
  className?: string;
}

/**
 * The message input: Enter sends, Shift+Enter adds a line, Escape stops a running reply.
 * Sending is disabled for empty text and while the agent runs (messages are not queued);
 * the send button becomes a stop button while a reply streams. Inside a `ComposerDraftProvider`
 * (as in `AgentChat`), a rolled-back message's text is put back here (before any draft).
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><Composer placeholder="Ask anything" /></AgentProvider>
 * ```
 */
export function Composer({ placeholder = 'Send a message…', autoFocus = false, className }: ComposerProps) {
  const agent = useAgentInstance();
  const status = useAgentSelector((state) => state.status);
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const focusInput = useCallback(() => inputRef.current?.focus(), []);
  useComposerDraftTarget(
    useCallback((restored: string) => {
      setText((draft) => (draft.trim() === '' ? restored : `${restored}\n${draft}`));
      inputRef.current?.focus();
    }, []),
    focusInput,
  );
  // The Stop button goes away once the reply stops: focus moves to the input, not to the page.
  const stop = () => {
    focusInput();
    void agent.stop();
  };
  const running = status === 'running';
  const canSend = text.trim() !== '' && status !== 'running' && status !== 'awaiting-people';

  const submit = () => {
    if (!canSend) return;
    const value = text;
    setText('');
    setRefusal(null);
    // `send` settles when the run ends; only a refusal (busy, empty) needs handling here.
    agent.send(value).catch((error: unknown) => {
      setText(value);
      setRefusal(error instanceof Error ? error.message : String(error));
    });
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    } else if (event.key === 'Escape' && running) {
      event.preventDefault();
      stop();
    }
  };

  return (
    <form className={['rak-composer', className].filter(Boolean).join(' ')} onSubmit={onSubmit} data-status={status}>
      <textarea
        ref={inputRef}
        className="rak-composer-input"
        value={text}
        rows={1}
        placeholder={placeholder}
        aria-label="Message"
        autoFocus={autoFocus}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={onKeyDown}
      />
      {running ? (
        <button type="button" className="rak-composer-stop" onClick={stop} aria-label="Stop">
          <span className="rak-icon-stop" aria-hidden="true" />
        </button>
      ) : (
        <button type="submit" className="rak-composer-send" disabled={!canSend} aria-label="Send">
          <span className="rak-icon-send" aria-hidden="true" />
        </button>
      )}
      {refusal && (
        <p className="rak-composer-refusal" role="alert">
          {refusal}
        </p>
      )}
    </form>
  );
}
