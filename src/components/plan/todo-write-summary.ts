import type { ToolCall } from '../../core/index';
import type { KitStrings } from '../strings/kit-strings';

/** The built-in plan tool (`todoWriteToolName` of the core; components import no core values). */
const todoWriteToolName = 'todo_write';

/**
 * The one-line summary of a `todo_write` call in its card: the plan's progress and the step in
 * progress ("1 of 3 done · Writing the draft") instead of its arguments as JSON. `undefined` for
 * other tools and while the arguments stream.
 *
 * @example
 * ```ts
 * todoWriteSummary(call, strings.plan) ?? summarizeArguments(call.input, call.inputText);
 * ```
 */
export function todoWriteSummary(call: ToolCall, words: KitStrings['plan']): string | undefined {
  const todos = call.name === todoWriteToolName ? (call.input as { todos?: unknown } | undefined)?.todos : undefined;
  if (!Array.isArray(todos)) return undefined;
  const items = todos as Array<Record<string, unknown> | null>;
  const done = items.filter((item) => item?.status === 'completed').length;
  const current = items.find((item) => item?.status === 'in_progress');
  const step = [current?.activeForm, current?.content, current?.text].find((text) => typeof text === 'string' && text.trim() !== '');
  const progress = words.progress(done, items.length);
  return typeof step === 'string' ? `${progress} · ${step}` : progress;
}
