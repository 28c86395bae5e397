/**
 * How the plan's note begins (`planReminder` in model/plan-reminder.ts writes it; a test keeps the
 * two the same). Written out here so that scripted models do not share a module with the core's
 * prompt code: each bundle keeps its own copy of a few bytes instead of a chunk of its own.
 */
const planReminderStart = '<system-reminder>\nThe plan (todo_write)';

/**
 * Whether a prompt message is the plan's note that ends requests of agents with `todos: true`;
 * scripted models read past it to the user's words.
 *
 * @example
 * ```ts
 * isPlanReminder(prompt.at(-1)); // true when the request ends with the plan
 * ```
 */
export function isPlanReminder(message: { role: string; content: unknown } | undefined): boolean {
  const [part] = message?.role === 'user' && Array.isArray(message.content) ? (message.content as Array<{ text?: unknown }>) : [];
  return typeof part?.text === 'string' && part.text.startsWith(planReminderStart);
}
