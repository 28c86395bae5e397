import { useCallback, useEffect, useMemo } from 'react';
import { useSharedQuery } from './shared-query';
import { createId, type SessionStorage, type SessionSummary } from '../core/index';

/** What {@link useSessions} returns. */
export interface UseSessionsResult {
  /** `loading` until the first list, then `ready` or `error`. */
  status: 'loading' | 'ready' | 'error';
  /** Most recently updated first. */
  sessions: SessionSummary[];
  error: Error | null;
  /** A fresh session id: pass it to `createAgent({ session: { id, storage } })`, which stores the session. */
  create: () => string;
  rename: (id: string, title: string) => Promise<void>;
  remove: (id: string) => Promise<void>;
  /** Lists the sessions again (after an agent saved, say). */
  refresh: () => Promise<void>;
}

const noSessions: SessionSummary[] = [];

const newSessionId = (): string => createId('session', '-');

/**
 * The sessions of a storage, listed once for every component that shows them: list, create,
 * rename, remove. Other tabs' changes refresh the list (when the storage
 * reports them); switching sessions is the app's: create an agent with the chosen id.
 *
 * @example
 * ```tsx
 * const { sessions, create, rename, remove } = useSessions(storage);
 * <button onClick={() => setActiveId(create())}>New chat</button>
 * ```
 */
export function useSessions(storage: SessionStorage): UseSessionsResult {
  const [query, refresh] = useSharedQuery(`sessions ${storageKeyOf(storage)}`, { fetch: () => storage.list(), freshMs: 5_000, retryDelayMs: 300 });
  useEffect(() => storage.subscribe?.(() => void refresh()), [storage, refresh]);
  const rename = useCallback(
    async (id: string, title: string) => {
      await storage.rename(id, title);
      await refresh();
    },
    [storage, refresh],
  );
  const remove = useCallback(
    async (id: string) => {
      await storage.remove(id);
      await refresh();
    },
    [storage, refresh],
  );
  return useMemo(
    () => ({
      status: query.status,
      sessions: query.data ?? noSessions,
      error: query.error,
      create: newSessionId,
      rename,
      remove,
      refresh,
    }),
    [query.status, query.data, query.error, rename, remove, refresh],
  );
}

// The cache is keyed by strings: each storage object gets a number of its own.
const storageKeys = new WeakMap<SessionStorage, number>();
let nextStorageKey = 0;
function storageKeyOf(storage: SessionStorage): number {
  if (!storageKeys.has(storage)) storageKeys.set(storage, nextStorageKey++);
  return storageKeys.get(storage)!;
}
