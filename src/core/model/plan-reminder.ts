import type { TodoItem } from '../store/state';

const start = '<system-reminder>\nThe plan (todo_write)';
const marks: Record<TodoItem['status'], string> = { completed: '[x]', in_progress: '[>]', pending: '[ ]' };

/**
 * The short note about the open plan that ends every request while an item is not completed, as a
 * user message of its own after the conversation (so the prompt before it stays the same, and a
 * provider's prompt cache keeps working). `undefined` when there is no plan or all of it is done.
 *
 * @example
 * ```ts
 * planReminder([{ content: 'Read', status: 'completed' }, { content: 'Test', status: 'in_progress' }, { content: 'Ship', status: 'pending' }]);
 * // '<system-reminder>\nThe plan (todo_write), 1 of 3 done:\n[x] Read\n[>] Test\n[ ] Ship\n…'
 * ```
 */
export function planReminder(todos: readonly TodoItem[] | undefined): string | undefined {
  if (!todos?.some((item) => item.status !== 'completed')) return undefined;
  const done = todos.filter((item) => item.status === 'completed').length;
  const lines = todos.map((item) => `${marks[item.status]} ${item.content}`).join('\n');
  return `${start}, ${done} of ${todos.length} done:\n${lines}\nKeep it current with todo_write as you work. The app adds this note; the user did not write it.\n</system-reminder>`;
}
