import { useCallback, useEffect, useRef, useState } from 'react';
import { useAgentSelector, useSandboxChanges } from 'react-agent-kit/react';

/** The panels beside the chat: the agent's files, the live preview of its page, the tool calls of this chat, the event inspector. */
export type Dock = 'workspace' | 'preview' | 'tool-calls' | 'events';

/** Each panel's one name: its toggle, its heading and its landmark all say it. */
export const panelNames: Record<Dock, string> = { workspace: 'Workspace', preview: 'Preview', 'tool-calls': 'Tool calls', events: 'Events' };

/** The open panel's element id (the toggles' `aria-controls`). */
export const panelId = 'pg-panel';

/** The open panel survives a reload of the tab (not a new tab: that starts with the chat alone). */
const openPanelKey = 'rak-playground-panel';
/** Set once the person opened or closed the Workspace themselves: from then on it opens only when they say. */
const workspaceChosenKey = 'rak-playground-workspace-chosen';

function storedPanel(): Dock | null {
  const stored = sessionStorage.getItem(openPanelKey);
  return stored !== null && stored in panelNames ? (stored as Dock) : null;
}

/**
 * Which panel is open beside the chat. Every panel starts closed, so an empty chat has the whole
 * width; the Workspace opens by itself when the agent changes a file (`workspaceChanged`), unless
 * a panel is already open, the screen is a phone's (a panel would cover the chat), or the person
 * has opened or closed the Workspace themselves (their choice is kept, across reloads too).
 *
 * @example
 * const { dock, choose, workspaceChanged, opensWorkspace } = usePanels(phone);
 * {opensWorkspace && <OpenWorkspaceOnChange onChange={workspaceChanged} />}
 */
export function usePanels(phone: boolean) {
  const [dock, setDock] = useState<Dock | null>(() => (phone ? null : storedPanel()));
  const [workspaceChosen, setWorkspaceChosen] = useState(() => localStorage.getItem(workspaceChosenKey) === 'true');
  useEffect(() => {
    if (dock === null) sessionStorage.removeItem(openPanelKey);
    else sessionStorage.setItem(openPanelKey, dock);
  }, [dock]);
  /** The person's own choice (a toggle, a close button). */
  const choose = useCallback(
    (next: Dock | null) => {
      if (next === 'workspace' || dock === 'workspace') {
        localStorage.setItem(workspaceChosenKey, 'true');
        setWorkspaceChosen(true);
      }
      setDock(next);
    },
    [dock],
  );
  const workspaceChanged = useCallback(() => setDock((current) => current ?? 'workspace'), []);
  /** The agent opened the preview (`open_preview`): it shows, whichever panel was open. */
  const previewOpened = useCallback(() => setDock('preview'), []);
  return { dock, choose, workspaceChanged, previewOpened, opensWorkspace: dock === null && !phone && !workspaceChosen };
}

/**
 * Calls `onChange` when the agent changes a file of its workspace while it runs (the files
 * changed this turn grow): loading a conversation, a reset or an import is not the agent's doing.
 * Renders nothing; mount it inside the `AgentProvider` only while the Workspace may open by itself.
 *
 * @example
 * {opensWorkspace && <OpenWorkspaceOnChange onChange={workspaceChanged} />}
 */
export function OpenWorkspaceOnChange({ onChange }: { onChange: () => void }) {
  const changed = useSandboxChanges().files.length;
  const running = useAgentSelector((state) => state.status === 'running');
  const before = useRef(changed);
  useEffect(() => {
    const grew = changed > before.current;
    before.current = changed;
    if (grew && running) onChange();
  }, [changed, running, onChange]);
  return null;
}
