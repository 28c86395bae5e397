import { useMemo, useRef, type ReactNode } from 'react';
import { ThreadScrollContext } from './thread-scroll-context';
import { useStickToBottom } from './use-stick-to-bottom';
import { useStrings } from '../strings/strings-context';

export interface ThreadViewportProps {
  children?: ReactNode;
  className?: string;
  /** Label of the button that appears when the user has scrolled up. */
  jumpLabel?: string;
}

/**
 * The scrolling area of a thread, pinned to the newest message while it streams (see
 * `useStickToBottom`). Shows a "jump to latest" button when the user has scrolled up.
 * A `MessageList` inside it virtualizes against this area and reports its own size changes.
 * Headless apart from class names (`rak-viewport`, `rak-jump`).
 *
 * @example
 * ```tsx
 * <ThreadViewport><MessageList messageComponent={MessageView} /></ThreadViewport>
 * ```
 */
export function ThreadViewport({ children, className, jumpLabel }: ThreadViewportProps) {
  const strings = useStrings();
  const { scrollRef, contentRef, endRef, isAtBottom, scrollToBottom, contentResized, measureContentElsewhere } = useStickToBottom();
  const jumpRef = useRef<HTMLButtonElement>(null);
  const scroll = useMemo(() => ({ scrollRef, contentResized, measureContentElsewhere }), [scrollRef, contentResized, measureContentElsewhere]);
  const jump = () => {
    // The button goes away at the end: focus moves to the thread instead of being lost with it.
    if (document.activeElement === jumpRef.current) scrollRef.current?.focus({ preventScroll: true });
    scrollToBottom('smooth');
  };
  return (
    <div className={['rak-viewport-frame', className].filter(Boolean).join(' ')}>
      <div ref={scrollRef} className="rak-viewport" data-at-bottom={isAtBottom} tabIndex={0} aria-label={strings.thread.conversation}>
        <div ref={contentRef} className="rak-viewport-content">
          <ThreadScrollContext.Provider value={scroll}>{children}</ThreadScrollContext.Provider>
          <div ref={endRef} className="rak-viewport-end" aria-hidden="true" />
        </div>
      </div>
      {!isAtBottom && (
        <button ref={jumpRef} type="button" className="rak-jump" onClick={jump}>
          {jumpLabel ?? strings.thread.jumpToLatest} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}
