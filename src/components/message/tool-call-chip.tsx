import type { ToolCallState } from '../../core/index';
import { useToolCall } from '../../react/index';

const stateLabels: Record<ToolCallState, string> = {
  'input-streaming': 'Preparing',
  'input-available': 'Ready',
  'approval-requested': 'Needs approval',
  'answer-requested': 'Needs an answer',
  running: 'Running',
  'output-available': 'Done',
  'output-error': 'Failed',
  'output-denied': 'Denied',
  cancelled: 'Cancelled',
  sealed: 'Interrupted',
};

/**
 * A tool call inside a message: name, state, and on demand its arguments and result.
 * Subscribes to the one call, so progress re-renders only this chip.
 *
 * @example
 * ```tsx
 * <ToolCallChip toolCallId={part.toolCallId} />
 * ```
 */
export function ToolCallChip({ toolCallId }: { toolCallId: string }) {
  const call = useToolCall(toolCallId);
  if (!call) return null;
  const finished = call.state === 'output-available' || call.state === 'output-error' || call.state === 'output-denied' || call.state === 'cancelled' || call.state === 'sealed';
  return (
    <details className="rak-tool-chip" data-state={call.state}>
      <summary>
        <span className="rak-tool-chip-icon" aria-hidden="true" />
        <code className="rak-tool-chip-name">{call.name}</code>
        <span className="rak-tool-chip-state">{stateLabels[call.state]}</span>
      </summary>
      <div className="rak-tool-chip-detail">
        <p className="rak-tool-chip-label">Arguments</p>
        <pre>{call.input !== undefined ? formatJson(call.input) : call.inputText || '…'}</pre>
        {call.progress !== undefined && !finished && (
          <>
            <p className="rak-tool-chip-label">Progress</p>
            <pre>{formatJson(call.progress)}</pre>
          </>
        )}
        {call.state === 'output-available' && (
          <>
            <p className="rak-tool-chip-label">Result</p>
            <pre>{formatJson(call.output)}</pre>
          </>
        )}
        {call.error && <p className="rak-tool-chip-error">{call.error}</p>}
      </div>
    </details>
  );
}

function formatJson(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value, null, 2) ?? String(value);
  } catch {
    return String(value);
  }
}
