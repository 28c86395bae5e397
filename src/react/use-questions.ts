import { useMemo } from 'react';
import type { Agent, AgentState, Question, QuestionAnswer, RunResult, ToolCall } from '../core/index';
import { useAgentInstance } from './agent-context';
import { callsWithSubAgents } from './sub-agent-calls';
import { shallowEqual, useAgentSelector } from './use-agent-selector';

/** A question with its defaults filled in, so a UI needs no knowledge of them. */
export interface ResolvedQuestion extends Question {
  multiSelect: boolean;
  required: boolean;
  allowFreeText: boolean;
}

/** One `ask_user_question` call waiting for the person, with the commands that settle it. */
export interface PendingQuestion {
  call: ToolCall;
  /** The call's 1-4 questions, defaults resolved (`required` true, `multiSelect` false, free text from the agent). */
  questions: ResolvedQuestion[];
  /** Whether free text is accepted where a question does not say: the default that `questions` were resolved with. */
  allowFreeText: boolean;
  /** One answer per question, in order. Rejects with `AgentCommandError` `invalid-answer` naming the problem. */
  answer(answers: readonly QuestionAnswer[]): Promise<RunResult>;
  /** Dismisses the questions; the model is told, with the note when given. */
  cancel(note?: string): Promise<RunResult>;
}

/** Options of `useQuestions`. */
export interface UseQuestionsOptions {
  /** Overrides the default for questions that do not say whether free text is allowed; by default the agent's `askUser.allowFreeText`. */
  allowFreeText?: boolean;
}

const pickPendingQuestions = (state: AgentState): ToolCall[] => callsWithSubAgents(state, (call) => call.state === 'answer-requested');

/**
 * The `ask_user_question` calls that wait for an answer, oldest first (those of running sub-agents
 * included: they are answered through the agent). Re-renders only when a
 * question call enters or leaves the queue or changes.
 *
 * @example
 * ```tsx
 * function FirstQuestion() {
 *   const [pending] = useQuestions();
 *   if (!pending) return null;
 *   const first = pending.questions[0]!;
 *   return first.options.map((option) => (
 *     <button key={option.label} onClick={() => pending.answer([{ values: [option.value ?? option.label] }])}>
 *       {option.label}
 *     </button>
 *   ));
 * }
 * ```
 */
export function useQuestions(options: UseQuestionsOptions = {}): PendingQuestion[] {
  const agent = useAgentInstance();
  const allowFreeText = options.allowFreeText ?? agent.askUser.allowFreeText;
  const calls = useAgentSelector(pickPendingQuestions, shallowEqual);
  return useMemo(() => calls.map((call) => toPendingQuestion(agent, call, allowFreeText)), [agent, calls, allowFreeText]);
}

function toPendingQuestion(agent: Agent, call: ToolCall, allowFreeText: boolean): PendingQuestion {
  return {
    call,
    questions: questionsOf(call.input).map((question) => ({
      ...question,
      multiSelect: question.multiSelect ?? false,
      required: question.required ?? true,
      allowFreeText: question.allowFreeText ?? allowFreeText,
    })),
    allowFreeText,
    answer: (answers) => agent.answer(call.id, answers),
    cancel: (note) => agent.cancelQuestion(call.id, note),
  };
}

/** The agent validated the input before asking; this guards against a state restored from elsewhere. */
function questionsOf(input: unknown): Question[] {
  if (typeof input !== 'object' || input === null) return [];
  const questions = (input as { questions?: unknown }).questions;
  if (!Array.isArray(questions)) return [];
  return questions.filter(
    (question): question is Question =>
      typeof question === 'object' && question !== null && typeof question.question === 'string' && Array.isArray(question.options),
  );
}
