import { Suspense, useEffect, useRef, useSyncExternalStore, type ComponentType, type ReactNode } from 'react';
import { useMessageIds } from '../../react/index';
import { MessageItem, ThreadItem, type MessageComponentProps } from './message-item';
import { CompactionsProvider } from './compaction-marker';
import { ThreadAnnouncer } from './thread-announcer';
import { lazyPart } from '../lazy-part';

/**
 * A thread this long is virtualized; a shorter one mounts every message (each one off screen
 * skips rendering through `content-visibility: auto`, so they cost little). The virtualizer's
 * code loads once a thread reaches `preloadFrom` messages, or when a long one opens.
 */
const virtualizeFrom = 60;
const preloadFrom = 30;
/** Shown while the virtualizer loads: the latest messages, about a screen or two of them. */
const meanwhileCount = 20;

/** The virtualizer (virtua and the kit's list around it): loaded for long threads only. */
export const virtualMessagesPart = lazyPart(() => import('./virtual-messages').then((module) => module.VirtualMessages));

export type { MessageComponentProps };

export interface MessageListProps {
  /** Renders one message: the kit's styled `MessageView`, or your own (it gets the message and re-renders when that message changes). */
  messageComponent: ComponentType<MessageComponentProps>;
  /** Shown when the thread is empty. */
  empty?: ReactNode;
  /**
   * Mount only the messages in view once the thread is long (60 messages; default `true`), so a
   * thread of any length costs about the same. `false` mounts every message (each one off screen skips rendering through
   * `content-visibility: auto`): the browser's find in page then sees the whole thread, at a
   * cost that grows with its length. Choose it only for threads known to stay short.
   */
  virtualize?: boolean;
}

// A log, but not a live one: what changes in it (tokens, tool states, the actions under a reply)
// is not news. `ThreadAnnouncer` says what is: the end of a reply, in words.
const logProps = { className: 'rak-message-list', role: 'log', 'aria-live': 'off' } as const;

/**
 * Renders the thread's messages; from 60 messages on, virtualized: only those in view are
 * mounted (with the last one and the one holding focus), inside `ThreadViewport` or the nearest
 * scrolling ancestor (the virtualizer's code loads when a thread gets that long). Heights may differ and change (markdown, code, tool cards, diffs that expand);
 * the reader's position holds meanwhile. Each item subscribes to its own message, so a
 * streamed token re-renders one item; the list re-renders only when messages are added or
 * removed. The browser's find in page searches the mounted messages only (see `virtualize`).
 * Without layout (server rendering, jsdom) every message renders, as the first client render
 * must match the server's. Screen readers hear the end of each reply from `ThreadAnnouncer`,
 * which it renders first, from the first render on.
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
  const virtualizing = useRef(false);
  // Once virtualized, a thread stays so (a rollback below the limit does not remount every message).
  virtualizing.current ||= virtualize && canMeasure && ids.length >= virtualizeFrom;
  const nearlyLong = virtualize && canMeasure && ids.length >= preloadFrom;
  useEffect(() => {
    if (nearlyLong) void virtualMessagesPart.preload().catch(() => {});
  }, [nearlyLong]);
  return (
    <>
      {/* First and in every case, so it stays mounted (and known to screen readers) from the first render. */}
      <ThreadAnnouncer />
      {ids.length === 0 ? empty : virtualizing.current ? <VirtualList ids={ids} messageComponent={messageComponent} /> : <FullList ids={ids} messageComponent={messageComponent} />}
    </>
  );
}

function VirtualList({ ids, messageComponent }: { ids: readonly string[]; messageComponent: ComponentType<MessageComponentProps> }) {
  return (
    // While the virtualizer loads (a long conversation opened first thing), the latest messages show.
    <Suspense fallback={<FullList ids={ids.slice(-meanwhileCount)} messageComponent={messageComponent} />}>
      <CompactionsProvider>
        <virtualMessagesPart.Component ids={ids} component={messageComponent} logProps={logProps} />
      </CompactionsProvider>
    </Suspense>
  );
}

function FullList({ ids, messageComponent }: { ids: readonly string[]; messageComponent: ComponentType<MessageComponentProps> }) {
  return (
    <div {...logProps}>
      <CompactionsProvider>
        {ids.map((id, index) => (
          <ThreadItem key={id} index={index}>
            <MessageItem id={id} component={messageComponent} />
          </ThreadItem>
        ))}
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
