import { useEffect, useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';
import { useReturnFocus } from './use-return-focus';

const focusableSelector = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'summary',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/**
 * Focus for a modal dialog, as WAI-ARIA's dialog pattern asks:
 * - on open, focus moves to the dialog (`ref`, which needs `tabIndex={-1}`), and again each
 *   time `focusKey` changes (the next request of a queue replaced the content);
 * - Tab and Shift+Tab cycle inside it (pass `onKeyDown` to the dialog), and focus that lands
 *   elsewhere in the same `.rak-root` is brought back;
 * - on close, focus returns to the element that had it before the dialog opened.
 *
 * @example
 * ```tsx
 * const ref = useRef<HTMLDivElement>(null);
 * const { onKeyDown } = useDialogFocus(ref, request.id);
 * return <div ref={ref} role="dialog" aria-modal="true" tabIndex={-1} onKeyDown={onKeyDown}>…</div>;
 * ```
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, focusKey: string): { onKeyDown: (event: KeyboardEvent) => void } {
  // Declared before useReturnFocus: on close its cleanup removes the guard first, so giving
  // focus back to an element elsewhere in the root is not undone by it.
  useLayoutEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const dialog = ref.current;
      const target = event.target;
      if (!dialog || !(target instanceof Node) || dialog.contains(target)) return;
      // Only within the kit's own root: a host app's dialog elsewhere on the page keeps its focus.
      if (dialog.closest('.rak-root')?.contains(target)) dialog.focus({ preventScroll: true });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [ref]);
  useReturnFocus(ref);

  useEffect(() => {
    ref.current?.focus({ preventScroll: true });
  }, [ref, focusKey]);

  const onKeyDown = (event: KeyboardEvent) => {
    const dialog = ref.current;
    if (event.key !== 'Tab' || !dialog) return;
    const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)].filter((element) => !element.closest('[hidden]'));
    const first = focusable[0];
    const last = focusable.at(-1);
    const active = document.activeElement;
    if (!first || !last) {
      event.preventDefault();
      dialog.focus();
    } else if (event.shiftKey && (active === first || active === dialog)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };
  return { onKeyDown };
}
