/** One choice of a question. `value` is what the model receives; it defaults to `label`. */
export interface QuestionOption {
  label: string;
  value?: string;
  description?: string;
  /** Longer content shown when the option is focused (a code snippet, a sketch of the result). */
  preview?: string;
}

/** One question of an `ask_user_question` call. */
export interface Question {
  question: string;
  /** A short chip shown above the question (about 12 characters). */
  header: string;
  options: QuestionOption[];
  /** Several options may be chosen. Default false. */
  multiSelect?: boolean;
  /** The person must answer it (choose, or type when free text is allowed). Default true. */
  required?: boolean;
  /** Whether a typed answer is accepted besides the options. Default: the agent's `askUser.allowFreeText`. */
  allowFreeText?: boolean;
}

/** The input of the built-in `ask_user_question` tool: 1 to 4 questions. */
export interface AskUserQuestionInput {
  questions: Question[];
}

/**
 * The person's answer to one question, in the order of the questions: the chosen option
 * values (one for single-select) and, where allowed, typed text.
 */
export interface QuestionAnswer {
  values: string[];
  freeText?: string;
}

/** What the model receives for an answered question (labels help it read the answer back). */
export interface AnsweredQuestion {
  question: string;
  header: string;
  values: string[];
  labels: string[];
  freeText?: string;
}

/** The result of an `ask_user_question` call, as the model receives it. */
export type QuestionResult = { status: 'answered'; answers: AnsweredQuestion[] } | { status: 'cancelled'; message: string };

/** The name of the built-in question tool. */
export const askUserQuestionToolName = 'ask_user_question';

/** The built-in question tool: `true`, or options for it. */
export type AskUserOption = boolean | { allowFreeText?: boolean };
