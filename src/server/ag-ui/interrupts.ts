/**
 * What a run waits for, as AG-UI interrupts (`RUN_FINISHED.outcome = { type: 'interrupt',
 * interrupts }`): one per call waiting for a person, its `id` the call's id, so the answer in the
 * next run's `resume[]` finds the call again without the server keeping anything. Each says what
 * answer it takes in `responseSchema` (see `resume-decisions.ts`, which reads the answers).
 */
import { askUserQuestionToolName, type AgentState, type AskUserQuestionInput, type ToolCall } from '../../core/index';
import type { AgUiInterrupt } from './ag-ui-wire';

/** `reason` of an interrupt that asks to approve a tool call. */
export const approvalInterruptReason = 'tool_approval';
/** `reason` of an interrupt that asks a person the model's questions (`ask_user_question`). */
export const questionInterruptReason = 'user_question';

/** The answer an approval takes: approve (maybe with other arguments) or deny (maybe saying why). */
const approvalResponseSchema = {
  type: 'object',
  properties: {
    approved: { type: 'boolean', description: 'true runs the call; false denies it.' },
    reason: { type: 'string', description: 'Why it is denied; the model receives it.' },
    editedArgs: { type: 'object', description: 'Arguments to run the call with instead of the model’s (checked against the tool’s schema).' },
  },
  required: ['approved'],
  additionalProperties: false,
} as const;

/**
 * The interrupts of the calls in `state` that wait for a person, in call order.
 *
 * @example
 * ```ts
 * const interrupts = interruptsOf(agent.getState());
 * if (interrupts.length) send({ type: 'RUN_FINISHED', threadId, runId, outcome: { type: 'interrupt', interrupts } });
 * ```
 */
export function interruptsOf(state: AgentState): AgUiInterrupt[] {
  return state.toolCalls.flatMap((call) => (call.state === 'approval-requested' ? [approvalInterrupt(call)] : call.state === 'answer-requested' ? [questionInterrupt(call)] : []));
}

function approvalInterrupt(call: ToolCall): AgUiInterrupt {
  const approval = call.approval;
  return {
    id: call.id,
    reason: approvalInterruptReason,
    message: [approval?.summary ?? `Run the tool "${call.name}"?`, approval?.reason].filter(Boolean).join(' '),
    toolCallId: call.id,
    responseSchema: approvalResponseSchema,
    ...(approval?.expiresAt !== undefined ? { expiresAt: new Date(approval.expiresAt).toISOString() } : {}),
    metadata: { toolName: call.name, arguments: call.input ?? null, ...(approval?.preview ? { preview: approval.preview } : {}) },
  };
}

function questionInterrupt(call: ToolCall): AgUiInterrupt {
  const { questions } = call.input as AskUserQuestionInput;
  return {
    id: call.id,
    reason: questionInterruptReason,
    message: questions.map((question) => question.question).join('\n'),
    toolCallId: call.id,
    responseSchema: answersSchema(questions),
    metadata: { toolName: askUserQuestionToolName, questions },
  };
}

/** One answer per question, in order: the values of the chosen options, and free text where a question takes it. */
function answersSchema(questions: AskUserQuestionInput['questions']): Record<string, unknown> {
  return {
    type: 'object',
    properties: {
      answers: {
        type: 'array',
        minItems: questions.length,
        maxItems: questions.length,
        prefixItems: questions.map((question) => ({
          type: 'object',
          title: question.header,
          description: question.question,
          properties: {
            values: { type: 'array', items: { enum: question.options.map((option) => option.value ?? option.label) }, uniqueItems: true, ...(question.multiSelect ? {} : { maxItems: 1 }) },
            freeText: { type: 'string' },
          },
          required: ['values'],
          additionalProperties: false,
        })),
      },
    },
    required: ['answers'],
    additionalProperties: false,
  };
}
