import { memo, useMemo } from 'react';
import { LineLimit } from '../line-limit/line-limit';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { revealText } from '../visible-text/visible-text';
import { parseUnifiedDiff, type DiffLine } from './parse-unified-diff';
import { englishDiffWords, type KitStrings } from '../strings/kit-strings';
import { useWords } from '../strings/strings-context';

/** Props of `DiffView`. */
export interface DiffViewProps {
  /** A unified diff (`---`/`+++` headers, `@@` hunks), as `sandbox.diffFile` and approval previews carry. */
  diff: string;
  /** Accessible name of the diff, for example the file's path (invisible characters in it are written as `[U+XXXX]`). Default "Changes". */
  label?: string;
  /** Lines rendered before a "Show all" button (long diffs stay cheap to open). Default 400. */
  maxLines?: number;
  /** Hide the `---`/`+++` file title row (when the caller shows the path itself). Default false. */
  hideFileHeader?: boolean;
  className?: string;
}

const signs = { added: '+', removed: '-', context: ' ' } as const;

/**
 * A unified diff as a table: old and new line numbers, hunk headers, and added and removed lines.
 * The change of each line is never conveyed by color alone: a visible `+`/`-` sign, and for
 * screen readers a visually hidden "Added"/"Removed" label (the sign itself is hidden from them).
 * Invisible characters (a bidirectional override in a line of code) show as `U+XXXX` marks.
 * An empty diff says "No changes"; a binary-file notice is shown as text. Long diffs render the
 * first `maxLines` lines with a "Show all" button.
 *
 * @example
 * ```tsx
 * <DiffView diff={sandbox.diffFile('/src/index.ts', checkpointId)} label="/src/index.ts" />
 * ```
 */
export const DiffView = /* @__PURE__ */ memo(function DiffView({ diff, label, maxLines = 400, hideFileHeader = false, className }: DiffViewProps) {
  const parsed = useMemo(() => parseUnifiedDiff(diff), [diff]);
  const lines = hideFileHeader ? parsed.lines.filter((line) => line.kind !== 'file') : parsed.lines;
  const classes = ['rak-diff', className].filter(Boolean).join(' ');
  const words = useWords('diff', englishDiffWords);
  const name = escapeInvisible(label ?? words.label);
  const changed = lines.some((line) => line.kind !== 'file');
  if (!changed || parsed.binary) {
    const note = parsed.binary ? words.binary : diff.trim() === '' ? words.noChanges : words.nothingToShow;
    return (
      <div className={classes} role="group" aria-label={name}>
        <p className="rak-diff-empty">{note}</p>
      </div>
    );
  }
  return (
    <div className={classes} role="group" aria-label={name}>
      <p className="rak-diff-stats">
        <span className="rak-diff-stat" data-kind="added">{`+${parsed.additions}`}</span>
        <span className="rak-diff-stat" data-kind="removed">{`-${parsed.deletions}`}</span>
        <span className="rak-visually-hidden">{words.linesChanged(parsed.additions, parsed.deletions)}</span>
      </p>
      <LineLimit lines={lines} maxLines={maxLines}>
        {(shown) => (
          // Code reads left to right in any layout.
          <div className="rak-diff-scroll" dir="ltr">
            <table className="rak-diff-table">
              <thead className="rak-visually-hidden">
                <tr>
                  <th scope="col">{words.oldLine}</th>
                  <th scope="col">{words.newLine}</th>
                  <th scope="col">{words.change}</th>
                  <th scope="col">{words.text}</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((line, index) => (
                  <DiffRow key={index} line={line} words={words} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </LineLimit>
    </div>
  );
});

function DiffRow({ line, words }: { line: DiffLine; words: KitStrings['diff'] }) {
  switch (line.kind) {
    case 'file':
      return (
        <tr className="rak-diff-line" data-kind="file">
          <th colSpan={4} scope="colgroup" className="rak-diff-file">
            {revealText(line.text)}
          </th>
        </tr>
      );
    case 'hunk':
    case 'note':
      return (
        <tr className="rak-diff-line" data-kind={line.kind}>
          <td colSpan={4} className="rak-diff-meta">
            {revealText(line.text)}
          </td>
        </tr>
      );
    case 'added':
    case 'removed':
    case 'context':
      return (
        <tr className="rak-diff-line" data-kind={line.kind}>
          <td className="rak-diff-number">{line.kind === 'added' ? '' : line.oldLine}</td>
          <td className="rak-diff-number">{line.kind === 'removed' ? '' : line.newLine}</td>
          <td className="rak-diff-sign">
            <span aria-hidden="true">{signs[line.kind]}</span>
            {line.kind !== 'context' && <span className="rak-visually-hidden">{line.kind === 'added' ? words.added : words.removed}</span>}
          </td>
          <td className="rak-diff-text">{revealText(line.text)}</td>
        </tr>
      );
  }
}

