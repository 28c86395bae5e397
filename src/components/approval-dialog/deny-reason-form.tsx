import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStrings } from '../strings/strings-context';

/** Props of `DenyReasonForm`. */
export interface DenyReasonFormProps {
  /** The tool's name as people should read it (with `escapeInvisible` applied). */
  toolName: string;
  /** Called with the trimmed reason ('' when none was given). */
  onConfirm: (reason: string) => void;
  onBack: () => void;
}

/**
 * The second step of denying: an optional reason (the model reads it, so it can adjust) and
 * "Confirm deny". The reason field takes focus when the step opens; Enter in it confirms the
 * denial, which is safe: it never approves anything.
 *
 * @example
 * ```tsx
 * <DenyReasonForm toolName="write_file" onConfirm={(reason) => deny({ reason })} onBack={() => setMode('decide')} />
 * ```
 */
export function DenyReasonForm({ toolName, onConfirm, onBack }: DenyReasonFormProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const text = useStrings().approval;
  useEffect(() => inputRef.current?.focus(), []);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onConfirm(reason.trim());
  };
  return (
    <form className="rak-deny" onSubmit={onSubmit} aria-label={text.denyLabel(toolName)}>
      <label className="rak-deny-label" htmlFor={id}>
        {text.reason} <span className="rak-deny-hint">{text.reasonHint}</span>
      </label>
      <input
        ref={inputRef}
        id={id}
        className="rak-deny-input"
        type="text"
        value={reason}
        placeholder={text.reasonPlaceholder}
        autoComplete="off"
        onChange={(event) => setReason(event.target.value)}
      />
      <div className="rak-dialog-actions">
        <button type="button" className="rak-button" onClick={onBack}>
          {text.back}
        </button>
        <button type="submit" className="rak-button rak-button-danger">
          {text.confirmDeny}
        </button>
      </div>
    </form>
  );
}
