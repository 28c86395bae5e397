import { useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useMessageIds } from '../../react/index';
import { LastIndexContext, MessageItem, ThreadItem, type MessageComponentProps } from './message-item';
import { VirtualMessages } from './virtual-messages';
import { CompactionsProvider } from './compaction-marker';

export type { MessageComponentProps };

export interface MessageListProps {
  /** Renders one message; the kit's styled `MessageView` by default. */
  messageComponent: ComponentType<MessageComponentProps>;
  /** Shown when the thread is empty. */
  empty?: ReactNode;
  /**
   * Mount only the messages in view (default `true`), so a thread of any length costs about
   * the same. `false` mounts every message (each one off screen skips rendering through
   * `content-visibility: auto`): the browser's find in page then sees the whole thread, at a
   * cost that grows with its length. Choose it only for threads known to stay short.
   */
  virtualize?: boolean;
}

// The thread is a live log: a new message is announced once it is complete (see `MessageView`).
const logProps = { className: 'rak-message-list', role: 'log', 'aria-live': 'polite', 'aria-relevant': 'additions' } as const;

/**
 * Renders the thread's messages, virtualized: only those in view are mounted (with the
 * last one and the one holding focus), inside `ThreadViewport` or the nearest scrolling
 * ancestor. Heights may differ and change (markdown, code, tool cards, diffs that expand);
 * the reader's position holds meanwhile. Each item subscribes to its own message, so a
 * streamed token re-renders one item; the list re-renders only when messages are added or
 * removed. The browser's find in page searches the mounted messages only (see `virtualize`).
 * Without layout (server rendering, jsdom) every message renders, as the first client render
 * must match the server's.
 *
 * @example
 * ```tsx
 * <ThreadViewport>
 *   <MessageList messageComponent={({ message }) => <p>{message.role}</p>} />
 * </ThreadViewport>
 * ```
 */
export function MessageList({ messageComponent, empty, virtualize = true }: MessageListProps) {
  const ids = useMessageIds();
  const canMeasure = useCanMeasure();
  if (ids.length === 0) return <>{empty}</>;
  if (virtualize && canMeasure) {
    return (
      <CompactionsProvider>
        <VirtualMessages ids={ids} component={messageComponent} logProps={logProps} />
      </CompactionsProvider>
    );
  }
  return (
    <div {...logProps}>
      <CompactionsProvider>
        <LastIndexContext.Provider value={ids.length - 1}>
          {ids.map((id, index) => (
            <ThreadItem key={id} index={index}>
              <MessageItem id={id} component={messageComponent} />
            </ThreadItem>
          ))}
        </LastIndexContext.Provider>
      </CompactionsProvider>
    </div>
  );
}

const subscribeToNothing = () => () => {};
const layoutAvailable = () => typeof ResizeObserver === 'function';
const serverHasNoLayout = () => false;

/** Whether items can be measured: false on the server and in the hydrating render, so both match. */
function useCanMeasure(): boolean {
  return useSyncExternalStore(subscribeToNothing, layoutAvailable, serverHasNoLayout);
}
