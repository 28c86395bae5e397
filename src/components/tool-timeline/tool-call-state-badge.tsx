import type { QuestionResult, ToolCall, ToolCallState } from '../../core/index';
import { englishToolStates, type KitStrings } from '../strings/kit-strings';
import { useStrings } from '../strings/strings-context';

/**
 * What each state of a tool call is called in the UI, in English (the components take their
 * words from `useStrings().toolStates`).
 *
 * @example
 * ```ts
 * toolCallStateLabels['output-denied']; // 'Denied'
 * ```
 */
export const toolCallStateLabels: Readonly<Record<ToolCallState, string>> = englishToolStates;

const finishedStates: ReadonlySet<ToolCallState> = new Set(['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed']);

/**
 * Whether a call has its result (the final states of the tool-call state machine).
 *
 * @example
 * ```ts
 * isFinishedState('running'); // false
 * ```
 */
export function isFinishedState(state: ToolCallState): boolean {
  return finishedStates.has(state);
}

/**
 * The label of a call's state; a question the person dismissed reads "Dismissed", not "Done".
 * In English unless given other `labels` (`useStrings().toolStates`).
 *
 * @example
 * ```ts
 * toolCallStateLabel(call); // 'Running'
 * ```
 */
export function toolCallStateLabel(call: StateFields, labels: KitStrings['toolStates'] = englishToolStates): string {
  if (call.state === 'output-available' && call.name === 'ask_user_question' && isDismissedQuestion(call.output)) return labels.dismissed;
  return labels[call.state];
}

type StateFields = Pick<ToolCall, 'name' | 'state' | 'output'>;

/** The `ask_user_question` result for a dismissed question (`QuestionResult`). */
function isDismissedQuestion(output: unknown): boolean {
  return typeof output === 'object' && output !== null && (output as QuestionResult).status === 'cancelled';
}

/**
 * A small badge with a call's state, colored by the state (`data-state`).
 *
 * @example
 * ```tsx
 * <ToolCallStateBadge call={call} />
 * ```
 */
export function ToolCallStateBadge({ call }: { call: StateFields }) {
  const { toolStates } = useStrings();
  return (
    <span className="rak-tool-state" data-state={call.state}>
      {toolCallStateLabel(call, toolStates)}
    </span>
  );
}
