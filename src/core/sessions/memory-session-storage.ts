import { memorySandboxStorage } from '../sandbox/storage/memory-storage';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import type { SessionChange } from './session-broadcast';
import { checkSessionWrite, nextSessionRecord, renamedSessionRecord } from './session-record';
import { byRecentUpdate, toSessionSummary } from './session-summary';
import type { SessionStorage, SessionWrite, StoredSession } from './session-types';

/**
 * A `SessionStorage` in memory, with the rules of the IndexedDB one (compare-and-set saves,
 * derived summaries, newer formats refused): for tests, and for apps that keep nothing between
 * page loads. Snapshots are copied in and out (`structuredClone`), so changing an object after
 * saving it, or one that `load` returned, does not change what is stored. `files(id)` hands out
 * the session's files, kept in memory as long as the session.
 *
 * `subscribe` hears every save, rename and removal made through this storage object, including
 * the listener's own: two agents sharing one storage learn about each other's saves, and each
 * tells its own apart by the revision its save returned. Listeners are called in a later task
 * (as a BroadcastChannel would), once the saver already holds its new revision, with the
 * session's revision at that moment; several quick changes may be reported once.
 *
 * @example
 * ```ts
 * const storage = memorySessionStorage();
 * const first = createAgent({ model, session: { id: 'chat-1', storage } });
 * const second = createAgent({ model, session: { id: 'chat-1', storage } }); // sees first's saves
 * ```
 */
export function memorySessionStorage(): SessionStorage {
  const records = new Map<string, StoredSession>();
  const files = new Map<string, SandboxStorage>();
  const listeners = new Set<(change: SessionChange) => void>();
  const changed = new Set<string>();
  let closed = false;

  function open(): void {
    if (closed) throw new PersistenceError('closed', 'The memory session storage was closed.');
  }

  function notify(id: string): void {
    if (listeners.size === 0) return;
    if (changed.size === 0) setTimeout(deliver, 0);
    changed.add(id);
  }

  function deliver(): void {
    const ids = [...changed];
    changed.clear();
    if (closed) return;
    for (const id of ids) {
      const change: SessionChange = { id, revision: records.get(id)?.revision ?? null };
      for (const listener of [...listeners]) listener(change);
    }
  }

  return {
    async list() {
      open();
      return [...records.values()].map(toSessionSummary).sort(byRecentUpdate);
    },

    async load(id: string) {
      open();
      const record = records.get(id);
      return record === undefined ? null : structuredClone(record);
    },

    async save(write: SessionWrite, expectedRevision: number | null) {
      open();
      checkSessionWrite(write);
      const next = nextSessionRecord(records.get(write.id) ?? null, write, expectedRevision, Date.now());
      let copy: StoredSession;
      try {
        copy = structuredClone(next);
      } catch (error) {
        // What IndexedDB cannot store (a function, say) fails here too, in the same way.
        throw toPersistenceError(error, `saving session "${write.id}"`);
      }
      records.set(write.id, copy);
      notify(write.id);
      return copy.revision;
    },

    async rename(id: string, title: string) {
      open();
      records.set(id, renamedSessionRecord(records.get(id) ?? null, id, title));
      notify(id);
    },

    async remove(id: string) {
      open();
      records.delete(id);
      // Handles handed out for this session fail with `closed` from now on.
      await files.get(id)?.close();
      files.delete(id);
      notify(id);
    },

    files(id: string): SandboxStorage {
      let storage = files.get(id);
      if (storage === undefined) {
        storage = memorySandboxStorage();
        if (closed) void storage.close();
        else files.set(id, storage);
      }
      return handle(storage);
    },

    subscribe(listener) {
      if (closed) return () => undefined;
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },

    async close() {
      closed = true;
      listeners.clear();
      await Promise.all([...files.values()].map((storage) => storage.close()));
    },
  };
}

/**
 * One caller's view of a session's files: closing it ends that view only, because the files
 * belong to the session (another agent on the same session may still use them).
 */
function handle(storage: SandboxStorage): SandboxStorage {
  let closed = false;
  const guard =
    <Values extends unknown[], Result>(method: (...values: Values) => Promise<Result>) =>
    (...values: Values): Promise<Result> =>
      closed ? Promise.reject(new PersistenceError('closed', 'These session files were closed.')) : method(...values);
  return {
    load: guard(storage.load),
    save: guard(storage.save),
    saveAll: guard(storage.saveAll),
    clear: guard(storage.clear),
    async close() {
      closed = true;
    },
  };
}
