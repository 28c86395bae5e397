import { Suspense } from 'react';
import { useQuestions } from '../../react/index';
import { lazyPart } from '../lazy-part';

/**
 * The picker's code (the fields, the drafts, their checks) loads when a question first waits, or
 * earlier with `questionPickerPart.preload()` (`AgentChat` preloads it when a run starts).
 */
export const questionPickerPart = lazyPart(() => import('./docked-question').then((module) => module.DockedQuestion));

/** Props of `QuestionPicker`. */
export interface QuestionPickerProps {
  /**
   * Whether questions that do not say accept free text: pass what the agent was created with
   * (`askUser: { allowFreeText: true }`). Defaults to the agent's setting.
   */
  allowFreeText?: boolean;
  /** Move focus to the picker when a question arrives. Default true. */
  autoFocus?: boolean;
  className?: string;
}

/**
 * Answers the oldest pending `ask_user_question` call ("1 of 2" when several wait): each of
 * its 1-4 questions with its header, options (radio buttons or checkboxes, with descriptions
 * and previews) and, where allowed, a free-text field. Submit stays disabled, with the reason
 * shown, until every required question is answered; the agent's own check of the answers is
 * shown when it refuses them. Cancel dismisses the questions (the model is told).
 *
 * It is a form in the page, not a modal: a person often needs to scroll the conversation to
 * answer, and nothing is run or lost by leaving it open. When a question arrives it takes focus
 * (its container, so a screen reader reads its title), and gives focus back once answered.
 * Enter submits only from the Submit button, so a half-filled form is never sent by accident.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <MyThread />
 *   <QuestionPicker allowFreeText />
 *   <MyComposer />
 * </AgentProvider>
 * ```
 */
export function QuestionPicker({ allowFreeText, autoFocus = true, className }: QuestionPickerProps) {
  const questions = useQuestions({ allowFreeText });
  const first = questions[0];
  if (!first) return null;
  return (
    <Suspense fallback={null}>
      <questionPickerPart.Component key={first.call.id} pending={first} total={questions.length} autoFocus={autoFocus} className={className} />
    </Suspense>
  );
}
