import { useId, useState, type MouseEvent } from 'react';
import { isPendingApproval, useToolCall } from '../../react/index';
import { summarizeArguments } from '../tool-timeline/display-format';
import { todoWriteSummary } from '../plan/todo-write-summary';
import { ToolCallDetails } from '../tool-timeline/tool-call-details';
import { ToolCallDuration } from '../tool-timeline/tool-call-duration';
import { toolCallStateLabel } from '../tool-timeline/tool-call-state-badge';
import { SubAgentSteps } from '../sub-agent/sub-agent-steps';
import { McpAppSlot } from '../mcp-app/mcp-app-slot';
import { useToolRender } from '../tool-renderers/tool-renderers';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/**
 * A tool call inside a message, as a compact card: name, a one-line summary of the arguments,
 * running time and state; a button expands the details (arguments, progress, result, history).
 * While the call waits for a person, a "Needs approval" / "Needs an answer" button moves focus
 * to the `ApprovalDialog` or `QuestionPicker` of the same `.rak-root`, which take the decision.
 * Subscribes to the one call, so progress re-renders only this card.
 *
 * When the app gives a renderer for the tool and the call's phase (`AgentChat`'s `toolRenderers`,
 * or a `ToolRenderersProvider`), the card shows the app's view under its head (a weather card
 * for a weather tool); the head and the details stay, so the call can still be inspected.
 * Without one, an MCP tool that declares an MCP App shows that app there (see `mcpApps` of
 * `AgentChat`), in a sandboxed frame loaded with the first app shown.
 *
 * @example
 * ```tsx
 * <ToolCallChip toolCallId={part.toolCallId} />
 * ```
 */
export function ToolCallChip({ toolCallId, className }: { toolCallId: string; className?: string }) {
  const strings = useStrings();
  const call = useToolCall(toolCallId);
  const [open, setOpen] = useState(false);
  const detailsId = useId();
  const custom = useToolRender(call);
  if (!call) return null;
  const planSummary = todoWriteSummary(call, strings.plan);
  const waitsFor = call.state === 'answer-requested' ? 'question' : isPendingApproval(call) ? 'approval' : null;
  return (
    <div className={['rak-tool-chip', className].filter(Boolean).join(' ')} data-state={call.state} data-tool-call-id={call.id} data-custom={custom === undefined ? undefined : ''}>
      <div className="rak-tool-chip-head">
        <button type="button" className="rak-tool-chip-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
          <span className="rak-tool-icon rak-tool-chip-icon" aria-hidden="true" />
          <code className="rak-tool-chip-name">
            <VisibleText text={call.name} />
          </code>
          {/* Arguments are JSON: left to right in a right-to-left page too; the plan's summary is the chat's words. */}
          <span className="rak-tool-chip-summary" dir={planSummary === undefined ? 'ltr' : undefined}>
            <VisibleText text={planSummary ?? summarizeArguments(call.input, call.inputText, 60)} />
          </span>
          <ToolCallDuration call={call} className="rak-tool-duration rak-tool-chip-duration" />
          {!waitsFor && <span className="rak-tool-chip-state">{toolCallStateLabel(call, strings.toolStates)}</span>}
        </button>
        {waitsFor && (
          <button type="button" className="rak-tool-chip-action" data-waits-for={waitsFor} onClick={(event) => focusPrompt(event, waitsFor)}>
            {waitsFor === 'approval' ? strings.toolCall.needsApproval : strings.toolCall.needsAnswer}
          </button>
        )}
      </div>
      {custom !== undefined && <div className="rak-tool-view">{custom}</div>}
      {custom === undefined && <McpAppSlot call={call} />}
      <SubAgentSteps call={call} />
      <div id={detailsId} className="rak-tool-chip-detail" role="region" aria-label={strings.toolCall.details(escapeInvisible(call.name))} hidden={!open}>
        {open && <ToolCallDetails call={call} />}
      </div>
    </div>
  );
}

/** Focuses the dialog or picker that decides the call; they mark themselves with `data-rak-people-prompt`. */
function focusPrompt(event: MouseEvent<HTMLElement>, kind: 'approval' | 'question') {
  const scope: ParentNode = event.currentTarget.closest('.rak-root') ?? document;
  const prompt = scope.querySelector<HTMLElement>(`[data-rak-people-prompt="${kind}"]`);
  prompt?.focus();
  prompt?.scrollIntoView?.({ block: 'nearest' });
}
