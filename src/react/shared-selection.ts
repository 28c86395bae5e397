import type { AgentState, ReadonlyAgentStore } from '../core/index';

/** What one selector picks from a store, computed once per state for every component that uses it. */
export interface SharedSelection<Selected> {
  getSnapshot(): Selected;
  subscribe(onChange: () => void): () => void;
}

type Selector = (state: AgentState) => unknown;
type Equality = (previous: unknown, next: unknown) => boolean;

const registry = new WeakMap<ReadonlyAgentStore, Map<Selector, Map<Equality, SharedSelection<unknown>>>>();

/**
 * The selection of `selector` over `store`, shared by every component that passes the same
 * selector function (a module-level one, or one kept by `useCallback`): the store has one
 * subscriber for it, the selector runs once per notification, and components hear of it only
 * when the picked value changes. So twenty "Edit" buttons under twenty messages cost one
 * selector call per change, not twenty. A selection is dropped when its last subscriber leaves.
 *
 * @example
 * ```ts
 * const busy = sharedSelection(agent.store, (state) => state.status === 'running', Object.is);
 * const stop = busy.subscribe(() => console.log(busy.getSnapshot()));
 * ```
 */
export function sharedSelection<Selected>(
  store: ReadonlyAgentStore,
  selector: (state: AgentState) => Selected,
  isEqual: (previous: Selected, next: Selected) => boolean,
): SharedSelection<Selected> {
  let bySelector = registry.get(store);
  if (!bySelector) registry.set(store, (bySelector = new Map()));
  let byEquality = bySelector.get(selector);
  if (!byEquality) bySelector.set(selector, (byEquality = new Map()));
  let selection = byEquality.get(isEqual as Equality) as SharedSelection<Selected> | undefined;
  if (!selection) {
    const created: SharedSelection<Selected> = createSelection(store, selector, isEqual, () => {
      // A component may still subscribe to a dropped selection (StrictMode subscribes twice); it
      // then works on its own, and must not unregister a newer selection under the same key.
      if (byEquality.get(isEqual as Equality) !== created) return;
      byEquality.delete(isEqual as Equality);
      if (byEquality.size === 0) bySelector.delete(selector);
    });
    selection = created;
    byEquality.set(isEqual as Equality, selection);
  }
  return selection;
}

function createSelection<Selected>(
  store: ReadonlyAgentStore,
  selector: (state: AgentState) => Selected,
  isEqual: (previous: Selected, next: Selected) => boolean,
  drop: () => void,
): SharedSelection<Selected> {
  let cache: { state: AgentState; value: Selected } | null = null;
  const listeners = new Set<() => void>();
  let unsubscribeStore: (() => void) | null = null;

  // Equal picks keep the identity of the first, so components compare by identity.
  const pick = (state: AgentState): Selected => {
    if (cache?.state === state) return cache.value;
    const value = selector(state);
    cache = { state, value: cache !== null && isEqual(cache.value, value) ? cache.value : value };
    return cache.value;
  };

  return {
    getSnapshot: () => pick(unsubscribeStore ? (cache?.state ?? store.getState()) : store.getState()),
    subscribe(onChange) {
      if (listeners.size === 0) {
        pick(store.getState());
        unsubscribeStore = store.subscribe((state) => {
          const before = cache?.value;
          if (pick(state) !== before) for (const listener of [...listeners]) listener();
        });
      }
      listeners.add(onChange);
      return () => {
        listeners.delete(onChange);
        if (listeners.size > 0) return;
        unsubscribeStore?.();
        unsubscribeStore = null;
        cache = null;
        drop();
      };
    },
  };
}
