import type { ReactNode } from 'react';
import { useStickToBottom } from './use-stick-to-bottom';

export interface ThreadViewportProps {
  children?: ReactNode;
  className?: string;
  /** Label of the button that appears when the user has scrolled up. */
  jumpLabel?: string;
}

/**
 * The scrolling area of a thread, pinned to the newest message while it streams (see
 * `useStickToBottom`). Shows a "jump to latest" button when the user has scrolled up.
 * Headless apart from class names (`rak-viewport`, `rak-jump`).
 *
 * @example
 * ```tsx
 * <ThreadViewport><MessageList /></ThreadViewport>
 * ```
 */
export function ThreadViewport({ children, className, jumpLabel = 'Jump to latest' }: ThreadViewportProps) {
  const { scrollRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom();
  return (
    <div className={['rak-viewport-frame', className].filter(Boolean).join(' ')}>
      <div ref={scrollRef} className="rak-viewport" data-at-bottom={isAtBottom} tabIndex={0} aria-label="Conversation">
        <div ref={contentRef} className="rak-viewport-content">
          {children}
        </div>
      </div>
      {!isAtBottom && (
        <button type="button" className="rak-jump" onClick={() => scrollToBottom('smooth')}>
          {jumpLabel} <span aria-hidden="true">↓</span>
        </button>
      )}
    </div>
  );
}
