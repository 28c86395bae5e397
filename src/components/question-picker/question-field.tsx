import { useId, useState } from 'react';
import type { QuestionOption } from '../../core/index';
import type { ResolvedQuestion } from '../../react/index';
import type { AnswerDraft } from './use-answer-drafts';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/** Props of `QuestionField`: one resolved question and the answer given to it so far. */
export interface QuestionFieldProps {
  question: ResolvedQuestion;
  draft: AnswerDraft;
  onChange: (draft: AnswerDraft) => void;
}

/**
 * One question as a fieldset: its header chip and text as the legend, the options as native
 * radio buttons (single choice: arrow keys move between them) or checkboxes (several), each
 * with its description, the `preview` of the option last chosen, and a text field where free text
 * is allowed. A single-choice answer is one thing: choosing an option empties the text, typing
 * text clears the option. The preview follows the choice, not focus: a mouse press focuses the
 * option before the click chooses it, and a preview that appeared in between would move the
 * options under the pointer (the click then missed). Invisible characters in the model's texts show as `U+XXXX`
 * marks (as prose: emoji sequences and the joiners of Persian or Indic words stay as they are);
 * a preview is shown like code, with every one marked.
 *
 * @example
 * ```tsx
 * <QuestionField question={question} draft={drafts[0]} onChange={(draft) => update(0, draft)} />
 * ```
 */
export function QuestionField({ question, draft, onChange }: QuestionFieldProps) {
  const words = useStrings().questions;
  const id = useId();
  // The option last ticked (several choices); else the chosen one.
  const [lastTicked, setLastTicked] = useState<string | null>(null);
  const valueOf = (option: QuestionOption) => option.value ?? option.label;
  const chosen = question.options.findIndex((option) => draft.values.includes(valueOf(option)));
  const ticked = question.options.findIndex((option) => valueOf(option) === lastTicked && draft.values.includes(lastTicked));
  const previewed = question.options[ticked === -1 ? chosen : ticked];
  const hasPreviews = question.options.some((option) => option.preview);

  const toggle = (value: string, checked: boolean) => {
    if (!question.multiSelect) return onChange({ values: [value], freeText: '' });
    setLastTicked(checked ? value : null);
    // Kept in the options' order, whatever order they were ticked in.
    const next = new Set(checked ? [...draft.values, value] : draft.values.filter((existing) => existing !== value));
    onChange({ ...draft, values: question.options.map(valueOf).filter((candidate) => next.has(candidate)) });
  };

  return (
    <fieldset className="rak-question" data-multi-select={question.multiSelect}>
      <legend className="rak-question-legend">
        <span className="rak-question-header">
          <VisibleText text={question.header} mode="prose" />
        </span>
        <span className="rak-question-text">
          <VisibleText text={question.question} mode="prose" />
        </span>
        <span className="rak-question-rule">{[question.multiSelect ? words.chooseAny : words.chooseOne, question.required ? null : words.optional].filter(Boolean).join(', ')}</span>
      </legend>
      <div className="rak-question-options">
        {question.options.map((option, index) => {
          const value = valueOf(option);
          const labelId = `${id}-option-${index}`;
          const descriptionId = `${labelId}-description`;
          return (
            <label key={value} className="rak-question-option" data-checked={draft.values.includes(value)}>
              <input
                type={question.multiSelect ? 'checkbox' : 'radio'}
                name={`${id}-options`}
                value={value}
                checked={draft.values.includes(value)}
                // Named by the label alone; the description is read as a description.
                aria-labelledby={labelId}
                aria-describedby={option.description ? descriptionId : undefined}
                onChange={(event) => toggle(value, event.target.checked)}
              />
              <span className="rak-question-option-text">
                <span id={labelId} className="rak-question-option-label">
                  <VisibleText text={option.label} mode="prose" />
                </span>
                {option.description && (
                  <span id={descriptionId} className="rak-question-option-description">
                    <VisibleText text={option.description} mode="prose" />
                  </span>
                )}
              </span>
            </label>
          );
        })}
      </div>
      {hasPreviews && (
        <div className="rak-question-preview" aria-live="polite">
          {previewed?.preview && (
            <>
              <p className="rak-question-preview-label">
                Preview: <VisibleText text={previewed.label} mode="prose" />
              </p>
              <pre className="rak-question-preview-text">
                <VisibleText text={previewed.preview} />
              </pre>
            </>
          )}
        </div>
      )}
      {question.allowFreeText && (
        <div className="rak-question-free">
          <label className="rak-question-free-label" htmlFor={`${id}-free`}>
            {question.options.length > 0 ? words.ownWords : words.yourAnswer}
          </label>
          <input
            id={`${id}-free`}
            className="rak-question-free-input"
            type="text"
            value={draft.freeText}
            autoComplete="off"
            onChange={(event) => {
              const freeText = event.target.value;
              onChange({ values: question.multiSelect || freeText.trim() === '' ? draft.values : [], freeText });
            }}
          />
        </div>
      )}
    </fieldset>
  );
}
