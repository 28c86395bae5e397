import { useLayoutEffect, type RefObject } from 'react';

/**
 * Makes the element `inert` while `on` is true, through the DOM rather than a prop: React 19
 * knows `inert` as a boolean (an empty string means false there, with a warning), while
 * React 18 does not know it at all (`inert={false}` warns, `inert={true}` is dropped), so no
 * prop value is right on both. A layout effect, so the attribute is there before the paint.
 *
 * @example
 * const ref = useRef<HTMLDivElement>(null);
 * useInert(ref, dialogOpen);
 * return <div ref={ref}>…</div>;
 */
export function useInert(ref: RefObject<HTMLElement | null>, on: boolean): void {
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.toggleAttribute('inert', on);
    return () => element.removeAttribute('inert');
  }, [ref, on]);
}
