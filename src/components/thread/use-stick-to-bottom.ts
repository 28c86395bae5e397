import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** Within this many pixels of the end counts as "at the bottom". */
const bottomThresholdPx = 48;

/** Keys that scroll a focused scroll container up, and down. */
const upKeys = new Set(['ArrowUp', 'PageUp']);
const downKeys = new Set(['ArrowDown', 'PageDown', ' ']);

export interface StickToBottom {
  /** The scroll container. */
  scrollRef: RefObject<HTMLDivElement | null>;
  /** The element whose growth (streamed text, new messages) should keep the view pinned. */
  contentRef: RefObject<HTMLDivElement | null>;
  /**
   * An empty element placed right after the content. An IntersectionObserver on it tells whether
   * the end is in view, so scrolling reads no layout. Without it the hook measures on each scroll
   * event instead.
   */
  endRef: RefObject<HTMLDivElement | null>;
  /** False once the reader scrolled away from the end; the view then stays where they are reading. */
  isAtBottom: boolean;
  /** Scrolls to the end and pins the view again. Far away, it jumps rather than animates. */
  scrollToBottom: (behavior?: ScrollBehavior) => void;
  /**
   * Says that the content changed size, for content that measures itself (a virtualized list
   * does, in its own ResizeObserver callback): a pinned view follows in that same frame.
   */
  contentResized: () => void;
  /**
   * Hands size tracking of the content to the caller, who then calls `contentResized`; the hook
   * stops observing `contentRef` until the returned function is called. A second observer on an
   * ancestor would see each change one frame late, after a "ResizeObserver loop" report.
   */
  measureContentElsewhere: () => () => void;
}

/**
 * Keeps a scroll container pinned to its end while content grows, and lets go the moment
 * the reader scrolls up (wheel, touch, keys or scrollbar) or anything else moves the view away
 * from the end (find in page, focus, a screen reader), so reading earlier messages is never
 * interrupted by the stream. Coming back to the end pins it again.
 *
 * Nothing here reads layout per scroll event: intent comes from input events, "at the end" from
 * an IntersectionObserver on `endRef`, and pinning only writes `scrollTop`.
 *
 * @example
 * ```tsx
 * const { scrollRef, contentRef, endRef, isAtBottom, scrollToBottom } = useStickToBottom();
 * return (
 *   <div ref={scrollRef} style={{ overflowY: 'auto' }}>
 *     <div ref={contentRef}>{messages}<div ref={endRef} /></div>
 *     {!isAtBottom && <button onClick={() => scrollToBottom('smooth')}>Jump to latest</button>}
 *   </div>
 * );
 * ```
 */
