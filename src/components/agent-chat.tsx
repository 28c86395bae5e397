import type { ComponentType, ReactNode } from 'react';
import type { Agent } from '../core/index';
import { AgentProvider } from '../react/index';
import { Composer } from './composer/composer';
import { MessageView } from './message/message-view';
import { ErrorNotice } from './thread/error-notice';
import { MessageList, type MessageComponentProps } from './thread/message-list';
import { ThreadViewport } from './thread/thread-viewport';

export interface AgentChatProps {
  agent: Agent;
  /** Shown above the thread. */
  header?: ReactNode;
  /** Shown while the thread is empty. */
  emptyState?: ReactNode;
  placeholder?: string;
  /** `auto` follows the system setting. Default `auto`. */
  theme?: 'light' | 'dark' | 'auto';
  /** Replace how a message renders (for example to add actions). */
  messageComponent?: ComponentType<MessageComponentProps>;
  autoFocus?: boolean;
  className?: string;
}

/**
 * A complete agent chat: streaming thread, error with retry, and composer. Import
 * `react-agent-kit/styles.css` once for the default look.
 *
 * @example
 * ```tsx
 * import { createAgent, demoModel } from 'react-agent-kit';
 * import { AgentChat } from 'react-agent-kit/components';
 * import 'react-agent-kit/styles.css';
 *
 * const agent = createAgent({ model: demoModel() });
 * export const App = () => <AgentChat agent={agent} />;
 * ```
 */
export function AgentChat({
  agent,
  header,
  emptyState,
  placeholder,
  theme = 'auto',
  messageComponent = MessageView,
  autoFocus,
  className,
}: AgentChatProps) {
  return (
    <AgentProvider agent={agent}>
      <section className={['rak-root', 'rak-chat', className].filter(Boolean).join(' ')} data-theme={theme} data-testid="agent-chat">
        {header}
        <ThreadViewport>
          <MessageList messageComponent={messageComponent} empty={emptyState ?? <DefaultEmptyState />} />
        </ThreadViewport>
        <div className="rak-chat-footer">
          <ErrorNotice />
          <Composer placeholder={placeholder} autoFocus={autoFocus} />
        </div>
      </section>
    </AgentProvider>
  );
}

function DefaultEmptyState() {
  return (
    <div className="rak-empty">
      <p className="rak-empty-title">How can I help?</p>
    </div>
  );
}
