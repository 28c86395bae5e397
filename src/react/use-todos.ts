import type { AgentState, TodoItem } from '../core/index';
import { useAgentSelector } from './use-agent-selector';

const none: readonly TodoItem[] = [];
const pickTodos = (state: AgentState): readonly TodoItem[] => state.todos ?? none;

/**
 * The agent's plan (`createAgent({ todos: true })`): the items the model keeps with `todo_write`,
 * in order, each `pending`, `in_progress` or `completed`; empty when there is none. Re-renders only
 * when the plan changes (the model sends a new list, or a rollback restores one).
 *
 * @example
 * ```tsx
 * function Progress() {
 *   const todos = useTodos();
 *   const done = todos.filter((item) => item.status === 'completed').length;
 *   return todos.length > 0 ? <p>{done} of {todos.length} done</p> : null;
 * }
 * ```
 */
export function useTodos(): readonly TodoItem[] {
  return useAgentSelector(pickTodos);
}
