/**
 * Every string the plan shows people or says to assistive technology (`Plan`, and the summary of a
 * `todo_write` call in its card), in one place so that a locale can replace them together.
 */
export const planText = {
  title: 'Plan',
  /** The progress, in the plan's head and in a `todo_write` card. */
  progress: (done: number, total: number) => `${done} of ${total} done`,
  /** Each item's status, read before its text (the icons are not read). */
  status: { pending: 'To do', in_progress: 'In progress', completed: 'Done' },
  /** Said when the model starts an item. */
  working: (step: string) => `Working on: ${step}`,
  /** Said when the last item is done. */
  finished: (total: number) => `Plan done: all ${total} ${total === 1 ? 'step' : 'steps'}`,
};
