import type { ToolDefinition } from '../tools/define-tool';
import { askUserQuestionToolName } from './question-types';

const optionSchema = {
  type: 'object',
  properties: {
    label: { type: 'string', minLength: 1, description: 'What the person sees.' },
    value: { type: 'string', description: 'What you receive back; defaults to the label.' },
    description: { type: 'string', description: 'One line explaining the choice.' },
    preview: { type: 'string', description: 'Optional longer content shown for this option (e.g. a code snippet).' },
  },
  required: ['label'],
  additionalProperties: false,
} as const;

const questionSchema = {
  type: 'object',
  properties: {
    question: { type: 'string', minLength: 1, description: 'The full question.' },
    header: { type: 'string', minLength: 1, maxLength: 24, description: 'A short label, about 12 characters.' },
    options: { type: 'array', items: optionSchema, minItems: 2, maxItems: 8 },
    multiSelect: { type: 'boolean', description: 'Allow choosing several options. Default false.' },
    required: { type: 'boolean', description: 'The person must answer. Default true.' },
    allowFreeText: { type: 'boolean', description: 'Accept a typed answer besides the options.' },
  },
  required: ['question', 'header', 'options'],
  additionalProperties: false,
} as const;

/**
 * The built-in `ask_user_question` tool: the model asks the person 1 to 4 multiple-choice
 * questions and waits for the answers. It has no `execute`: the agent pauses the call in
 * `answer-requested` until `agent.answer(...)` or `agent.cancelQuestion(...)`.
 *
 * @example
 * ```ts
 * createAgent({ model, askUser: true }); // adds it
 * createAgent({ model, tools: [askUserQuestionTool()] }); // the same
 * ```
 */
export function askUserQuestionTool(): ToolDefinition {
  return {
    name: askUserQuestionToolName,
    description:
      'Ask the user 1-4 multiple-choice questions when you need a decision or a preference you cannot infer. ' +
      'Offer 2-8 clear options per question. The result is { status: "answered", answers } or { status: "cancelled", message }.',
    inputSchema: {
      type: 'object',
      properties: { questions: { type: 'array', items: questionSchema, minItems: 1, maxItems: 4 } },
      required: ['questions'],
      additionalProperties: false,
    },
    readOnly: true,
    category: 'people',
  };
}
