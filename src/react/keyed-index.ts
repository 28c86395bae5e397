import type { AgentState, ReadonlyAgentStore } from '../core/index';

interface Keyed {
  readonly id: string;
}

/**
 * One list of the state (messages, or tool calls) indexed by id, with listeners per id. It
 * subscribes to the store once, however many rows watch it; on each notification it compares
 * the list with the previous one by identity (the reducer keeps the identity of what did not
 * change) and calls only the listeners of ids whose item changed. So a streamed token costs
 * one listener call for the streaming row, not a selector call per row of the thread.
 */
export interface KeyedIndex<Item extends Keyed> {
  get(id: string): Item | undefined;
  /** The ids in order; the same array until an item is added, removed or moved. */
  ids(): readonly string[];
  subscribe(id: string, listener: () => void): () => void;
  /** Called when the list of ids changes (not when an item's content does). */
  subscribeIds(listener: () => void): () => void;
}

type ListOf<Item> = (state: AgentState) => readonly Item[];

const indexes = new WeakMap<ReadonlyAgentStore, WeakMap<ListOf<Keyed>, KeyedIndex<Keyed>>>();

/**
 * The shared index of `list` over `store` (one per store and list picker).
 *
 * @example
 * ```ts
 * const index = keyedIndexFor(agent.store, pickMessages);
 * const stop = index.subscribe('msg_1', () => render(index.get('msg_1')));
 * ```
 */
export function keyedIndexFor<Item extends Keyed>(store: ReadonlyAgentStore, list: ListOf<Item>): KeyedIndex<Item> {
  let byList = indexes.get(store);
  if (!byList) indexes.set(store, (byList = new WeakMap()));
  let index = byList.get(list) as KeyedIndex<Item> | undefined;
  if (!index) {
    index = createKeyedIndex(store, list);
    byList.set(list, index);
  }
  return index;
}

function createKeyedIndex<Item extends Keyed>(store: ReadonlyAgentStore, list: ListOf<Item>): KeyedIndex<Item> {
  let items: readonly Item[] = [];
  let byId = new Map<string, Item>();
  let ids: readonly string[] = [];
  let initialized = false;
  const listeners = new Map<string, Set<() => void>>();
  const idListeners = new Set<() => void>();
  let unsubscribeStore: (() => void) | null = null;
  let subscriberCount = 0;

  const rebuild = (next: readonly Item[]) => {
    items = next;
    byId = new Map(next.map((item) => [item.id, item]));
    ids = next.map((item) => item.id);
    initialized = true;
  };
  // Reads between notifications (a first render) see the current state.
  const sync = () => {
    const next = list(store.getState());
    if (!initialized || next !== items) update(next, false);
  };

  function update(next: readonly Item[], notify: boolean) {
    if (!initialized) return rebuild(next);
    if (next === items) return;
    const previous = items;
    const changed: string[] = [];
    let sameIds = next.length === previous.length;
    for (let position = 0; position < next.length; position++) {
      const item = next[position]!;
      const before = previous[position];
      if (item === before) continue;
      if (before === undefined || before.id !== item.id) sameIds = false;
      changed.push(item.id);
      // The common case while streaming: one item replaced in place.
      if (sameIds) byId.set(item.id, item);
    }
    if (sameIds) items = next;
    else {
      const before = byId;
      rebuild(next);
      for (const id of before.keys()) if (!byId.has(id)) changed.push(id);
    }
    if (!notify) return;
    if (!sameIds) for (const listener of [...idListeners]) listener();
    for (const id of changed) for (const listener of [...(listeners.get(id) ?? [])]) listener();
  }

  const retain = () => {
    if (subscriberCount++ === 0) {
      sync();
      unsubscribeStore = store.subscribe((state) => update(list(state), true));
    }
  };
  const release = () => {
    if (--subscriberCount === 0) {
      unsubscribeStore?.();
      unsubscribeStore = null;
    }
  };

  return {
    get(id) {
      if (subscriberCount === 0) sync();
      return byId.get(id);
    },
    ids() {
      if (subscriberCount === 0) sync();
      return ids;
    },
    subscribe(id, listener) {
      retain();
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listeners.delete(id);
        release();
      };
    },
    subscribeIds(listener) {
      retain();
      idListeners.add(listener);
      return () => {
        idListeners.delete(listener);
        release();
      };
    },
  };
}
