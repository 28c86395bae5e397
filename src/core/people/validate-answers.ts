import type { AnsweredQuestion, AskUserQuestionInput, QuestionAnswer, QuestionResult } from './question-types';

/** Thrown for answers that do not fit the questions; the message names the question and the problem. */
export class InvalidAnswerError extends Error {
  override readonly name = 'InvalidAnswerError';
}

/**
 * Checks a person's answers against the questions and builds what the model receives.
 * One answer per question, in order; values must be option values; single-select takes at
 * most one; required questions need a value or (where allowed) text.
 *
 * @example
 * ```ts
 * toAnsweredResult(input, [{ values: ['ts'] }], false);
 * // { status: 'answered', answers: [{ question: 'Which language?', header: 'Language', values: ['ts'], labels: ['TypeScript'] }] }
 * ```
 */
export function toAnsweredResult(input: AskUserQuestionInput, answers: readonly QuestionAnswer[], allowFreeTextDefault: boolean): QuestionResult {
  if (!Array.isArray(answers)) throw new InvalidAnswerError('answers must be an array with one answer per question.');
  if (answers.length !== input.questions.length) {
    throw new InvalidAnswerError(`Expected ${input.questions.length} answer(s), one per question, got ${answers.length}.`);
  }
  const result: AnsweredQuestion[] = input.questions.map((question, index) => {
    const answer = answers[index]!;
    const where = `Question ${index + 1} ("${question.header}")`;
    if (typeof answer !== 'object' || answer === null || !Array.isArray(answer.values)) {
      throw new InvalidAnswerError(`${where}: an answer is { values: string[], freeText?: string }.`);
    }
    const optionValue = (option: (typeof question.options)[number]) => option.value ?? option.label;
    const byValue = new Map(question.options.map((option) => [optionValue(option), option]));
    const unknown = answer.values.filter((value: string) => !byValue.has(value));
    if (unknown.length > 0) {
      throw new InvalidAnswerError(`${where}: unknown option value(s) ${unknown.map((value: string) => JSON.stringify(value)).join(', ')}; choose from ${[...byValue.keys()].map((value) => JSON.stringify(value)).join(', ')}.`);
    }
    if (new Set(answer.values).size !== answer.values.length) throw new InvalidAnswerError(`${where}: an option is chosen twice.`);
    if (!question.multiSelect && answer.values.length > 1) throw new InvalidAnswerError(`${where}: only one option may be chosen.`);
    const freeText = typeof answer.freeText === 'string' ? answer.freeText.trim() : '';
    const freeTextAllowed = question.allowFreeText ?? allowFreeTextDefault;
    if (freeText && !freeTextAllowed) throw new InvalidAnswerError(`${where}: free text is not allowed for this question.`);
    if ((question.required ?? true) && answer.values.length === 0 && !freeText) {
      throw new InvalidAnswerError(`${where} is required: choose an option${freeTextAllowed ? ' or type an answer' : ''}.`);
    }
    return {
      question: question.question,
      header: question.header,
      values: [...answer.values],
      labels: answer.values.map((value: string) => byValue.get(value)!.label),
      ...(freeText ? { freeText } : {}),
    };
  });
  return { status: 'answered', answers: result };
}

/** What the model receives when the person cancels the question. */
export function toCancelledResult(note?: string): QuestionResult {
  const message = note?.trim()
    ? `The user dismissed the question: ${note.trim()}`
    : 'The user dismissed the question without answering. Continue without it or ask differently.';
  return { status: 'cancelled', message };
}
