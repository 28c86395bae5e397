import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';

/**
 * A small keyed cache for the kit's two fetching hooks (`useBackendTools`, `useSessions`): one
 * request per key at a time, shared by every component that asks; the last answer kept while a
 * refetch runs; one retry; a fetch that is still fresh is not repeated. It replaces TanStack Query,
 * which every app had to install for these two hooks. A request is never cancelled when its
 * components unmount (React's StrictMode unmounts once at start): its answer fills the cache.
 */

/** What a query shows: `loading` until the first answer, then `ready` or `error` (the last data kept). */
export interface QuerySnapshot<T> {
  status: 'loading' | 'ready' | 'error';
  data: T | undefined;
  error: Error | null;
  isFetching: boolean;
}

/** How a query fetches. */
export interface QueryOptions<T> {
  fetch: () => Promise<T>;
  /** An answer younger than this is not fetched again when a component mounts. */
  freshMs: number;
  /** Wait before the one retry of a failed fetch. */
  retryDelayMs: number;
  /** Whether to fetch at all. Default true. */
  enabled?: boolean;
}

interface QueryEntry<T> {
  snapshot: QuerySnapshot<T>;
  listeners: Set<() => void>;
  running: Promise<void> | undefined;
  answeredAt: number;
}

const loading: QuerySnapshot<never> = { status: 'loading', data: undefined, error: null, isFetching: false };
const entries = new Map<string, QueryEntry<unknown>>();

function entryOf<T>(key: string): QueryEntry<T> {
  let entry = entries.get(key) as QueryEntry<T> | undefined;
  if (!entry) {
    entry = { snapshot: loading, listeners: new Set(), running: undefined, answeredAt: -Infinity };
    entries.set(key, entry);
  }
  return entry;
}

function publish<T>(entry: QueryEntry<T>, snapshot: QuerySnapshot<T>): void {
  entry.snapshot = snapshot;
  for (const listener of [...entry.listeners]) listener();
}

const asError = (error: unknown): Error => (error instanceof Error ? error : new Error(String(error)));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Fetches `key` unless a fetch of it is running (then waits for that one). */
function run<T>(key: string, options: QueryOptions<T>): Promise<void> {
  const entry = entryOf<T>(key);
  entry.running ??= (async () => {
    publish(entry, { ...entry.snapshot, isFetching: true });
    let data: T;
    try {
      data = await options.fetch().catch(async () => {
        await pause(options.retryDelayMs);
        return options.fetch();
      });
    } catch (error) {
      publish(entry, { status: 'error', data: entry.snapshot.data, error: asError(error), isFetching: false });
      return;
    } finally {
      entry.answeredAt = Date.now();
      entry.running = undefined;
    }
    publish(entry, { status: 'ready', data, error: null, isFetching: false });
  })();
  return entry.running;
}

/**
 * The cached answer for `key`, fetched on mount when there is none or it is older than `freshMs`.
 * Returns the snapshot and `refetch` (fetches again whatever the age, after any fetch already
 * running; resolves when it has answered).
 *
 * @example
 * ```ts
 * const [{ status, data }, refetch] = useSharedQuery(`tools ${url}`, { fetch: () => bridge.loadTools(), freshMs: 60_000, retryDelayMs: 500 });
 * ```
 */
export function useSharedQuery<T>(key: string, options: QueryOptions<T>): [QuerySnapshot<T>, () => Promise<void>] {
  const entry = entryOf<T>(key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => entry.listeners.delete(listener);
    },
    [entry],
  );
  const snapshot = useSyncExternalStore(subscribe, () => entry.snapshot, () => loading as QuerySnapshot<T>);
  // The fetch function is new on every render: the latest is used, the key names what it fetches.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const enabled = options.enabled ?? true;
  useEffect(() => {
    if (enabled && Date.now() - entry.answeredAt >= latest.current.freshMs) void run(key, latest.current);
  }, [key, enabled, entry]);
  // A refetch asks after what happened before it (a rename, say): a fetch already running may have
  // started before that, so the refetch waits for it and fetches again.
  const refetch = useCallback(() => (entry.running ? entry.running.then(() => run(key, latest.current)) : run(key, latest.current)), [key, entry]);
  return [snapshot, refetch];
}
