import type { ReactNode } from 'react';
import type { Agent } from 'react-agent-kit';
import { FileExplorer, ToolTimeline } from 'react-agent-kit/components';
import { EventInspector } from '../inspector/event-inspector';
import { PreviewPanel } from '../preview/preview-panel';
import { panelId, panelNames, type Dock } from './panels';
import { CloseIcon } from './sidebar';

/**
 * The panel beside the chat: the agent's files (the kit's `FileExplorer`), the live preview of its page, the tool calls of this
 * chat, or the event inspector. Its landmark, its heading and its toggle say the same name.
 */
export function DockPanel({ dock, agent, agentKey, onClose }: { dock: Dock; agent: Agent; agentKey: number; onClose: () => void }) {
  return (
    <aside id={panelId} className={`pg-dock pg-dock-${dock}`} aria-label={panelNames[dock]}>
      <div className="pg-dock-header">
        <h2 className="pg-section-title">{panelNames[dock]}</h2>
        <button type="button" className="pg-icon-button pg-dock-close" aria-label="Close panel" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {panelContent(dock, agent, agentKey)}
    </aside>
  );
}

function panelContent(dock: Dock, agent: Agent, agentKey: number): ReactNode {
  switch (dock) {
    case 'workspace':
      return <FileExplorer key={agentKey} label="Workspace files" />;
    case 'preview':
      return agent.sandbox ? <PreviewPanel key={agentKey} sandbox={agent.sandbox} /> : null;
    case 'tool-calls':
      return <ToolTimeline emptyState={<p className="pg-activity-empty">Tool calls of this chat show up here, with their state, timing, arguments and results.</p>} />;
    case 'events':
      return <EventInspector key={agentKey} agent={agent} />;
  }
}
