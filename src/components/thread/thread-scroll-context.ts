import { createContext, useContext, type RefObject } from 'react';

/**
 * What `ThreadViewport` tells the list inside it: where it scrolls, and how to keep a pinned
 * view at the end when the list measures its own items (see `useStickToBottom`).
 */
export interface ThreadScroll {
  scrollRef: RefObject<HTMLElement | null>;
  contentResized: () => void;
  measureContentElsewhere: () => () => void;
}

export const ThreadScrollContext = /* @__PURE__ */ createContext<ThreadScroll | null>(null);

/** The enclosing `ThreadViewport`'s scrolling, or null outside one. */
export function useThreadScroll(): ThreadScroll | null {
  return useContext(ThreadScrollContext);
}
