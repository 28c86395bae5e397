import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useStrings } from '../strings/strings-context';
import { lazyPart, whenIdle } from '../lazy-part';

/**
 * The explorer's code (the tree, the viewer, the diffs, the downloads) loads when the panel first
 * opens; with a panel to open, it is preloaded when the page is idle and when a pointer or the
 * keyboard reaches the "Workspace" button, so it is there before the click.
 */
export const fileExplorerPart = lazyPart(() => import('./file-explorer').then((module) => module.FileExplorer));

/** Wide enough (in CSS pixels) to open the file panel beside the chat at first. */
const wideEnough = 900;

/**
 * The chat's body with an optional file panel (`FileExplorer`) and the "Workspace" button
 * that shows and hides it (`aria-expanded`). The panel starts open when the chat is wide enough to
 * show both, closed otherwise; on a narrow chat it covers the thread (a container query) and
 * its close button brings the thread back. Closed, the explorer is not rendered (no subscriptions).
 *
 * @example
 * ```tsx
 * <FilePanelLayout enabled={agent.sandbox !== undefined}><ThreadViewport>…</ThreadViewport></FilePanelLayout>
 * ```
 */
export function FilePanelLayout({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const strings = useStrings();
  const [open, setOpen] = useState<boolean | null>(null);
  const bodyRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  useLayoutEffect(() => {
    if (enabled && open === null) setOpen((bodyRef.current?.clientWidth ?? 0) >= wideEnough);
  }, [enabled, open]);
  const close = () => {
    setOpen(false);
    toggleRef.current?.focus();
  };
  const shown = enabled && open === true;
  useEffect(() => (enabled ? whenIdle(() => void fileExplorerPart.preload().catch(() => {})) : undefined), [enabled]);
  const preload = () => void fileExplorerPart.preload().catch(() => {});
  return (
    <>
      {enabled && (
        <div className="rak-chat-toolbar">
          <button
            ref={toggleRef}
            type="button"
            className="rak-button rak-button-small rak-file-panel-toggle"
            aria-expanded={shown}
            aria-controls={shown ? panelId : undefined}
            onClick={() => setOpen(!shown)}
            onPointerEnter={preload}
            onFocus={preload}
          >
            {strings.files.workspace}
          </button>
        </div>
      )}
      <div ref={bodyRef} className="rak-chat-body" data-file-panel={enabled || undefined}>
        <div className="rak-chat-main">{children}</div>
        {shown && (
          <aside id={panelId} className="rak-file-panel" aria-label={strings.files.workspace}>
            <header className="rak-file-panel-header">
              <h2 className="rak-file-panel-title">{strings.files.workspace}</h2>
              <button type="button" className="rak-button rak-button-small" onClick={close}>
                {strings.files.close}
              </button>
            </header>
            <Suspense fallback={null}>
              <fileExplorerPart.Component label={strings.files.workspaceFiles} />
            </Suspense>
          </aside>
        )}
      </div>
    </>
  );
}
