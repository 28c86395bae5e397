import { useEffect, useId, useRef, useState } from 'react';
import type { TodoItem } from '../../core/index';
import { useTodos } from '../../react/index';
import { useWords } from '../strings/strings-context';
import { planText } from './plan-text';

/** Props of {@link Plan}. */
export interface PlanProps {
  /**
   * Whether the list is open while the plan has work left. Default `true`. A finished plan closes
   * to its head ("4 of 4 done"); the head always shows the progress, and the current step when closed.
   */
  defaultOpen?: boolean;
  className?: string;
}

/**
 * The agent's plan (`createAgent({ todos: true })`), as the model keeps it with `todo_write`: a
 * head with "2 of 5 done" that opens and closes the list, and the list of steps, each with its
 * status as an icon and in words for screen readers; the step in progress shows what the model is
 * doing ("Running the tests"). When the model starts a step or finishes the plan, it is said
 * politely, once; a finished plan closes to its head. Renders nothing while there is no plan. `AgentChat` shows it above the composer.
 * Also exported as `TodoList`.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <Plan defaultOpen={false} />
 * </AgentProvider>
 * ```
 */
export function Plan({ defaultOpen = true, className }: PlanProps) {
  const todos = useTodos();
  const words = useWords('plan', planText);
  const listId = useId();
  const announcement = useAnnouncement(todos, words);
  const done = todos.filter((item) => item.status === 'completed').length;
  const current = todos.find((item) => item.status === 'in_progress');
  // A finished plan closes to its head, so it does not keep the room above the composer; a new one opens again.
  const complete = done === todos.length;
  const [view, setView] = useState({ open: defaultOpen && !complete, complete });
  if (view.complete !== complete) setView({ open: defaultOpen && !complete, complete });
  const { open } = view;
  const setOpen = (next: boolean) => setView({ open: next, complete });
  return (
    <>
      {todos.length > 0 && (
        <section className={['rak-plan', className].filter(Boolean).join(' ')} aria-label={words.title} data-complete={complete ? '' : undefined}>
          <button type="button" className="rak-plan-toggle" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
            <span className="rak-plan-title">{words.title}</span>
            <span className="rak-plan-progress">{words.progress(done, todos.length)}</span>
            {!open && current && <span className="rak-plan-current">{stepText(current)}</span>}
          </button>
          <ol id={listId} className="rak-plan-list" hidden={!open}>
            {todos.map((item, index) => (
              <li key={item.id ?? index} className="rak-plan-item" data-status={item.status}>
                <span className="rak-plan-icon" aria-hidden="true" />
                <span className="rak-visually-hidden">{words.status[item.status]}: </span>
                <span className="rak-plan-text">{stepText(item)}</span>
              </li>
            ))}
          </ol>
        </section>
      )}
      {/* Always in the page, so that the first change in it is read. */}
      <div className="rak-visually-hidden" role="status">
        {announcement}
      </div>
    </>
  );
}

/** An item as it reads: the step in progress as what is being done, if the model said so. */
function stepText(item: TodoItem): string {
  return item.status === 'in_progress' && item.activeForm ? item.activeForm : item.content;
}

/**
 * What to say about the latest change of the plan, if anything: a step started, or the plan done.
 * Only those two, so a model that rewrites its plan every step is not read out every step.
 */
function useAnnouncement(todos: readonly TodoItem[], words: typeof planText): string {
  const previous = useRef(todos);
  const [said, setSaid] = useState('');
  useEffect(() => {
    const before = previous.current;
    previous.current = todos;
    if (before === todos) return;
    const allDone = (list: readonly TodoItem[]) => list.length > 0 && list.every((item) => item.status === 'completed');
    const current = todos.find((item) => item.status === 'in_progress');
    const earlier = before.find((item) => item.status === 'in_progress');
    if (allDone(todos) && !allDone(before)) setSaid(words.finished(todos.length));
    else if (current && current.content !== earlier?.content) setSaid(words.working(stepText(current)));
  }, [todos, words]);
  return said;
}
