import { useSyncExternalStore } from 'react';

/** Whether the media query matches now, updated when it changes (a resize, a rotated phone). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    () => matchMedia(query).matches,
  );
}

/** Phones and narrow windows: the sidebar does not fit beside the chat. */
const phone = '(max-width: 760px)';
/**
 * The sidebar (260px), a panel (360px) and a conversation of 600px need this much; narrower, the
 * sidebar gives way while a panel is open (at 1280px all three fit: the chat gets 660px).
 */
const crowded = '(max-width: 1219px)';

/** Whether the window is a phone's: the sidebar is a drawer, a panel covers the chat, and the drawer has the panel toggles the header has no room for. */
export function useIsPhone(): boolean {
  return useMediaQuery(phone);
}

/**
 * Where the sidebar goes: a column beside the chat, or a drawer opened from the header's menu
 * button (on phones, and when a panel is open on a window too narrow for all three).
 *
 * @example
 * const { mode } = useSidebarMode(dock !== null); // 'column' | 'drawer'
 */
export function useSidebarMode(panelOpen: boolean): { mode: 'column' | 'drawer' } {
  const isPhone = useMediaQuery(phone);
  const isCrowded = useMediaQuery(crowded);
  return { mode: isPhone || (panelOpen && isCrowded) ? 'drawer' : 'column' };
}
