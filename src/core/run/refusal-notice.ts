/**
 * A refusal is visible. When a provider ends a turn because the model refused (Anthropic's
 * `stop_reason: "refusal"`) or its content filter stopped the reply (`content_filter`), the
 * reply is often empty: without a word in the thread the user sees nothing happen. The AI SDK
 * reports both as the finish reason `content-filter`; the provider's own word tells them apart.
 */
import type { FinishReason } from '../model/language-model';
import type { NoticePart } from '../store/state';

/**
 * The notice for a step that finished with `finishReason`, or `null` when it was not refused.
 *
 * @example
 * ```ts
 * refusalNotice('content-filter', 'refusal');
 * // { level: 'warning', code: 'refused', text: 'The model refused to answer this request.' }
 * ```
 */
export function refusalNotice(finishReason: FinishReason, rawFinishReason?: string): Omit<NoticePart, 'type' | 'id'> | null {
  if (finishReason !== 'content-filter') return null;
  const text = /refus/i.test(rawFinishReason ?? '')
    ? 'The model refused to answer this request.'
    : "The model's reply was refused: the provider's content filter stopped it, so it is empty or incomplete.";
  return { level: 'warning', code: 'refused', text };
}
