import { useLayoutEffect, useRef, type RefObject } from 'react';

/**
 * Remembers which element had focus when the component mounted, and gives focus back to it
 * when the component unmounts. When nothing had focus (a composer is disabled, and so blurred,
 * in the same update that shows a prompt) or that element is gone, focus goes to the element
 * marked `data-rak-return-focus` in the same `.rak-root` (or its first text field): `AgentChat`
 * marks its composer. Call it before any effect that moves focus into the component.
 *
 * @example
 * ```tsx
 * function Prompt() {
 *   const ref = useRef<HTMLDivElement>(null);
 *   useReturnFocus(ref);
 *   useEffect(() => ref.current?.focus(), []);
 *   return <div ref={ref} tabIndex={-1}>…</div>;
 * }
 * ```
 */
export function useReturnFocus(ref: RefObject<HTMLElement | null>): void {
  const previous = useRef<HTMLElement | null>(null);
  // A layout effect: it must read the focused element before the component's effects move focus.
  useLayoutEffect(() => {
    const active = document.activeElement;
    // Focus already inside: the effect runs again (React's StrictMode does that); keep what was saved.
    if (!(active instanceof Node && ref.current?.contains(active))) {
      previous.current = active instanceof HTMLElement && active !== document.body ? active : null;
    }
    const root = ref.current?.closest('.rak-root') ?? null;
    return () => {
      const target = previous.current?.isConnected ? previous.current : fallbackIn(root);
      if (target) returnFocus(target);
    };
  }, [ref]);
}

function fallbackIn(root: Element | null): HTMLElement | null {
  const marked = root?.querySelector<HTMLElement>('[data-rak-return-focus]');
  if (!marked) return null;
  return marked.matches('textarea, input, button, [tabindex]') ? marked : marked.querySelector<HTMLElement>('textarea, input');
}

/**
 * Focuses `element`. It may be disabled for a moment (the composer is, until the agent runs
 * again), so it is tried again for a short while, unless focus went somewhere else meanwhile.
 */
function returnFocus(element: HTMLElement, attempt = 0): void {
  // The element's own document: a retry may run after the page (or a test's DOM) went away.
  const page = element.ownerDocument;
  if (!element.isConnected || !page) return;
  const nowhere = page.activeElement === null || page.activeElement === page.body;
  if (attempt > 0 && !nowhere) return;
  element.focus({ preventScroll: true });
  if (page.activeElement !== element && attempt < 8) setTimeout(() => returnFocus(element, attempt + 1), 50);
}
