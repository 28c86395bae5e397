import { memo, useId, useState, type ReactNode } from 'react';
import type { ToolCallState } from '../../core/index';
import { useToolCall, useToolCallIds } from '../../react/index';
import { summarizeArguments } from './display-format';
import { todoWriteSummary } from '../plan/todo-write-summary';
import { ToolCallDetails } from './tool-call-details';
import { ToolCallDuration } from './tool-call-duration';
import { ToolCallStateBadge } from './tool-call-state-badge';
import { SubAgentSteps } from '../sub-agent/sub-agent-steps';
import { ToolRenderersProvider, useToolRender, type ToolRenderers } from '../tool-renderers/tool-renderers';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/** Props of `ToolTimeline`: which calls to list (every filter narrows the list) and how to label it. */
export interface ToolTimelineProps {
  /** Only the calls of this run (see `AgentState.runId`). */
  runId?: string;
  /** Only calls in this state, or one of these states. */
  state?: ToolCallState | readonly ToolCallState[];
  /** Only calls of this tool. */
  name?: string;
  /** Accessible name of the list. Default "Tool calls". */
  label?: string;
  /** Shown when no call matches. Default: a short line of text. */
  emptyState?: ReactNode;
  /**
   * Per-tool views, shown in each row under its head (see `ToolRenderer`); added to those of an
   * enclosing `AgentChat` or `ToolRenderersProvider`.
   */
  toolRenderers?: ToolRenderers;
  className?: string;
}

/**
 * Every tool call of the conversation, in call order: name, state, running time (ticking while
 * it runs), arguments (streaming in), progress, result or error, and the audit trail. Rows are
 * collapsed by default and expand with a button (`aria-expanded`).
 *
 * Built for long sessions: the list re-renders only when a call is added or leaves the filter;
 * each row is memoized and subscribes to its own call; arguments and results are stringified
 * only while a row is open, and cut at 2,000 characters with a "Show all" toggle.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}>
 *   <ToolTimeline />
 *   <ToolTimeline state={['running', 'output-error']} label="Running and failed" />
 * </AgentProvider>
 * ```
 */
export function ToolTimeline({ runId, state, name, label, emptyState, toolRenderers, className }: ToolTimelineProps) {
  const strings = useStrings();
  const ids = useToolCallIds({ runId, state, name });
  const classes = ['rak-timeline', className].filter(Boolean).join(' ');
  if (ids.length === 0) {
    return <div className={classes}>{emptyState ?? <p className="rak-timeline-empty">{strings.toolCall.noToolCalls}</p>}</div>;
  }
  return (
    <div className={classes}>
      <ToolRenderersProvider renderers={toolRenderers}>
        <ol className="rak-timeline-list" aria-label={label ?? strings.toolCall.timelineLabel}>
          {ids.map((id) => (
            <ToolTimelineRow key={id} toolCallId={id} />
          ))}
        </ol>
      </ToolRenderersProvider>
    </div>
  );
}

/**
 * One row of the tool timeline: name, one-line arguments, state and running time; a button
 * expands the details. The row subscribes to its own call, so a call's progress re-renders
 * only its row, and the details (which stringify arguments and result) exist only while the
 * row is open.
 *
 * @example
 * ```tsx
 * <ol>{ids.map((id) => <ToolTimelineRow key={id} toolCallId={id} />)}</ol>
 * ```
 */
export const ToolTimelineRow = /* @__PURE__ */ memo(function ToolTimelineRow({ toolCallId, defaultOpen = false, className }: { toolCallId: string; defaultOpen?: boolean; className?: string }) {
  const strings = useStrings();
  const call = useToolCall(toolCallId);
  const [open, setOpen] = useState(defaultOpen);
  const detailsId = useId();
  const custom = useToolRender(call);
  if (!call) return null;
  const planSummary = todoWriteSummary(call, strings.plan);
  return (
    <li className={['rak-timeline-row', className].filter(Boolean).join(' ')} data-state={call.state} data-tool-call-id={call.id}>
      <button type="button" className="rak-timeline-toggle" aria-expanded={open} aria-controls={detailsId} onClick={() => setOpen(!open)}>
        <span className="rak-tool-icon" aria-hidden="true" />
        <code className="rak-timeline-name">
          <VisibleText text={call.name} />
        </code>
        {/* Arguments are JSON: left to right in a right-to-left page too; the plan's summary is the chat's words. */}
        <span className="rak-timeline-summary" dir={planSummary === undefined ? 'ltr' : undefined}>
          <VisibleText text={planSummary ?? summarizeArguments(call.input, call.inputText)} />
        </span>
        <ToolCallStateBadge call={call} />
        <ToolCallDuration call={call} />
      </button>
      {custom !== undefined && <div className="rak-tool-view">{custom}</div>}
      <SubAgentSteps call={call} />
      <div id={detailsId} className="rak-timeline-details" role="region" aria-label={strings.toolCall.details(escapeInvisible(call.name))} hidden={!open}>
        {open && <ToolCallDetails call={call} />}
      </div>
    </li>
  );
});
