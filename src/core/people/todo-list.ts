/**
 * How the model's `todo_write` arguments become the plan: for the tool when it runs, and for a
 * rollback, which reads the plan back from the calls that remain. Loaded with the first of them,
 * so agents that never plan do not ship it.
 */
import type { TodoItem, ToolCall } from '../store/state';
import type { ToolExecutionContext } from '../tools/define-tool';
import type { todoLimits } from './todo-rules';

/** The limits are passed in: this module imports no values, so it loads as one small chunk. */
type Limits = typeof todoLimits;

const statuses = new Set(['pending', 'in_progress', 'completed']);

/**
 * The plan that `todo_write`'s arguments describe, or a sentence for the model saying what is
 * wrong: each item needs `content` (or `text`) and a known `status`, at most one item is
 * `in_progress`, ids are unique, and the limits hold. Unknown fields of an item are left out.
 *
 * @example
 * ```ts
 * readTodoList({ todos: [{ text: 'Run the tests', status: 'pending' }] }, todoLimits); // [{ content: 'Run the tests', status: 'pending' }]
 * readTodoList({ todos: [{ content: 'a', status: 'in_progress' }, { content: 'b', status: 'in_progress' }] }, todoLimits); // 'At most one item can be in_progress …'
 * ```
 */
export function readTodoList(input: unknown, { maxItems, maxTextLength, maxIdLength }: Limits): TodoItem[] | string {
  const todos = (input as { todos?: unknown } | null)?.todos;
  if (!Array.isArray(todos)) return 'Send the whole plan as { todos: [...] }.';
  if (todos.length > maxItems) return `The plan has ${todos.length} items; it can have at most ${maxItems}. Group small steps into larger ones.`;
  const list: TodoItem[] = [];
  const ids = new Set<string>();
  for (const [index, item] of todos.entries()) {
    const at = `todos[${index}]`;
    const { content = item?.text, status, id, activeForm } = (item ?? {}) as Record<string, unknown>;
    if (typeof content !== 'string' || content.trim() === '') return `${at} needs its content: the step, as text.`;
    if (content.length > maxTextLength || (typeof activeForm === 'string' && activeForm.length > maxTextLength)) return `${at} is too long; keep each item under ${maxTextLength} characters.`;
    if (typeof status !== 'string' || !statuses.has(status)) return `${at}.status must be "pending", "in_progress" or "completed".`;
    if (activeForm !== undefined && typeof activeForm !== 'string') return `${at}.activeForm must be text.`;
    if (id !== undefined && (typeof id !== 'string' || id.length > maxIdLength || ids.has(id))) return `${at}.id must be text of at most ${maxIdLength} characters, different from the other items' ids.`;
    if (id !== undefined) ids.add(id);
    list.push({ content: content.trim(), status: status as TodoItem['status'], ...(id !== undefined ? { id } : {}), ...(activeForm?.trim() ? { activeForm: activeForm.trim() } : {}) });
  }
  const inProgress = list.filter((item) => item.status === 'in_progress').length;
  if (inProgress > 1) return `At most one item can be in_progress, and ${inProgress} are. Keep the one you are working on in_progress and set the others to pending or completed.`;
  return list;
}

/**
 * What `todo_write` does when it runs: the plan from the arguments (an error result saying what is
 * wrong, otherwise), handed to `setTodos`; the result tells the model where the plan stands.
 *
 * @example
 * ```ts
 * runTodoWrite({ todos: [{ content: 'Test', status: 'in_progress' }] }, context, setTodos, todoLimits); // 'Plan updated: 0 of 1 done. In progress: Test.'
 * ```
 */
export function runTodoWrite(input: unknown, { signal, toolCallId }: ToolExecutionContext, setTodos: (todos: TodoItem[], toolCallId: string) => void, limits: Limits): string {
  // A stopped run changes no plan: the call ends without a result.
  signal.throwIfAborted();
  const todos = readTodoList(input, limits);
  if (typeof todos === 'string') throw new Error(todos);
  setTodos(todos, toolCallId);
  const done = todos.filter((item) => item.status === 'completed').length;
  const now = todos.find((item) => item.status === 'in_progress');
  return `Plan updated: ${done} of ${todos.length} done.${now ? ` In progress: ${now.content}.` : ''}`;
}

/**
 * The plan as the last successful one of `calls` (the `todo_write` calls of the conversation) set
 * it, empty when none did: what the plan was at that point of the conversation (after a rollback).
 *
 * @example
 * ```ts
 * todosFromCalls(state.toolCalls.filter((call) => call.name === 'todo_write'), todoLimits); // [{ content: 'Run the tests', status: 'completed' }]
 * ```
 */
export function todosFromCalls(calls: readonly ToolCall[], limits: Limits): TodoItem[] {
  const call = calls.findLast((entry) => entry.state === 'output-available');
  const list = call ? readTodoList(call.input, limits) : [];
  return typeof list === 'string' ? [] : list;
}
