import { useEffect, useId, useRef, useState, type Ref } from 'react';
import { ArgumentsEditor } from './arguments-editor';
import { SchemaForm } from './schema-form/schema-form';
import type { ApprovalArguments } from './use-approval-arguments';
import { useStrings } from '../strings/strings-context';

/** Props of `ArgumentsSection`. */
export interface ArgumentsSectionProps {
  args: ApprovalArguments;
  /** The agent's refusal of the edited arguments, shown under them. */
  error: string | null;
  textareaRef?: Ref<HTMLTextAreaElement>;
  formRef?: Ref<HTMLDivElement>;
}

/**
 * The arguments in the approval dialog: the generated form (a group labelled "Arguments") or the
 * JSON editor, with a button to switch between them when the schema has a form, and Reset once
 * something changed. When the schema has no form, a line says which property it cannot show.
 *
 * @example
 * ```tsx
 * <ArgumentsSection args={useApprovalArguments(call.input, tool?.inputSchema)} error={refusal} />
 * ```
 */
export function ArgumentsSection({ args, error, textareaRef, formRef }: ArgumentsSectionProps) {
  const text = useStrings().approval;
  const id = useId();
  const headingId = `${id}-heading`;
  const [problem, setProblem] = useState<string | null>(null);
  // The switch moves to the other editor's head: focus goes with it, not to the page.
  const switchRef = useRef<HTMLButtonElement>(null);
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    switched.current = false;
    switchRef.current?.focus();
  }, [args.mode]);
  const toggle = (mode: 'form' | 'json') => {
    const found = args.switchTo(mode);
    switched.current = found === null;
    setProblem(found === 'does-not-fit' ? text.notForm : found === 'hidden-characters' ? text.invisibleInForm : null);
  };
  const switchButton = args.form && (
    <button ref={switchRef} type="button" className="rak-button rak-button-small" onClick={() => toggle(args.mode === 'form' ? 'json' : 'form')}>
      {args.mode === 'form' ? text.editAsJson : text.editInForm}
    </button>
  );
  const notes = (
    <>
      {args.formUnavailable !== undefined && <p className="rak-arguments-hint rak-arguments-note">{text.jsonOnly(args.formUnavailable ? `“${args.formUnavailable}”` : 'these arguments')}</p>}
      {problem && args.mode === 'json' && (
        <p className="rak-arguments-hint rak-arguments-note" role="status">
          {problem}
        </p>
      )}
    </>
  );
  if (args.mode === 'json' || !args.form) {
    return (
      <div className="rak-arguments-section">
        <ArgumentsEditor draft={args.json} error={error} textareaRef={textareaRef} actions={switchButton} />
        {notes}
      </div>
    );
  }
  return (
    <div className="rak-arguments rak-arguments-section">
      <div className="rak-arguments-head">
        <p id={headingId} className="rak-arguments-label">
          {text.argumentsLabel}
        </p>
        <span className="rak-arguments-actions">
          {args.changed && (
            <button type="button" className="rak-button rak-button-small" onClick={args.reset}>
              {text.reset}
            </button>
          )}
          {switchButton}
        </span>
      </div>
      <div ref={formRef} role="group" aria-labelledby={headingId} className="rak-form">
        <SchemaForm fields={args.form.fields} values={args.form.values} errors={args.form.errors} onChange={args.form.setValue} idPrefix={id} />
      </div>
      {error && (
        <p className="rak-arguments-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
