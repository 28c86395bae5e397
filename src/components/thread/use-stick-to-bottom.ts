import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as "at the bottom". */
const bottomThresholdPx = 48;

export interface StickToBottom {
  /** The scroll container. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The element whose growth (streamed text, new messages) should keep the view pinned. */
  contentRef: RefObject<HTMLDivElement | null>;
  /** False after the user scrolled up; the view then stays where they are reading. */
  isAtBottom: boolean;
  /** Scrolls to the end and pins the view again. */
  scrollToBottom: (behavior?: ScrollBehavior) => void;
}

/**
 * Keeps a scroll container pinned to its end while content grows, and lets go the moment
 * the user scrolls up (wheel, touch, keys or scrollbar), so reading earlier messages is
 * never interrupted by the stream. Scrolling back to the end pins it again.
 *
 * @example
 * ```tsx
 * const { scrollRef, contentRef, isAtBottom, scrollToBottom } = useStickToBottom();
 * ```
 */
export function useStickToBottom(): StickToBottom {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);
  const lastScrollTop = useRef(0);
  const [isAtBottom, setIsAtBottom] = useState(true);

  const setPinned = useCallback((value: boolean) => {
    pinned.current = value;
    setIsAtBottom(value);
  }, []);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const element = scrollRef.current;
      if (!element) return;
      setPinned(true);
      element.scrollTo({ top: element.scrollHeight, behavior });
      lastScrollTop.current = element.scrollTop;
    },
    [setPinned],
  );

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const distanceFromBottom = () => element.scrollHeight - element.scrollTop - element.clientHeight;
    const onScroll = () => {
      const top = element.scrollTop;
      // Moving up is always the user: our own scrolling only ever moves down.
      if (top < lastScrollTop.current - 1) setPinned(distanceFromBottom() <= 1);
      else if (distanceFromBottom() <= bottomThresholdPx) setPinned(true);
      lastScrollTop.current = top;
    };
    // Let go on the intent to scroll up, before the scroll event, so a fast stream cannot win.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0 && element.scrollHeight > element.clientHeight) setPinned(false);
    };
    element.addEventListener('scroll', onScroll, { passive: true });
    element.addEventListener('wheel', onWheel, { passive: true });
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
    };
  }, [setPinned]);

  useEffect(() => {
    const content = contentRef.current;
    const element = scrollRef.current;
    if (!content || !element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (!pinned.current) return;
      element.scrollTop = element.scrollHeight;
      lastScrollTop.current = element.scrollTop;
    });
    observer.observe(content);
    return () => observer.disconnect();
  }, []);

  return { scrollRef, contentRef, isAtBottom, scrollToBottom };
}
