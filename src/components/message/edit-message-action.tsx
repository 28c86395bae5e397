import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AgentState } from '../../core/index';
import { useAgentInstance, useAgentSelector } from '../../react/index';
import { useStrings } from '../strings/strings-context';

const pickBusy = (state: AgentState) => state.status === 'running' || state.status === 'awaiting-people';

/**
 * "Edit" under a user message: an inline editor with the message's text; "Save and send" replaces the
 * message and runs again from there (`agent.editMessage`: what came after it is removed, and with
 * a sandbox the files go back to how they were before it). Escape or "Cancel" closes it.
 * Disabled while the agent runs or waits for a decision.
 *
 * @example
 * ```tsx
 * {message.role === 'user' && <EditMessageAction messageId={message.id} text={textOf(message)} />}
 * ```
 */
export function EditMessageAction({ messageId, text }: { messageId: string; text: string }) {
  const strings = useStrings();
  const agent = useAgentInstance();
  const busy = useAgentSelector(pickBusy);
  const [draft, setDraft] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [working, setWorking] = useState(false);
  const editorRef = useRef<HTMLTextAreaElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const labelId = useId();
  const editing = draft !== null;

  useEffect(() => {
    if (editing) editorRef.current?.focus();
  }, [editing]);

  const close = () => {
    setDraft(null);
    queueMicrotask(() => triggerRef.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft === null || draft.trim() === '') return;
    setWorking(true);
    setFailure(null);
    agent.editMessage(messageId, draft).then(
      () => setWorking(false),
      (error: unknown) => {
        setWorking(false);
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
    setDraft(null);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    }
  };

  if (!editing) {
    return (
      <>
        <button ref={triggerRef} type="button" className="rak-message-action" disabled={busy || working} onClick={() => setDraft(text)}>
          {strings.messageActions.edit}
        </button>
        {failure && (
          <p className="rak-message-action-error" role="alert">
            {failure}
          </p>
        )}
      </>
    );
  }
  return (
    <form className="rak-message-editor" onSubmit={submit} onKeyDown={onKeyDown} aria-labelledby={labelId}>
      <p id={labelId} className="rak-rollback-question">
        {strings.messageActions.editQuestion}
      </p>
      <textarea ref={editorRef} className="rak-message-editor-input" aria-label={strings.messageActions.editedMessage} value={draft} rows={Math.min(8, Math.max(2, draft.split('\n').length))} onChange={(event) => setDraft(event.target.value)} />
      <div className="rak-message-editor-buttons">
        <button type="button" className="rak-button rak-button-small" onClick={close}>
          {strings.messageActions.cancel}
        </button>
        <button type="submit" className="rak-button rak-button-small rak-button-primary" disabled={busy || draft.trim() === ''}>
          {strings.messageActions.saveAndSend}
        </button>
      </div>
    </form>
  );
}
