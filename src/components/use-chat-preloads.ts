import { useEffect } from 'react';
import type { AgentState } from '../core/index';
import { useAgentInstance, useAgentSelector } from '../react/index';
import { approvalDialogPart } from './approval-dialog/approval-dialog';
import { questionPickerPart } from './question-picker/question-picker';
import { toolCallChipPart } from './message/message-part';
import { whenIdle } from './lazy-part';

const ignoreFailure = () => {};
const hasToolCalls = (state: AgentState) => state.toolCalls.length > 0;

/**
 * What `AgentChat` loads ahead of need, so that code left out of the first paint is there before
 * anyone could click: the agent's loop and the tool card when the page is first idle (before the
 * first message can be typed and sent), and the approval dialog and the question picker once the conversation has
 * a tool call (a call's arguments stream before it can wait for a person). A chat without tool
 * calls never loads either.
 *
 * @example
 * ```tsx
 * function ChatLayout() {
 *   useChatPreloads();
 *   return <Thread />;
 * }
 * ```
 */
export function useChatPreloads(): void {
  const agent = useAgentInstance();
  const callsSeen = useAgentSelector(hasToolCalls);
  useEffect(
    () =>
      whenIdle(() => {
        void agent.preload?.().catch(ignoreFailure);
        void toolCallChipPart.preload().catch(ignoreFailure);
      }),
    [agent],
  );
  useEffect(() => {
    if (!callsSeen) return undefined;
    return whenIdle(() => {
      void approvalDialogPart.preload().catch(ignoreFailure);
      void questionPickerPart.preload().catch(ignoreFailure);
    });
  }, [callsSeen]);
}
