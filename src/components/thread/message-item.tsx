import { createContext, forwardRef, memo, useContext, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { Message } from '../../core/index';
import { useMessage } from '../../react/index';
import { CompactionMarker, CompactionsContext } from './compaction-marker';

/** What a message component (`MessageList`'s `messageComponent`) receives. */
export interface MessageComponentProps {
  message: Message;
}

/** The index of the thread's last message, for the items to know whether they are it. */
export const LastIndexContext = /* @__PURE__ */ createContext(-1);

interface ThreadItemProps {
  index: number;
  style?: CSSProperties;
  children: ReactNode;
}

/**
 * The box around one message, positioned by the virtualizer. The thread is a polite live log
 * that announces additions; only the last message may be announced: an earlier one is added
 * to the page again whenever it scrolls back into view, which is not news.
 */
export const ThreadItem = /* @__PURE__ */ forwardRef<HTMLDivElement, ThreadItemProps>(function ThreadItem({ index, style, children }, ref) {
  const last = useContext(LastIndexContext);
  return (
    <div ref={ref} style={style} className="rak-message-item" data-rak-index={index} aria-live={index === last ? undefined : 'off'}>
      {children}
    </div>
  );
});

/** One message, subscribed by id: a streamed token re-renders only the item it belongs to. After it, the marker of a summary that ends with it. */
export const MessageItem = /* @__PURE__ */ memo(function MessageItem({ id, component: Component }: { id: string; component: ComponentType<MessageComponentProps> }) {
  const message = useMessage(id);
  const compaction = useContext(CompactionsContext).get(id);
  if (!message) return null;
  return (
    <>
      <Component message={message} />
      {compaction && <CompactionMarker compaction={compaction} />}
    </>
  );
});
