import type { ChangeMark } from '../../react/index';
import { useStrings } from '../strings/strings-context';

/** How each mark shows, as one letter; its word (for screen readers and the tooltip) is in the strings (`files.marks`). */
const changeMarkLetters: Record<ChangeMark, string> = { added: 'A', modified: 'M', deleted: 'D', 'contains-changes': '•' };

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
  const word = useStrings().files.marks[mark];
  const letter = changeMarkLetters[mark];
  return (
    <span id={id} className="rak-change-badge" data-change={mark} title={word}>
      <span aria-hidden="true">{letter}</span>
      <span className="rak-visually-hidden">{`(${word})`}</span>
    </span>
  );
}
