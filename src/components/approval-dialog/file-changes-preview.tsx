import type { ApprovalPreview, FileChangePreview } from '../../core/index';
import { DiffView } from '../diff/diff-view';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';


/**
 * What a file tool would change, inside the approval dialog: one section per file with the kind
 * of change in words (Create, Modify, Delete, Move from …) and its diff; invisible characters in
 * paths and diffs show as `U+XXXX` marks. Diffs are capped so a
 * large rewrite does not make the dialog slow to open; "Show all" renders the rest.
 *
 * @example
 * ```tsx
 * {call.approval?.preview?.kind === 'file-changes' && <FileChangesPreview preview={call.approval.preview} />}
 * ```
 */
export function FileChangesPreview({ preview }: { preview: ApprovalPreview }) {
  const { files, note } = preview;
  const text = useStrings().approval;
  const changeWords: Readonly<Record<FileChangePreview['change'], string>> = text.changes;
  return (
    <section className="rak-approval-preview" aria-label={files.length === 1 ? text.fileChange : text.fileChanges(files.length)}>
      {note && (
        <p className="rak-approval-preview-note">
          <VisibleText text={note} mode="prose" />
        </p>
      )}
      {files.map((file) => (
        <div key={`${file.from ?? ''}:${file.path}`} className="rak-approval-file" data-change={file.change}>
          <p className="rak-approval-file-title">
            <span className="rak-approval-file-change">{changeWords[file.change]}</span>{' '}
            <code>
              <VisibleText text={file.path} />
            </code>
            {file.change === 'move' && file.from !== undefined && (
              <>
                {text.movedFrom}
                <code>
                  <VisibleText text={file.from} />
                </code>
              </>
            )}
          </p>
          {(file.diff !== '' || file.change !== 'move') && <DiffView diff={file.diff} label={`${changeWords[file.change]} ${file.path}`} maxLines={200} hideFileHeader />}
        </div>
      ))}
    </section>
  );
}
