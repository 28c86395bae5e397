import type { ToolCall } from '../../core/index';
import { isWaitingForPeople } from '../../react/index';
import { summarizeArguments } from '../tool-timeline/display-format';
import { toolCallStateLabel } from '../tool-timeline/tool-call-state-badge';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/**
 * What a sub-agent (`defineAgentTool`) did for one call, as it streams: its replies and its tool
 * calls in order, each call with its state (a call that waits for a person says so; the approval
 * dialog or question picker takes the decision), nested for a helper's own helpers. Shown inside
 * the call's card by `ToolCallChip` and `ToolTimelineRow`; renders nothing for other calls.
 *
 * @example
 * ```tsx
 * {call.subAgent && <SubAgentSteps call={call} />}
 * ```
 */
export function SubAgentSteps({ call, className }: { call: ToolCall; className?: string }) {
  const strings = useStrings();
  const run = call.subAgent;
  if (!run) return null;
  const calls = new Map(run.toolCalls.map((child) => [child.id, child]));
  const steps = run.messages.flatMap((message) => {
    if (message.role !== 'assistant') return [];
    return message.parts.map((part, index) => {
      const key = `${message.id}:${index}`;
      if (part.type === 'text' && part.text.trim() !== '') {
        return (
          <li key={key} className="rak-subagent-text">
            <VisibleText text={part.text} mode="prose" />
          </li>
        );
      }
      const child = part.type === 'tool-call' ? calls.get(part.toolCallId) : undefined;
      if (!child) return null;
      return (
        <li key={key} className="rak-subagent-call" data-state={child.state} data-tool-call-id={child.id} data-waits={isWaitingForPeople(child) ? '' : undefined}>
          <span className="rak-subagent-call-head">
            <span className="rak-tool-icon" aria-hidden="true" />
            <code className="rak-subagent-call-name">
              <VisibleText text={child.name} />
            </code>
            <span className="rak-subagent-call-summary">
              <VisibleText text={summarizeArguments(child.input, child.inputText, 60)} />
            </span>
            <span className="rak-subagent-call-state">{toolCallStateLabel(child, strings.toolStates)}</span>
          </span>
          {child.subAgent && <SubAgentSteps call={child} />}
        </li>
      );
    });
  });
  const working = run.status === 'running' && steps.every((step) => step === null);
  return (
    <section className={['rak-subagent', className].filter(Boolean).join(' ')} aria-label={strings.toolCall.subAgentSteps(call.name)} data-status={run.status}>
      <ol className="rak-subagent-steps">{steps}</ol>
      {working && <p className="rak-subagent-working">{strings.toolCall.subAgentWorking}</p>}
    </section>
  );
}
