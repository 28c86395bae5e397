import { useState, type ReactNode } from 'react';
import { englishDiffWords } from '../strings/kit-strings';
import { useLocale, useWords } from '../strings/strings-context';

/** Props of {@link LineLimit}. */
export interface LineLimitProps<T> {
  lines: readonly T[];
  /** Lines rendered before the "Show all" button. */
  maxLines: number;
  /** Renders the lines shown: the first `maxLines`, or all of them once asked. */
  children: (shown: readonly T[]) => ReactNode;
}

/**
 * Renders the first `maxLines` of a long text, then a "Show all N lines (M more)" button that
 * renders the rest, so a large file or diff stays cheap to open. The diff view and the file
 * viewer both use it.
 *
 * @example
 * ```tsx
 * <LineLimit lines={text.split('\n')} maxLines={1000}>
 *   {(shown) => <pre>{shown.join('\n')}</pre>}
 * </LineLimit>
 * ```
 */
export function LineLimit<T>({ lines, maxLines, children }: LineLimitProps<T>) {
  const words = useWords('diff', englishDiffWords);
  const locale = useLocale();
  const [showAll, setShowAll] = useState(false);
  const shown = showAll || lines.length <= maxLines ? lines : lines.slice(0, maxLines);
  return (
    <>
      {children(shown)}
      {shown.length < lines.length && (
        <button type="button" className="rak-diff-more" onClick={() => setShowAll(true)}>
          {words.showAllLines(lines.length.toLocaleString(locale), (lines.length - shown.length).toLocaleString(locale))}
        </button>
      )}
    </>
  );
}
