import type { TodoItem } from '../store/state';
import type { ToolDefinition } from '../tools/define-tool';
import { todoLimits, todoWriteToolName } from './todo-rules';

/**
 * The built-in `todo_write` tool that `createAgent({ todos: true })` adds: the model sends its
 * whole plan each time, and `setTodos` receives it (the agent puts it in the state). It changes
 * nothing outside the plan, so it runs without asking (`readOnly`, category `plan`). A list that
 * breaks the rules (two items in progress, too many items) is an error result that says so, and
 * the plan stays as it was.
 *
 * @example
 * ```ts
 * const tool = todoWriteTool((todos, toolCallId) => dispatch({ type: 'todos-update', todos, toolCallId }));
 * ```
 */
export function todoWriteTool(setTodos: (todos: TodoItem[], toolCallId: string) => void): ToolDefinition {
  const { maxItems, maxTextLength } = todoLimits;
  return {
    name: todoWriteToolName,
    description:
      'Plan a task of 3 or more steps as a checklist the user sees. Send the whole list each time. ' +
      'Mark an item in_progress when you start it (one at a time), completed once done.',
    inputSchema: {
      type: 'object',
      properties: {
        todos: {
          type: 'array',
          maxItems,
          items: {
            type: 'object',
            properties: {
              content: { type: 'string', minLength: 1, maxLength: maxTextLength, description: 'Required: "Run the tests"' },
              status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
              activeForm: { type: 'string', maxLength: maxTextLength, description: '"Running the tests"' },
              id: { type: 'string' },
            },
            // `content` is checked by the tool, which also takes `text` (some models say so).
            required: ['status'],
          },
        },
      },
      required: ['todos'],
      additionalProperties: false,
    },
    readOnly: true,
    category: 'plan',
    // The rules load with the first call: agents that never plan do not ship them.
    execute: async (input, context) => (await import('./todo-list')).runTodoWrite(input, context, setTodos, todoLimits),
  };
}
