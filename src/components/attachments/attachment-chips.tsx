import type { Attachment } from './use-attachments';
import { useStrings } from '../strings/strings-context';
import { FileName, fileNameLabel } from '../visible-text/file-name';

export interface AttachmentChipsProps {
  items: readonly Attachment[];
  onRemove: (id: string) => void;
  className?: string;
}

/**
 * The files waiting in the composer: a thumbnail for each image, a chip with name and size for
 * other files, each with a remove button named after its file.
 *
 * @example
 * ```tsx
 * <AttachmentChips items={attachments.items} onRemove={attachments.remove} />
 * ```
 */
export function AttachmentChips({ items, onRemove, className }: AttachmentChipsProps) {
  const attachmentText = useStrings().attachments;
  if (items.length === 0) return null;
  return (
    <ul className={['rak-attachments', className].filter(Boolean).join(' ')} aria-label={attachmentText.listLabel}>
      {items.map((item) => {
        const name = item.file.name || attachmentText.unnamed;
        // Attributes cannot hold marks: invisible characters are written as [U+XXXX] there.
        const label = fileNameLabel(name);
        return (
          <li key={item.id} className="rak-attachment" data-kind={item.previewUrl !== undefined ? 'image' : 'file'} title={label}>
            {item.previewUrl !== undefined ? (
              <img className="rak-attachment-thumbnail" src={item.previewUrl} alt={label} />
            ) : (
              <FileLabel name={name} size={item.file.size} />
            )}
            <button type="button" className="rak-attachment-remove" aria-label={attachmentText.remove(label)} onClick={() => onRemove(item.id)}>
              <span aria-hidden="true">×</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * A file's name and size as a chip shows them; invisible characters in the name are marked.
 *
 * @example
 * ```tsx
 * <FileLabel name="report.pdf" size={120_000} />
 * ```
 */
export function FileLabel({ name, size }: { name: string; size: number }) {
  const attachmentText = useStrings().attachments;
  return (
    <span className="rak-attachment-label">
      <span className="rak-attachment-icon" aria-hidden="true" />
      <span className="rak-attachment-name">
        <FileName name={name} />
      </span>
      <span className="rak-attachment-size">{attachmentText.bytes(size)}</span>
    </span>
  );
}
