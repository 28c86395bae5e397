import { useSandboxChanges } from '../../react/index';
import { ChangeBadge } from './change-badge';
import { useExplorer, useExplorerStore } from './explorer-state';
import { VisibleText } from '../visible-text/visible-text';
import { useStrings } from '../strings/strings-context';

/**
 * The files changed since the checkpoint (the start of the agent's current or last turn), each
 * marked added, modified or deleted; choosing one shows its diff in the viewer.
 *
 * @example
 * ```tsx
 * <ChangesList />
 * ```
 */
export function ChangesList() {
  const strings = useStrings();
  const store = useExplorerStore();
  const selected = useExplorer((state) => state.selected);
  const { checkpointId, files } = useSandboxChanges();
  if (checkpointId === undefined) return <p className="rak-explorer-empty">{strings.files.noCheckpoint}</p>;
  if (files.length === 0) return <p className="rak-explorer-empty">{strings.files.noChanges}</p>;
  return (
    <ul className="rak-changes-list" aria-label="Changed files">
      {files.map(({ path, change }) => (
        <li key={path}>
          <button
            type="button"
            className="rak-changes-item"
            data-change={change}
            aria-current={selected === path ? 'true' : undefined}
            onClick={() => store.set({ selected: path, mode: 'diff', active: path })}
          >
            <ChangeBadge mark={change} />
            <span className="rak-changes-path">
              <VisibleText text={path} />
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
