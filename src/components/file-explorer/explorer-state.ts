import { createContext, useCallback, useContext, useSyncExternalStore } from 'react';

/** What the explorer's left pane lists: the tree, or the files changed since the checkpoint. */
export type ExplorerView = 'files' | 'changes';
/** How the selected file is shown: its content, or its diff against the checkpoint. */
export type ViewerMode = 'content' | 'diff';

/** The explorer's UI state (not the files: those come from the hooks). */
export interface ExplorerState {
  view: ExplorerView;
  /** The file shown in the viewer. */
  selected: string | null;
  mode: ViewerMode;
  /** The tree item the keyboard is on (`aria-activedescendant`). */
  active: string | null;
  expanded: ReadonlySet<string>;
}

/** A tiny store, so each tree row subscribes to its own flags instead of the whole state. */
export interface ExplorerStore {
  get(): ExplorerState;
  set(change: Partial<ExplorerState>): void;
  toggle(path: string, open?: boolean): void;
  subscribe(listener: () => void): () => void;
}

/**
 * Creates the explorer's UI store.
 *
 * @example
 * ```ts
 * const store = createExplorerStore();
 * store.set({ selected: '/README.md' });
 * ```
 */
export function createExplorerStore(): ExplorerStore {
  let state: ExplorerState = { view: 'files', selected: null, mode: 'content', active: null, expanded: new Set() };
  const listeners = new Set<() => void>();
  const set = (change: Partial<ExplorerState>) => {
    state = { ...state, ...change };
    for (const listener of [...listeners]) listener();
  };
  return {
    get: () => state,
    set,
    toggle(path, open = !state.expanded.has(path)) {
      if (open === state.expanded.has(path)) return;
      const expanded = new Set(state.expanded);
      if (open) expanded.add(path);
      else expanded.delete(path);
      set({ expanded });
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const ExplorerContext = /* @__PURE__ */ createContext<ExplorerStore | null>(null);

/**
 * The explorer's store, inside `FileExplorer`.
 *
 * @example
 * ```ts
 * const store = useExplorerStore();
 * ```
 */
export function useExplorerStore(): ExplorerStore {
  const store = useContext(ExplorerContext);
  if (!store) throw new Error('react-agent-kit: explorer parts must be used inside <FileExplorer>.');
  return store;
}

/**
 * One value of the explorer's UI state; re-renders only when it changes (`Object.is`).
 *
 * @example
 * ```ts
 * const selected = useExplorer((state) => state.selected === path);
 * ```
 */
export function useExplorer<T>(select: (state: ExplorerState) => T): T {
  const store = useExplorerStore();
  // Selectors are inline closures; their results are primitives, so a fresh closure per render is fine.
  const getSnapshot = useCallback(() => select(store.get()), [store, select]);
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
}
