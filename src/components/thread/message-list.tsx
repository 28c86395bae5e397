import { memo, type ComponentType } from 'react';
import type { Message } from '../../core/index';
import { useMessage, useMessageIds } from '../../react/index';

export interface MessageComponentProps {
  message: Message;
}

export interface MessageListProps {
  /** Renders one message; the kit's styled `MessageView` by default. */
  messageComponent: ComponentType<MessageComponentProps>;
  /** Shown when the thread is empty. */
  empty?: React.ReactNode;
}

/**
 * Renders the thread's messages. Each item subscribes to its own message, so a streamed
 * token re-renders one item; the list itself re-renders only when messages are added or
 * removed.
 *
 * @example
 * ```tsx
 * <MessageList messageComponent={({ message }) => <p>{message.role}</p>} />
 * ```
 */
export function MessageList({ messageComponent, empty }: MessageListProps) {
  const ids = useMessageIds();
  if (ids.length === 0) return <>{empty}</>;
  return (
    <div className="rak-message-list" role="log" aria-live="polite" aria-relevant="additions">
      {ids.map((id) => (
        <MessageItem key={id} id={id} component={messageComponent} />
      ))}
    </div>
  );
}

const MessageItem = memo(function MessageItem({ id, component: Component }: { id: string; component: ComponentType<MessageComponentProps> }) {
  const message = useMessage(id);
  return message ? <Component message={message} /> : null;
});
