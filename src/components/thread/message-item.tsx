import { forwardRef, memo, useContext, type ComponentType, type CSSProperties, type ReactNode } from 'react';
import type { Message } from '../../core/index';
import { useMessage } from '../../react/index';
import { CompactionMarker, CompactionsContext } from './compaction-marker';

/** What a message component (`MessageList`'s `messageComponent`) receives. */
export interface MessageComponentProps {
  message: Message;
}

interface ThreadItemProps {
  index: number;
  style?: CSSProperties;
  children: ReactNode;
}

/** The box around one message, positioned by the virtualizer. */
export const ThreadItem = /* @__PURE__ */ forwardRef<HTMLDivElement, ThreadItemProps>(function ThreadItem({ index, style, children }, ref) {
  return (
    <div ref={ref} style={style} className="rak-message-item" data-rak-index={index}>
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
