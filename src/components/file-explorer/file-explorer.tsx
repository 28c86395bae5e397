import { memo, useState } from 'react';
import type { Sandbox } from '../../core/index';
import { SandboxProvider, useSandbox, useSandboxChanges } from '../../react/index';
import { ChangesList } from './changes-list';
import { downloadBlob } from './download';
import { createExplorerStore, ExplorerContext, useExplorer, useExplorerStore } from './explorer-state';
import { FileTree } from './file-tree';
import { FileViewer } from './file-viewer';
import { SegmentedControl } from './segmented-control';
import { useStrings } from '../strings/strings-context';

/** Props of `FileExplorer`. */
export interface FileExplorerProps {
  /** The sandbox to show. Default: `useSandbox()` (the `SandboxProvider`'s, else the agent's). */
  sandbox?: Sandbox;
  /** Accessible name of the explorer. Default "Workspace". */
  label?: string;
  /** File name of the workspace export. Default `workspace.json`. */
  exportFileName?: string;
  className?: string;
}

/**
 * The agent's workspace: a file tree (keyboard navigable, `role="tree"`), a viewer for the chosen
 * file (text with line numbers; binary files by size), and the files changed since the last
 * checkpoint (the start of the agent's current or last turn) marked added / modified / deleted,
 * with a "Changes" list and a diff of each file against the checkpoint. Download a file, or
 * export the whole workspace as one JSON file (`sandbox.exportArchive()`, which
 * `sandbox.importArchive` reads back). Shows an empty state without a sandbox or files.
 *
 * Rendering follows the data: each open folder subscribes to its own listing, each row to its
 * own change mark and the viewer to its one file, so an agent writing a file re-renders that
 * file's row and folder, not the tree. Lays out side by side when wide, stacked when narrow
 * (a container query), so it fits a side panel.
 *
 * @example
 * ```tsx
 * <AgentProvider agent={agent}><FileExplorer /></AgentProvider>
 * // or, without an agent:
 * <FileExplorer sandbox={createSandbox({ files: { '/a.txt': 'hi' } })} />
 * ```
 */
export const FileExplorer = /* @__PURE__ */ memo(function FileExplorer({ sandbox, ...props }: FileExplorerProps) {
  const fromContext = useSandbox();
  return sandbox && sandbox !== fromContext ? (
    <SandboxProvider sandbox={sandbox}>
      <Explorer {...props} />
    </SandboxProvider>
  ) : (
    <Explorer {...props} />
  );
});

function Explorer({ label, exportFileName = 'workspace.json', className }: Omit<FileExplorerProps, 'sandbox'>) {
  const strings = useStrings();
  const sandbox = useSandbox();
  const [store] = useState(createExplorerStore);
  const classes = ['rak-explorer', className].filter(Boolean).join(' ');
  if (!sandbox) {
    return (
      <section className={classes} aria-label={label ?? strings.files.workspace}>
        <p className="rak-explorer-empty">No workspace: this agent has no sandbox.</p>
      </section>
    );
  }
  const exportSandbox = () => downloadBlob(new Blob([sandbox.exportArchive()], { type: 'application/json' }), exportFileName);
  return (
    <ExplorerContext.Provider value={store}>
      <section className={classes} aria-label={label ?? strings.files.workspace}>
        {/* The section is the size container; its layout switches at a width (an element cannot query itself). */}
        <div className="rak-explorer-layout">
          <ExplorerToolbar onExport={exportSandbox} />
          <div className="rak-explorer-nav">
            <ExplorerNav />
          </div>
          <div className="rak-explorer-viewer">
            <FileViewer />
          </div>
        </div>
      </section>
    </ExplorerContext.Provider>
  );
}

function ExplorerNav() {
  const view = useExplorer((state) => state.view);
  return view === 'files' ? <FileTree /> : <ChangesList />;
}

function ExplorerToolbar({ onExport }: { onExport: () => void }) {
  const strings = useStrings();
  const store = useExplorerStore();
  const view = useExplorer((state) => state.view);
  const count = useSandboxChanges().files.length;
  return (
    <div className="rak-explorer-toolbar">
      <SegmentedControl
        label={strings.files.list}
        value={view}
        onChange={(next) => store.set({ view: next })}
        options={[
          { value: 'files', label: strings.files.files },
          {
            value: 'changes',
            label: (
              <>
                {strings.files.changes}
                {count > 0 && (
                  <>
                    {' '}
                    <span className="rak-explorer-count">{count}</span>
                  </>
                )}
              </>
            ),
          },
        ]}
      />
      <button type="button" className="rak-button rak-button-small" title={strings.files.exportTitle} onClick={onExport}>
        {strings.files.export}
      </button>
    </div>
  );
}
