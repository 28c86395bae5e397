import { isPendingApproval, useAgentInstance, useAgentSelector } from 'react-agent-kit/react';
import { MenuIcon, sidebarId } from './sidebar';
import { panelId, panelNames, type Dock } from './panels';

interface ChatHeaderProps {
  dock: Dock | null;
  onDock: (dock: Dock | null) => void;
  /** Shown when the sidebar is a drawer: the button that opens it. */
  menu: { open: boolean; onOpen: () => void } | null;
  /** Whether the header has the panel toggles (a phone has them in the drawer). */
  panelToggles: boolean;
}

/**
 * The agent's status in the words the chat uses for the same thing: while it waits, the tool
 * call's own words ("Needs approval", "Needs an answer", as on the call's card), "Failed" as a
 * failed call says.
 */
const statusLabels = { running: 'Responding', error: 'Failed', idle: 'Ready' } as const;
const waitingLabels = { approval: 'Needs approval', question: 'Needs an answer' } as const;

/**
 * The chat's header, one line at any width: the menu button (when the sidebar is a drawer), the
 * agent's name and status, the tokens used, and one toggle per panel.
 */
export function ChatHeader({ dock, onDock, menu, panelToggles }: ChatHeaderProps) {
  const status = useAgentSelector((state) => state.status);
  const waitsFor = useAgentSelector((state) =>
    state.toolCalls.some(isPendingApproval) ? 'approval' : state.toolCalls.some((call) => call.state === 'answer-requested') ? 'question' : null,
  );
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
        {status === 'awaiting-people' ? waitingLabels[waitsFor ?? 'approval'] : statusLabels[status]}
      </span>
      {/* Usage is counted when a model step ends: until the first one, there is no number to show (not "0"). */}
      {totalTokens > 0 && (
        // The playground's words are English: left to right in a right-to-left chat too ("131 tokens", not "tokens 131").
        <span className="pg-usage" dir="ltr" data-testid="usage" title={`Tokens used in this chat, counted as each model step ends${demo ? ' (estimated by the demo model)' : ''}`}>
          {totalTokens.toLocaleString('en-US')} tokens
        </span>
      )}
      {panelToggles && <PanelToggles className="pg-header-panels" dock={dock} onDock={onDock} />}
    </header>
  );
}

/**
 * One toggle per panel beside the chat, named as the panel is (one open at a time; pressing the
 * open one closes it). The Workspace's only when the agent has a sandbox.
 */
export function PanelToggles({ dock, onDock, className }: { dock: Dock | null; onDock: (dock: Dock | null) => void; className?: string }) {
  const hasSandbox = useAgentInstance().sandbox !== undefined;
  const panels = (Object.keys(panelNames) as Dock[]).filter((panel) => (panel !== 'workspace' && panel !== 'preview') || hasSandbox);
  return (
    <span className={className}>
      {panels.map((panel) => (
        <button
          key={panel}
          type="button"
          className="pg-toggle"
          aria-expanded={dock === panel}
          aria-controls={dock === panel ? panelId : undefined}
          onClick={() => onDock(dock === panel ? null : panel)}
        >
          {panelNames[panel]}
        </button>
      ))}
    </span>
  );
}
