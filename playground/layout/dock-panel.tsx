import type { Agent } from 'react-agent-kit';
import { ToolTimeline } from 'react-agent-kit/components';
import { EventInspector } from '../inspector/event-inspector';
import type { Dock } from './chat-header';
import { CloseIcon } from './sidebar';

/** The panel beside the chat: the tool calls of this chat, or the event inspector. */
export function DockPanel({ dock, agent, agentKey, onClose }: { dock: Dock; agent: Agent; agentKey: number; onClose: () => void }) {
  const close = (
    <button type="button" className="pg-icon-button pg-dock-close" aria-label="Close panel" onClick={onClose}>
      <CloseIcon />
    </button>
  );
  if (dock === 'activity') {
    return (
      <aside className="pg-dock pg-activity" aria-label="Tool activity">
        <div className="pg-dock-header">
          <h2 className="pg-section-title">Tool calls</h2>
          {close}
        </div>
        <ToolTimeline emptyState={<p className="pg-activity-empty">Tool calls of this chat show up here, with their state, timing, arguments and results.</p>} />
      </aside>
    );
  }
  return (
    <aside className="pg-dock pg-events" aria-label="Event inspector">
      <div className="pg-dock-header">
        <h2 className="pg-section-title">Events and state</h2>
        {close}
      </div>
      <EventInspector key={agentKey} agent={agent} />
    </aside>
  );
}
