import type { ChangeMark } from '../../react/index';

/** How each mark reads, in words (for screen readers and the tooltip) and as one letter. */
export const changeMarkLabels: Record<ChangeMark, { word: string; letter: string }> = {
  added: { word: 'added', letter: 'A' },
  modified: { word: 'modified', letter: 'M' },
  deleted: { word: 'deleted', letter: 'D' },
  'contains-changes': { word: 'contains changes', letter: '•' },
};

/**
 * A file's change since the checkpoint as a small badge: a letter (A, M, D; a dot for a folder
 * with changes inside) plus the word for screen readers, so the mark never depends on color.
 *
 * @example
 * ```tsx
 * <ChangeBadge mark="modified" />
 * ```
 */
export function ChangeBadge({ mark, id }: { mark: ChangeMark; id?: string }) {
  const { word, letter } = changeMarkLabels[mark];
  return (
    <span id={id} className="rak-change-badge" data-change={mark} title={word}>
      <span aria-hidden="true">{letter}</span>
      <span className="rak-visually-hidden">{`(${word})`}</span>
    </span>
  );
}
