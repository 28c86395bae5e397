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
      {call.output !== undefined && <ResultView output={call.output} />}
      {call.error !== undefined && (
        <p className="rak-tool-error" data-state={call.state}>
          <VisibleText text={call.error} />
        </p>
      )}
      {call.audit.length > 0 && <AuditTrail entries={call.audit} />}
    </div>
  );
}

/** A shell's result (`{ exitCode, stdout, stderr }`, as the bash tool returns it). */
interface ShellOutput {
  exitCode: number;
  stdout: string;
  stderr: string;
  truncated?: boolean;
}

function isShellOutput(output: unknown): output is ShellOutput {
  if (typeof output !== 'object' || output === null) return false;
  const { exitCode, stdout, stderr } = output as Record<string, unknown>;
  return typeof exitCode === 'number' && typeof stdout === 'string' && typeof stderr === 'string';
}

/** A result as JSON, or a shell's result as what a terminal shows: its streams as text, and the exit code. */
function ResultView({ output }: { output: unknown }) {
  if (!isShellOutput(output)) return <JsonBlock label="Result" value={output} />;
  return (
    <>
      <p className="rak-tool-exit" data-exit={output.exitCode === 0 ? 'ok' : 'failed'}>
        Exit code {output.exitCode}
        {output.truncated ? ' (output cut)' : ''}
      </p>
      {output.stdout !== '' && <JsonBlock label="Output" text={output.stdout} />}
      {output.stderr !== '' && <JsonBlock label="Errors" text={output.stderr} kind="error" />}
    </>
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
