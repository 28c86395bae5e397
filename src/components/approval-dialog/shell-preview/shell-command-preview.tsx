import { useMemo } from 'react';
import { VisibleText } from '../../visible-text/visible-text';
import { markShellRisks, type ShellRisk } from './shell-risks';
import { useStrings } from '../../strings/strings-context';

/** Props of `ShellCommandPreview`. */
export interface ShellCommandPreviewProps {
  /** The script the shell tool would run. */
  command: string;
  /** The folder it would run in, when the call names one. */
  cwd?: string;
}

/**
 * The command a shell tool (`bash`) would run, inside the approval dialog: a left-to-right code
 * block with the risky parts marked (deleting, discarding changes, overwriting or adding to
 * files, permissions, another user, running a script; see `markShellRisks`). Each mark has its
 * words for screen readers ("rm -rf build (deletes files)") and a legend lists the kinds shown.
 * Invisible characters show as `U+XXXX` marks.
 *
 * @example
 * ```tsx
 * <ShellCommandPreview command="rm -rf build && npm run build > out.txt" />
 * ```
 */
export function ShellCommandPreview({ command, cwd }: ShellCommandPreviewProps) {
  const text = useStrings().shellPreview;
  const segments = useMemo(() => markShellRisks(command), [command]);
  const kinds = [...new Set(segments.flatMap((segment) => (segment.risk ? [segment.risk] : [])))];
  return (
    <section className="rak-approval-preview rak-shell-preview" aria-label={text.label}>
      <p className="rak-approval-file-title">
        <span className="rak-approval-file-change">{text.label}</span>
        {cwd !== undefined && (
          <>
            {text.inFolder}
            <code>
              <VisibleText text={cwd} />
            </code>
          </>
        )}
      </p>
      <pre className="rak-shell-command" dir="ltr" tabIndex={0}>
        <code>
          {segments.map((segment, index) =>
            segment.risk ? (
              <mark key={index} className="rak-shell-risk" data-risk={segment.risk}>
                <VisibleText text={segment.text} />
                <span className="rak-visually-hidden">{` (${text.risks[segment.risk]})`}</span>
              </mark>
            ) : (
              <VisibleText key={index} text={segment.text} />
            ),
          )}
        </code>
      </pre>
      {kinds.length > 0 && <RiskLegend kinds={kinds} />}
    </section>
  );
}

function RiskLegend({ kinds }: { kinds: readonly ShellRisk[] }) {
  const text = useStrings().shellPreview;
  return (
    <div className="rak-shell-legend">
      <span>{text.legend}</span>
      <ul>
        {kinds.map((kind) => (
          <li key={kind}>
            <span className="rak-shell-risk rak-shell-legend-swatch" data-risk={kind} aria-hidden="true" />
            {text.risks[kind]}
          </li>
        ))}
      </ul>
      <span className="rak-shell-legend-guide">{text.guide}</span>
    </div>
  );
}
