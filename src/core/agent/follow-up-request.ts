/**
 * How a follow-up suggestions request is recognized: by the first words of its instructions.
 * Scripted and demo models answer it with follow-up questions instead of a chat reply.
 */
export const followUpInstructionsStart = 'You suggest follow-up messages';

/**
 * Whether a prompt is one the kit sends to ask for follow-up suggestions (see `suggestFollowUps`).
 *
 * @example
 * ```ts
 * if (isFollowUpRequest(call.prompt)) return '["What about tomorrow?", "And in Paris?"]';
 * ```
 */
export function isFollowUpRequest(prompt: readonly { role: string; content: unknown }[]): boolean {
  const first = prompt[0];
  return first?.role === 'system' && typeof first.content === 'string' && first.content.startsWith(followUpInstructionsStart);
}