export function useStickToBottom(): StickToBottom {
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const contentRef = useRef<HTMLDivElement | null>(null);
  const endRef = useRef<HTMLDivElement | null>(null);
  const pinned = useRef(true);
  const endInView = useRef(true);
  const [following, setFollowing] = useState(true);
  const [endVisible, setEndVisible] = useState(true);
  const [measuredElsewhere, setMeasuredElsewhere] = useState(0);

  const setPinned = useCallback((value: boolean) => {
    pinned.current = value;
    setFollowing(value);
  }, []);

  const pinToEnd = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    // A write only: the browser clamps it to the end, no scrollHeight read is needed.
    element.scrollTop = Number.MAX_SAFE_INTEGER;
  }, []);

  const scrollToBottom = useCallback(
    (behavior: ScrollBehavior = 'auto') => {
      const element = scrollRef.current;
      if (!element) return;
      setPinned(true);
      // Animating across thousands of messages would mount each one on the way.
      const far = element.scrollHeight - element.scrollTop - element.clientHeight > 2 * element.clientHeight;
      const reducedMotion = typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
      if (behavior === 'smooth' && !far && !reducedMotion && typeof element.scrollTo === 'function') {
        element.scrollTo({ top: element.scrollHeight, behavior });
      } else pinToEnd();
    },
    [setPinned, pinToEnd],
  );

  const contentResized = useCallback(() => {
    if (pinned.current) pinToEnd();
  }, [pinToEnd]);

  const measureContentElsewhere = useCallback(() => {
    setMeasuredElsewhere((count) => count + 1);
    return () => setMeasuredElsewhere((count) => count - 1);
  }, []);

  const endSeen = useCallback(
    (visible: boolean) => {
      if (visible === endInView.current) return;
      endInView.current = visible;
      setEndVisible(visible);
      // Back at the end: follow again. While following, every growth is pinned in the frame it
      // happens (resize observations come before intersections), so the end leaving the view means
      // something else scrolled it (find in page, focus, a screen reader): stop following.
      if (visible !== pinned.current) setPinned(visible);
    },
    [setPinned],
  );

  useEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const end = endRef.current;
    const distanceFromBottom = () => element.scrollHeight - element.scrollTop - element.clientHeight;
    // Only without an end marker: measure, as there is nothing to observe.
    const onScroll = () => endSeen(distanceFromBottom() <= bottomThresholdPx);
    // Intent to scroll up lets go before the scroll happens, so a fast stream cannot win.
    const onWheel = (event: WheelEvent) => {
      if (event.deltaY < 0) setPinned(false);
      else if (event.deltaY > 0 && endInView.current) setPinned(true);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (isEditable(event.target) || event.defaultPrevented) return;
      // Home and End go there at once: a smooth scroll across a long virtualized thread mounts
      // every message on the way, and stops short when the heights it measures correct the scroll.
      if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        if (event.key === 'End') return scrollToBottom();
        setPinned(false);
        element.scrollTop = 0;
      } else if (upKeys.has(event.key) || (event.key === ' ' && event.shiftKey)) setPinned(false);
      else if (downKeys.has(event.key) && endInView.current) setPinned(true);
    };
    let touchY = 0;
    const onTouchStart = (event: TouchEvent) => void (touchY = event.touches[0]?.clientY ?? 0);
    const onTouchMove = (event: TouchEvent) => {
      // A finger moving down drags the content down: the reader goes back in the thread.
      if ((event.touches[0]?.clientY ?? 0) > touchY) setPinned(false);
    };
    // The scrollbar: a press on the container itself rather than on its content.
    const onPointerDown = (event: PointerEvent) => {
      if (event.target === element) setPinned(false);
    };
    const onRelease = () => {
      if (endInView.current && !pinned.current) setPinned(true);
    };
    const options = { passive: true };
    if (!end) element.addEventListener('scroll', onScroll, options);
    element.addEventListener('wheel', onWheel, options);
    element.addEventListener('keydown', onKeyDown);
    element.addEventListener('touchstart', onTouchStart, options);
    element.addEventListener('touchmove', onTouchMove, options);
    element.addEventListener('touchend', onRelease, options);
    element.addEventListener('pointerdown', onPointerDown, options);
    element.addEventListener('pointerup', onRelease, options);
    let observer: IntersectionObserver | undefined;
    if (end && typeof IntersectionObserver === 'function') {
      observer = new IntersectionObserver((entries) => endSeen(entries.at(-1)!.isIntersecting), {
        root: element,
        rootMargin: `0px 0px ${bottomThresholdPx}px 0px`,
      });
      observer.observe(end);
    }
    return () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('wheel', onWheel);
      element.removeEventListener('keydown', onKeyDown);
      element.removeEventListener('touchstart', onTouchStart);
      element.removeEventListener('touchmove', onTouchMove);
      element.removeEventListener('touchend', onRelease);
      element.removeEventListener('pointerdown', onPointerDown);
      element.removeEventListener('pointerup', onRelease);
      observer?.disconnect();
    };
  }, [setPinned, endSeen, scrollToBottom]);

  useEffect(() => {
    const content = contentRef.current;
    const element = scrollRef.current;
    if (measuredElsewhere > 0 || !element || typeof ResizeObserver === 'undefined') return;
    // The container too: a taller composer or a smaller window must not uncover a gap at the end.
    const observer = new ResizeObserver(() => contentResized());
    observer.observe(element);
    if (content) observer.observe(content);
    return () => observer.disconnect();
  }, [measuredElsewhere, contentResized]);

  return { scrollRef, contentRef, endRef, isAtBottom: following || endVisible, scrollToBottom, contentResized, measureContentElsewhere };
}

function isEditable(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.tagName === 'TEXTAREA' || target.tagName === 'INPUT' || target.tagName === 'SELECT');
}
