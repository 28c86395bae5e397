import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { PendingQuestion } from '../../react/index';
import { useReturnFocus } from '../approval-dialog/use-return-focus';
import { QuestionField } from './question-field';
import { useAnswerDrafts } from './use-answer-drafts';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { useStrings } from '../strings/strings-context';

/** The question docked above the composer: `QuestionPicker` loads it when a question first waits. */
export function DockedQuestion({ pending, total, autoFocus, className }: { pending: PendingQuestion; total: number; autoFocus: boolean; className?: string | undefined }) {
  const words = useStrings().questions;
  const ref = useRef<HTMLFormElement>(null);
  const titleId = useId();
  const hintId = useId();
  const { drafts, update, missing, toAnswers } = useAnswerDrafts(pending.questions);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = useRef(false);
  useReturnFocus(ref);
  useEffect(() => {
    if (autoFocus) ref.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  const run = (command: () => Promise<unknown>) => {
    if (busy.current) return;
    busy.current = true;
    setFailure(null);
    command().then(
      () => void (busy.current = false),
      (error: unknown) => {
        busy.current = false;
        setFailure(error instanceof Error ? error.message : String(error));
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (missing.length === 0) run(() => pending.answer(toAnswers()));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // No implicit submission from a radio, checkbox or text field: only the Submit button submits.
    if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
  };

  const several = pending.questions.length > 1;
  return (
    <form
      ref={ref}
      className={['rak-question-picker', className].filter(Boolean).join(' ')}
      aria-labelledby={titleId}
      tabIndex={-1}
      noValidate
      data-rak-people-prompt="question"
      data-tool-call-id={pending.call.id}
      onSubmit={onSubmit}
      onKeyDown={onKeyDown}
    >
      <header className="rak-question-picker-header">
        <h2 id={titleId} className="rak-question-picker-title">
          {several ? words.titleSeveral : words.title}
        </h2>
        {total > 1 && <span className="rak-dialog-queue">{words.queue(1, total)}</span>}
      </header>
      {pending.questions.length === 0 && <p className="rak-dialog-error">{words.noQuestions}</p>}
      {pending.questions.map((question, index) => (
        <QuestionField key={index} question={question} draft={drafts[index]!} onChange={(draft) => update(index, draft)} />
      ))}
      {/* Sticky: however long the questions, Submit stays in view at the card's bottom edge. */}
      <div className="rak-question-picker-footer">
        <p id={hintId} className="rak-question-hint" aria-live="polite">
          {missing.length > 0 ? words.toSubmit(missing.map((question) => escapeInvisible(question.header, 'prose'))) : ''}
        </p>
        {failure && (
          <p className="rak-dialog-error" role="alert">
            {failure}
          </p>
        )}
        <div className="rak-dialog-actions">
          <button type="button" className="rak-button" onClick={() => run(() => pending.cancel())}>
            {words.cancel}
          </button>
          <button type="submit" className="rak-button rak-button-primary" disabled={missing.length > 0 || pending.questions.length === 0} aria-describedby={hintId}>
            {words.submit}
          </button>
        </div>
      </div>
    </form>
  );
}
