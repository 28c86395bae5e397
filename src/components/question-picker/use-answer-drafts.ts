import { useState } from 'react';
import type { QuestionAnswer } from '../../core/index';
import type { ResolvedQuestion } from '../../react/index';

/** What the person has chosen and typed for one question so far. */
export interface AnswerDraft {
  values: string[];
  freeText: string;
}

/** The answers being given to a call's questions, and what is still missing. */
export interface AnswerDrafts {
  drafts: AnswerDraft[];
  /** Replaces the draft of question `index`. */
  update: (index: number, draft: AnswerDraft) => void;
  /** The required questions without an answer (no option chosen, no text typed). */
  missing: ResolvedQuestion[];
  /** The answers as `agent.answer` takes them; empty text is left out; a single choice is an option or text, never both. */
  toAnswers: () => QuestionAnswer[];
}

/**
 * The person's answers to one question call, one draft per question, in order.
 *
 * @example
 * ```tsx
 * const { drafts, update, missing, toAnswers } = useAnswerDrafts(pending.questions);
 * <button disabled={missing.length > 0} onClick={() => pending.answer(toAnswers())}>Submit</button>
 * ```
 */
export function useAnswerDrafts(questions: readonly ResolvedQuestion[]): AnswerDrafts {
  const [drafts, setDrafts] = useState<AnswerDraft[]>(() => questions.map(() => ({ values: [], freeText: '' })));
  const update = (index: number, draft: AnswerDraft) => setDrafts((current) => current.map((old, at) => (at === index ? draft : old)));
  const missing = questions.filter((question, index) => question.required && isEmpty(drafts[index]));
  const toAnswers = () =>
    questions.map((question, index): QuestionAnswer => {
      const draft = drafts[index] ?? { values: [], freeText: '' };
      const freeText = question.allowFreeText ? draft.freeText.trim() : '';
      // A single-choice answer is one thing: the text, when there is one (the field keeps them apart too).
      if (freeText && !question.multiSelect) return { values: [], freeText };
      return freeText ? { values: draft.values, freeText } : { values: draft.values };
    });
  return { drafts, update, missing, toAnswers };
}

function isEmpty(draft: AnswerDraft | undefined): boolean {
  return !draft || (draft.values.length === 0 && draft.freeText.trim() === '');
}
