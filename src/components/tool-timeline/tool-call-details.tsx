import type { AuditEntry, ToolCall } from '../../core/index';
import { JsonBlock } from './json-block';
import { isFinishedState, toolCallStateLabels } from './tool-call-state-badge';
import { VisibleText } from '../visible-text/visible-text';

/**
 * Everything about one call, for an expanded row or chip: arguments (the raw text while they
 * stream in), the original arguments when a person edited them, progress, result or error,
 * and the audit trail (who moved the call to each state, and when). Render it only while it
 * is visible: it stringifies the call's values.
 *
 * @example
 * ```tsx
 * {open && <ToolCallDetails call={call} />}
 * ```
 */
export function ToolCallDetails({ call }: { call: ToolCall }) {
  const streaming = call.state === 'input-streaming' || call.input === undefined;
  const final = isFinishedState(call.state);
  return (
    <div className="rak-tool-details">
      {streaming ? (
        <JsonBlock label={call.state === 'input-streaming' ? 'Arguments (streaming)' : 'Arguments (raw)'} text={call.inputText || '…'} />
      ) : (
        <JsonBlock label={call.originalInput !== undefined ? 'Arguments (edited before approval)' : 'Arguments'} value={call.input} />
      )}
      {call.originalInput !== undefined && <JsonBlock label="Arguments as the model sent them" value={call.originalInput} />}
      {call.progress !== undefined && !final && <JsonBlock label="Progress" value={call.progress} />}
      {call.output !== undefined && <JsonBlock label="Result" value={call.output} />}
      {call.error !== undefined && (
        <p className="rak-tool-error" data-state={call.state}>
          <VisibleText text={call.error} />
        </p>
      )}
      {call.audit.length > 0 && <AuditTrail entries={call.audit} />}
    </div>
  );
}

function AuditTrail({ entries }: { entries: readonly AuditEntry[] }) {
  const start = entries[0]!.at;
  return (
    <details className="rak-tool-audit">
      <summary>History</summary>
      <ol>
        {entries.map((entry, index) => (
          <li key={index}>
            <span className="rak-tool-audit-time">+{entry.at - start} ms</span> {toolCallStateLabels[entry.state]}{' '}
            <span className="rak-tool-audit-by">by {entry.by}</span>
            {entry.note ? (
              <span className="rak-tool-audit-note">
                : <VisibleText text={entry.note} mode="prose" />
              </span>
            ) : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
