import type { AuditEntry, ToolCall } from '../../core/index';
import { JsonBlock } from './json-block';
import { isFinishedState } from './tool-call-state-badge';
import type { ChatStrings } from '../strings/kit-strings';
import { useStrings } from '../strings/strings-context';
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
  const strings = useStrings();
  const words = strings.toolCall;
  return (
    <div className="rak-tool-details">
      {streaming ? (
        <JsonBlock label={call.state === 'input-streaming' ? words.argumentsStreaming : words.argumentsRaw} text={call.inputText || '…'} />
      ) : (
        <JsonBlock label={call.originalInput !== undefined ? words.argumentsEdited : words.arguments} value={call.input} />
      )}
      {call.originalInput !== undefined && <JsonBlock label={words.argumentsAsSent} value={call.originalInput} />}
      {call.progress !== undefined && !final && <JsonBlock label={words.progress} value={call.progress} />}
      {call.output !== undefined && <ResultView output={call.output} words={words} />}
      {call.error !== undefined && (
        <p className="rak-tool-error" data-state={call.state}>
          <VisibleText text={call.error} />
        </p>
      )}
      {call.audit.length > 0 && <AuditTrail entries={call.audit} strings={strings} />}
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
function ResultView({ output, words }: { output: unknown; words: ChatStrings['toolCall'] }) {
  if (!isShellOutput(output)) return <JsonBlock label={words.result} value={output} />;
  return (
    <>
      <p className="rak-tool-exit" data-exit={output.exitCode === 0 ? 'ok' : 'failed'}>
        {words.exitCode(output.exitCode)}
        {output.truncated ? words.outputCut : ''}
      </p>
      {output.stdout !== '' && <JsonBlock label={words.output} text={output.stdout} />}
      {output.stderr !== '' && <JsonBlock label={words.errors} text={output.stderr} kind="error" />}
    </>
  );
}

function AuditTrail({ entries, strings }: { entries: readonly AuditEntry[]; strings: ChatStrings }) {
  const start = entries[0]!.at;
  return (
    <details className="rak-tool-audit">
      <summary>{strings.toolCall.history}</summary>
      <ol>
        {entries.map((entry, index) => (
          <li key={index}>
            <span className="rak-tool-audit-time">+{entry.at - start} ms</span> {strings.toolStates[entry.state]}{' '}
            <span className="rak-tool-audit-by">{strings.toolCall.auditBy(entry.by)}</span>
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
