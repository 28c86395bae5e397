import type { AgentState } from '../../store/state';

/**
 * The tab the person's message that led to a call was sent from (`Message.tab` of the last user
 * message before the call's step), or `undefined` for a message sent before the tabs knew.
 *
 * @example
 * ```ts
 * senderTab(state, toolCallId); // 'tab_…'
 * ```
 */
export function senderTab(state: AgentState, toolCallId: string): string | undefined {
  const call = state.toolCalls.findLast((candidate) => candidate.id === toolCallId);
  const { messages } = state;
  const end = call === undefined ? messages.length - 1 : messages.findLastIndex((message) => message.id === call.messageId);
  for (let index = end; index >= 0; index--) {
    const message = messages[index]!;
    if (message.role === 'user') return message.tab;
  }
  return undefined;
}
