/**
 * How a summarization request is recognized: by the first words of its instructions. Scripted and
 * demo models answer it with a summary instead of a chat reply.
 */
export const summaryInstructionsStart = 'You write the memory of a conversation';

/**
 * Whether a prompt is one the kit sends to summarize a conversation (see `agent.compact()`).
 *
 * @example
 * ```ts
 * isSummaryRequest(call.prompt); // true for the context manager's summarization requests
 * ```
 */
export function isSummaryRequest(prompt: readonly { role: string; content: unknown }[]): boolean {
  const first = prompt[0];
  return first?.role === 'system' && typeof first.content === 'string' && first.content.startsWith(summaryInstructionsStart);
}
