import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { AgentCommandError } from '../../core/index';
import type { PendingApproval } from '../../react/index';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { VisibleText } from '../visible-text/visible-text';
import { ArgumentsEditor, useArgumentsDraft } from './arguments-editor';
import { DenyReasonForm } from './deny-reason-form';
import { FileChangesPreview } from './file-changes-preview';
import { findApprovalInvisibles, InvisibleCharactersWarning } from './invisible-characters-warning';

/** Props of `ApprovalRequestView`: one pending approval and where it stands in the queue. */
export interface ApprovalRequestViewProps {
  approval: PendingApproval;
  /** Where this request is in the queue (1-based), and how long the queue is. */
  position: number;
  total: number;
  /** The dialog element, for the dialog's focus management (`useDialogFocus`). */
  dialogRef: RefObject<HTMLDivElement | null>;
  /** The dialog's own key handling (the focus trap); Escape is handled here. */
  onDialogKeyDown: (event: KeyboardEvent) => void;
  className?: string;
}

/**
 * The approval dialog for one call (`role="alertdialog"`, `aria-modal`): what will run and why,
 * for file tools what each file would become (`call.approval.preview`, shown as diffs), the arguments
 * (editable JSON), and the decision: Approve, "Always allow <tool>", or Deny, which opens an
 * optional reason. Escape opens the reason (and goes back from it); it never approves, and
 * there is no Enter shortcut: only activating the Approve button approves.
 *
 * What is approved is shown as it is: invisible and direction-changing characters in the tool
 * name, paths and diffs show as `U+XXXX` marks, the editable arguments hold them as `\uXXXX`
 * escapes, and a warning (part of the dialog's description) lists where they are.
 *
 * @example
 * ```tsx
 * const ref = useRef<HTMLDivElement>(null);
 * const { onKeyDown } = useDialogFocus(ref, approval.call.id);
 * <ApprovalRequestView key={approval.call.id} approval={approval} position={1} total={1} dialogRef={ref} onDialogKeyDown={onKeyDown} />
 * ```
 */
export function ApprovalRequestView({ approval, position, total, dialogRef, onDialogKeyDown, className }: ApprovalRequestViewProps) {
  const { call, tool, reason } = approval;
  const titleId = useId();
  const descriptionId = useId();
  const warningId = useId();
  const draft = useArgumentsDraft(call.input);
  const preview = call.approval?.preview?.kind === 'file-changes' ? call.approval.preview : undefined;
  const { parsed, text: draftText } = draft;
  const invisibles = useMemo(() => findApprovalInvisibles({ parsed, text: draftText }, preview), [parsed, draftText, preview]);
  const hasInvisibles = invisibles.inArguments.length + invisibles.inPreview.length > 0;
  const [mode, setMode] = useState<'decide' | 'deny'>('decide');
  const [failure, setFailure] = useState<{ text: string; code: string | undefined; message: string } | null>(null);
  const busy = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  const cameBack = useRef(false);

  useEffect(() => {
    if (mode === 'decide' && cameBack.current) denyRef.current?.focus();
  }, [mode]);

  const run = (command: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    const text = draft.text;
    command().then(
      () => void (busy.current = false),
      (error: unknown) => {
        busy.current = false;
        const code = commandErrorCode(error);
        setFailure({ text, code, message: error instanceof Error ? error.message : String(error) });
        if (code === 'invalid-input') textareaRef.current?.focus();
      },
    );
  };
  const approve = (always: boolean) => {
    if (!draft.parsed.ok) return;
    const input = draft.edited ? { input: draft.parsed.value } : {};
    run(() => approval.approve({ ...(always ? { always } : {}), ...input }));
  };
  const back = () => {
    cameBack.current = true;
    setMode('decide');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    onDialogKeyDown(event);
    if (event.key !== 'Escape' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    event.stopPropagation();
    if (mode === 'decide') setMode('deny');
    else back();
  };

  // The agent's refusal of edited arguments belongs to the text it refused; editing clears it.
  const inputError = failure?.code === 'invalid-input' && failure.text === draft.text ? failure.message : null;
  const otherError = failure && failure.code !== 'invalid-input' ? failure.message : null;
  return (
    <div
      ref={dialogRef}
      className={['rak-dialog', 'rak-approval-dialog', className].filter(Boolean).join(' ')}
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={hasInvisibles ? `${descriptionId} ${warningId}` : descriptionId}
      tabIndex={-1}
      data-rak-people-prompt="approval"
      data-tool-call-id={call.id}
      onKeyDown={onKeyDown}
    >
      <header className="rak-dialog-header">
        <p className="rak-dialog-eyebrow">
          Approval needed
          {total > 1 && <span className="rak-dialog-queue">{`${position} of ${total}`}</span>}
        </p>
        <h2 id={titleId} className="rak-dialog-title">
          Run{' '}
          <code>
            <VisibleText text={call.name} />
          </code>
          ?
        </h2>
      </header>
      <div id={descriptionId} className="rak-approval-about">
        {tool?.description && (
          <p className="rak-approval-description">
            <VisibleText text={tool.description} mode="prose" />
          </p>
        )}
        <p className="rak-approval-reason">
          <span className="rak-approval-reason-label">Why you are asked: </span>
          <VisibleText text={reason} mode="prose" />
        </p>
      </div>
      <InvisibleCharactersWarning id={warningId} found={invisibles} />
      {preview && <FileChangesPreview preview={preview} />}
      <ArgumentsEditor draft={draft} error={inputError} textareaRef={textareaRef} />
      {otherError && (
        <p className="rak-dialog-error" role="alert">
          {otherError}
        </p>
      )}
      {mode === 'deny' ? (
        <DenyReasonForm toolName={escapeInvisible(call.name)} onBack={back} onConfirm={(text) => run(() => approval.deny(text ? { reason: text } : {}))} />
      ) : (
        <div className="rak-dialog-actions">
          {!draft.parsed.ok && <p className="rak-dialog-note">Fix the arguments (not valid JSON) to approve.</p>}
          <button ref={denyRef} type="button" className="rak-button rak-button-danger-soft" onClick={() => setMode('deny')}>
            Deny
          </button>
          <button type="button" className="rak-button" disabled={!draft.parsed.ok} onClick={() => approve(true)}>
            {`Always allow ${escapeInvisible(call.name)}`}
          </button>
          <button type="button" className="rak-button rak-button-primary" disabled={!draft.parsed.ok} onClick={() => approve(false)}>
            Approve
          </button>
        </div>
      )}
    </div>
  );
}

/** The code of an `AgentCommandError` (the class itself is core runtime code, which components do not import). */
function commandErrorCode(error: unknown): AgentCommandError['code'] | undefined {
  return error instanceof Error && error.name === 'AgentCommandError' ? (error as AgentCommandError).code : undefined;
}
