import { useFile, useFileChange, useFileDiff, useSandbox, type FileState } from '../../react/index';
import { DiffView } from '../diff/diff-view';
import { LineLimit } from '../line-limit/line-limit';
import { ChangeBadge } from './change-badge';
import { downloadBlob, downloadName, formatBytes } from './download';
import { useExplorer, useExplorerStore, type ViewerMode } from './explorer-state';
import { SegmentedControl, type SegmentedOption } from './segmented-control';
import { escapeInvisible } from '../visible-text/reveal-invisible';
import { revealText, VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/** Lines of a text file rendered before "Show all". */
const maxFileLines = 1000;


/**
 * The selected file: its text with line numbers (binary files by size only), or its diff
 * against the checkpoint, and a download button. Subscribes to that one file. Invisible characters
 * in the path and the text show as `U+XXXX` marks (a bidirectional override in code too).
 *
 * @example
 * ```tsx
 * <FileViewer />
 * ```
 */
export function FileViewer() {
  const selected = useExplorer((state) => state.selected);
  const strings = useStrings();
  if (selected === null) return <p className="rak-explorer-empty">{strings.files.selectFile}</p>;
  return <FileView key={selected} path={selected} />;
}

function FileView({ path }: { path: string }) {
  const store = useExplorerStore();
  const sandbox = useSandbox();
  const mode = useExplorer((state) => state.mode);
  const file = useFile(path);
  const mark = useFileChange(path);
  const strings = useStrings();
  const modeOptions: readonly SegmentedOption<ViewerMode>[] = [
    { value: 'content', label: strings.files.content },
    { value: 'diff', label: strings.files.diff },
  ];
  const download = () => {
    if (!sandbox || file.status !== 'ready') return;
    const type = file.binary ? 'application/octet-stream' : 'text/plain;charset=utf-8';
    downloadBlob(new Blob([sandbox.readBytes(file.path) as Uint8Array<ArrayBuffer>], { type }), downloadName(file.path));
  };
  return (
    <section className="rak-viewer" aria-label={strings.files.file(escapeInvisible(path))}>
      <header className="rak-viewer-header">
        <h3 className="rak-viewer-title" title={escapeInvisible(path)}>
          <VisibleText text={path} />
        </h3>
        {mark && mark !== 'contains-changes' && <ChangeBadge mark={mark} />}
        {file.status === 'ready' && <span className="rak-viewer-size">{formatBytes(file.size)}</span>}
        <div className="rak-viewer-actions">
          <SegmentedControl label={strings.files.show} value={mode} onChange={(next) => store.set({ mode: next })} options={modeOptions} />
          <button type="button" className="rak-button rak-button-small" disabled={file.status !== 'ready'} onClick={download}>
            {strings.files.download}
          </button>
        </div>
      </header>
      <div className="rak-viewer-body">{mode === 'diff' ? <FileDiffView path={path} /> : <FileContent file={file} deleted={mark === 'deleted'} />}</div>
    </section>
  );
}

function FileDiffView({ path }: { path: string }) {
  const { status, diff } = useFileDiff(path);
  const strings = useStrings();
  if (status === 'no-checkpoint') return <p className="rak-explorer-empty">{strings.files.noCheckpointForDiff}</p>;
  return <DiffView diff={diff} label={strings.files.changesTo(path)} hideFileHeader />;
}

function FileContent({ file, deleted }: { file: FileState; deleted: boolean }) {
  const strings = useStrings();
  switch (file.status) {
    case 'loading':
      return <p className="rak-explorer-empty">{strings.files.loading}</p>;
    case 'missing':
      return <p className="rak-explorer-empty">{deleted ? strings.files.deletedSinceCheckpoint : strings.files.doesNotExist}</p>;
    case 'error':
      return (
        <p className="rak-explorer-empty" role="alert">
          {file.error}
        </p>
      );
    case 'ready':
      break;
  }
  if (file.binary) return <p className="rak-explorer-empty">{strings.files.binary(formatBytes(file.size))}</p>;
  if (file.content === '') return <p className="rak-explorer-empty">{strings.files.empty}</p>;
  const lines = (file.content ?? '').replace(/\n$/, '').split('\n');
  return (
    <LineLimit lines={lines} maxLines={maxFileLines}>
      {(shown) => (
        <pre className="rak-file-text" tabIndex={0} aria-label={strings.files.contentOf(escapeInvisible(file.path))} dir="ltr">
          <code>
            {shown.map((line, index) => (
              // The number is drawn from `data-line` by CSS, so copying the text does not copy it.
              <span key={index} className="rak-file-line" data-line={index + 1}>
                {revealText(line)}
                {'\n'}
              </span>
            ))}
          </code>
        </pre>
      )}
    </LineLimit>
  );
}
