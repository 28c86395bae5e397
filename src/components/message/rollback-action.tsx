import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { AgentState } from '../../core/index';
import { useAgentSelector, useCheckpoints } from '../../react/index';
import { usePutComposerDraft } from '../composer/composer-draft';
import { useStrings } from '../strings/strings-context';

const pickBusy = (state: AgentState) => state.status === 'running' || state.status === 'awaiting-people';

/**
 * "Roll back to here" under a user message of an agent with a sandbox, while the sandbox still
 * has the message's checkpoint. It asks first (the message and everything after it are removed,
 * and the files go back to how they were before it), then calls the checkpoint's `rollback()`
 * and puts the message's text back in the composer (inside a `ComposerDraftProvider`). Disabled
 * while the agent runs or waits for a decision. Renders nothing for other messages.
 *
 * @example
 * ```tsx
 * {message.role === 'user' && <RollbackAction messageId={message.id} />}
 * ```
 */
export function RollbackAction({ messageId }: { messageId: string }) {
  const strings = useStrings();
  const turn = useCheckpoints().find((candidate) => candidate.messageId === messageId);
  const busy = useAgentSelector(pickBusy);
  const putDraft = usePutComposerDraft();
  const [step, setStep] = useState<'idle' | 'confirm' | 'working'>('idle');
  const [failure, setFailure] = useState<string | null>(null);
  const questionId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (step === 'confirm') cancelRef.current?.focus();
    else if (step === 'idle' && returnFocus.current) triggerRef.current?.focus();
    returnFocus.current = false;
  }, [step]);

  if (!turn) return null;
  const cancel = () => {
    returnFocus.current = true;
    setStep('idle');
  };
  const confirm = () => {
    setStep('working');
    setFailure(null);
    turn.rollback().then(
      ({ text }) => void putDraft(text),
      (error: unknown) => {
        setStep('idle');
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    cancel();
  };

  return (
    <>
      {step === 'idle' ? (
        <button ref={triggerRef} type="button" className="rak-message-action" disabled={busy} onClick={() => setStep('confirm')}>
          {strings.messageActions.rollBackToHere}
        </button>
      ) : (
        <div className="rak-rollback-confirm" role="group" aria-labelledby={questionId} onKeyDown={onKeyDown}>
          <p id={questionId} className="rak-rollback-question">
            {strings.messageActions.rollBackQuestion}
          </p>
          <button ref={cancelRef} type="button" className="rak-button rak-button-small" disabled={step === 'working'} onClick={cancel}>
            {strings.messageActions.cancel}
          </button>
          <button type="button" className="rak-button rak-button-small rak-button-danger" disabled={step === 'working' || busy} onClick={confirm}>
            {strings.messageActions.rollBack}
          </button>
        </div>
      )}
      {failure && (
        <p className="rak-message-action-error" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
