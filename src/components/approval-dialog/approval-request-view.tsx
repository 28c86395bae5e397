import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { AgentCommandError } from '../../core/index';
import type { PendingApproval } from '../../react/index';
import { useToolRender } from '../tool-renderers/tool-renderers';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { VisibleText } from '../visible-text/visible-text';
import { ArgumentsSection } from './arguments-section';
import { genericSummary } from './approval-summary';
import { DenyReasonForm } from './deny-reason-form';
import { FileChangesPreview } from './file-changes-preview';
import { findApprovalInvisibles, InvisibleCharactersWarning } from './invisible-characters-warning';
import { ShellCommandPreview } from './shell-preview/shell-command-preview';
import { useApprovalArguments } from './use-approval-arguments';
import { useStrings } from '../strings/strings-context';

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
 * The approval dialog for one call (`role="alertdialog"`, `aria-modal`). It leads with what will
 * happen in words: the tool's summary (`approval.summary`, from its `summarize`), or a sentence
 * from the tool's name and arguments; then the tool's name, "Why you are asked" (the rule that
 * asked), and the tool's description for the model, collapsed. Then what the call would do: the
 * app's own view when it gives a `ToolRenderer` an `approval` phase, else file changes as diffs,
 * else for the `bash` tool the command with its risky parts marked. Then the arguments, in a form
 * generated from the tool's JSON Schema or as JSON (a switch between them; JSON only when the
 * schema has something the form cannot show); and the decision: Approve, "Always allow <tool>",
 * or Deny, which opens an optional reason. Escape opens the reason (and goes back from it); it
 * never approves, and there is no Enter shortcut: only activating the Approve button approves.
 * Approve waits while a field or the JSON is invalid.
 *
 * What is approved is shown as it is: invisible and direction-changing characters in the tool
 * name, paths and diffs show as `U+XXXX` marks, arguments that hold some open as JSON with
 * `\uXXXX` escapes, and a warning (part of the dialog's description) lists where they are.
 *
 * @example
 * ```tsx
 * const ref = useRef<HTMLDivElement>(null);
 * const { onKeyDown } = useDialogFocus(ref, approval.call.id);
 * <ApprovalRequestView key={approval.call.id} approval={approval} position={1} total={1} dialogRef={ref} onDialogKeyDown={onKeyDown} />
 * ```
 */
export function ApprovalRequestView({ approval, position, total, dialogRef, onDialogKeyDown, className }: ApprovalRequestViewProps) {
  const text = useStrings().approval;
  const { call, tool, reason } = approval;
  const titleId = useId();
  const descriptionId = useId();
  const warningId = useId();
  const args = useApprovalArguments(call.input, tool?.inputSchema);
  const appPreview = useToolRender(call, 'approval');
  const filePreview = call.approval?.preview?.kind === 'file-changes' ? call.approval.preview : undefined;
  const current = args.current.ok ? args.current.value : undefined;
  const shellCommand = shellCommandOf(call.name, current ?? call.input);
  const { text: draftText } = args.json;
  const parsed = args.mode === 'form' ? args.current : args.json.parsed;
  const invisibles = useMemo(() => findApprovalInvisibles({ parsed: parsed.ok ? parsed : { ok: false, problem: '' }, text: draftText }, filePreview), [parsed, draftText, filePreview]);
  const hasInvisibles = invisibles.inArguments.length + invisibles.inPreview.length > 0;
  const [mode, setMode] = useState<'decide' | 'deny'>('decide');
  const [failure, setFailure] = useState<{ snapshot: string; code: string | undefined; message: string } | null>(null);
  const busy = useRef(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const denyRef = useRef<HTMLButtonElement>(null);
  const cameBack = useRef(false);

  useEffect(() => {
    if (mode === 'decide' && cameBack.current) denyRef.current?.focus();
  }, [mode]);

  const run = (command: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    const snapshot = args.snapshot;
    command().then(
      () => void (busy.current = false),
      (error: unknown) => {
        busy.current = false;
        const code = commandErrorCode(error);
        setFailure({ snapshot, code, message: error instanceof Error ? error.message : String(error) });
        if (code === 'invalid-input') (textareaRef.current ?? formRef.current?.querySelector<HTMLElement>('input, textarea, select'))?.focus();
      },
    );
  };
  const approve = (always: boolean) => {
    if (!args.current.ok) return;
    const input = args.edited ? { input: args.current.value } : {};
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

  // The agent's refusal of edited arguments belongs to the arguments it refused; editing clears it.
  const inputError = failure?.code === 'invalid-input' && failure.snapshot === args.snapshot ? failure.message : null;
  const otherError = failure && failure.code !== 'invalid-input' ? failure.message : null;
  const summary = call.approval?.summary;
  const toolName = escapeInvisible(call.name);
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
          {text.eyebrow}
          {total > 1 && <span className="rak-dialog-queue">{text.queue(position, total)}</span>}
        </p>
        <h2 id={titleId} className="rak-dialog-title rak-approval-summary">
          <VisibleText text={summary ?? genericSummary(call.name, current ?? call.input, text)} mode="prose" />
        </h2>
        {summary !== undefined && args.edited && <p className="rak-approval-edited">{text.editedSummary}</p>}
        <p className="rak-approval-tool">
          {`${text.tool} `}
          <code>
            <VisibleText text={call.name} />
          </code>
        </p>
        {approval.subAgent && (
          <p className="rak-approval-asked-by">
            <VisibleText text={text.askedBy(approval.subAgent.name)} mode="prose" />
          </p>
        )}
      </header>
      <div id={descriptionId} className="rak-approval-about">
        <p className="rak-approval-reason">
          <span className="rak-approval-reason-label">{text.whyLabel}</span>
          <VisibleText text={reason} mode="prose" />
        </p>
      </div>
      {tool?.description && (
        <details className="rak-approval-description">
          <summary>{text.toolDescription}</summary>
          <p>
            <VisibleText text={tool.description} mode="prose" />
          </p>
        </details>
      )}
      <InvisibleCharactersWarning id={warningId} found={invisibles} escaped={args.mode === 'json'} />
      {appPreview !== undefined && appPreview !== null ? (
        <div className="rak-approval-preview rak-approval-app-preview">{appPreview}</div>
      ) : filePreview ? (
        <FileChangesPreview preview={filePreview} />
      ) : (
        shellCommand && <ShellCommandPreview {...shellCommand} />
      )}
      <ArgumentsSection args={args} error={inputError} textareaRef={textareaRef} formRef={formRef} />
      {otherError && (
        <p className="rak-dialog-error" role="alert">
          {otherError}
        </p>
      )}
      {mode === 'deny' ? (
        <DenyReasonForm toolName={toolName} onBack={back} onConfirm={(reasonText) => run(() => approval.deny(reasonText ? { reason: reasonText } : {}))} />
      ) : (
        // "Always allow" first and apart (at the start of the row, or a row of its own when narrow),
        // so Deny and Approve stay side by side on a phone; the visual order is the focus order.
        <div className="rak-dialog-actions rak-approval-actions">
          {!args.current.ok && <p className="rak-dialog-note">{text.fixArguments}</p>}
          {/* A remote agent's request (an AG-UI interrupt) is decided each time: "always" would name the request, not what it concerns. */}
          {call.remote?.interruptId === undefined && (
            <button type="button" className="rak-button rak-approval-always" disabled={!args.current.ok} onClick={() => approve(true)}>
              {text.alwaysAllow(toolName)}
            </button>
          )}
          <button ref={denyRef} type="button" className="rak-button rak-button-danger-soft" onClick={() => setMode('deny')}>
            {text.deny}
          </button>
          <button type="button" className="rak-button rak-button-primary" disabled={!args.current.ok} onClick={() => approve(false)}>
            {text.approve}
          </button>
        </div>
      )}
    </div>
  );
}

/** The kit's shell tool is `bash` with `{ command, cwd? }` (react-agent-kit/shell). */
function shellCommandOf(name: string, input: unknown): { command: string; cwd?: string } | undefined {
  if (name !== 'bash' || typeof input !== 'object' || input === null) return undefined;
  const { command, cwd } = input as { command?: unknown; cwd?: unknown };
  return typeof command === 'string' ? { command, ...(typeof cwd === 'string' ? { cwd } : {}) } : undefined;
}

/** The code of an `AgentCommandError` (the class itself is core runtime code, which components do not import). */
function commandErrorCode(error: unknown): AgentCommandError['code'] | undefined {
  return error instanceof Error && error.name === 'AgentCommandError' ? (error as AgentCommandError).code : undefined;
}
