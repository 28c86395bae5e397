import { useAgentInstance, useAgentSelector } from 'react-agent-kit/react';
import { MenuIcon, sidebarId } from './sidebar';

/** The side panel the header toggles: the tool calls, or the event inspector. */
export type Dock = 'activity' | 'events';

interface ChatHeaderProps {
  dock: Dock | null;
  onDock: (dock: Dock | null) => void;
  /** Shown when the sidebar is a drawer: the button that opens it. */
  menu: { open: boolean; onOpen: () => void } | null;
  /** Whether the header has the panel toggles (a phone has them in the drawer). */
  panelToggles: boolean;
}

const statusLabels = { running: 'Responding', error: 'Error', 'awaiting-people': 'Waiting for you', idle: 'Ready' } as const;

/**
 * The chat's header, one line at any width: the menu button (when the sidebar is a drawer), the
 * agent's name and status, the tokens used, and the panel toggles.
 */
export function ChatHeader({ dock, onDock, menu, panelToggles }: ChatHeaderProps) {
  const status = useAgentSelector((state) => state.status);
  const totalTokens = useAgentSelector((state) => state.usage.totalTokens);
  const provider = useAgentInstance().model.provider;
  const demo = provider === 'react-agent-kit';
  // agUiAgent's runs happen at its endpoint: the header says where.
  const remote = provider === 'ag-ui';
  return (
    <header className="pg-header">
      {menu && (
        <button type="button" className="pg-icon-button" aria-label="Menu" aria-expanded={menu.open} aria-controls={sidebarId} onClick={menu.onOpen}>
          <MenuIcon />
        </button>
      )}
      <h1 className="pg-title" title={remote ? 'The agent runs on the playground server; this page talks to it over AG-UI.' : undefined}>
        {remote ? 'Remote agent · AG-UI' : demo ? 'Demo agent' : 'Agent'}
      </h1>
      <span className="pg-status" data-status={status}>
        {statusLabels[status]}
      </span>
      {/* Usage is counted when a model step ends: until the first one, there is no number to show (not "0"). */}
      {totalTokens > 0 && (
        <span className="pg-usage" data-testid="usage" title={`Tokens used in this chat, counted as each model step ends${demo ? ' (estimated by the demo model)' : ''}`}>
          {totalTokens.toLocaleString('en-US')} tokens
        </span>
      )}
      {panelToggles && <DockToggles className="pg-header-panels" dock={dock} onDock={onDock} />}
    </header>
  );
}

/** The toggles of the panels beside the chat (one open at a time; pressing the open one closes it). */
export function DockToggles({ dock, onDock, className }: { dock: Dock | null; onDock: (dock: Dock | null) => void; className?: string }) {
  const toggle = (panel: Dock) => onDock(dock === panel ? null : panel);
  return (
    <span className={className}>
      <button type="button" className="pg-toggle" aria-pressed={dock === 'activity'} onClick={() => toggle('activity')}>
        Tool activity
      </button>
      <button type="button" className="pg-toggle" aria-pressed={dock === 'events'} onClick={() => toggle('events')}>
        Events
      </button>
    </span>
  );
}
