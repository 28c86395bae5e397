/**
 * A session storage whose code arrives later (a lazy chunk): it can be handed to `createAgent`
 * and `useSessions` at once, and every call waits for the storage before it goes through.
 */
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import type { HttpSessionStorage } from './http-session-types';
import type { SessionGrants } from './session-types';

/**
 * The storage `load()` resolves with, usable before it did. `load` runs on the first call;
 * `grants` is what the storage will say (it is read before anything loads).
 *
 * @example
 * ```ts
 * const storage = deferredSessionStorage(() => import('./offline-session-copy').then((copy) => copy.offlineSessionCopy(remote, local, options)), 'untrusted');
 * ```
 */
export function deferredSessionStorage(load: () => Promise<HttpSessionStorage>, grants: SessionGrants, tabs?: string): HttpSessionStorage {
  let loading: Promise<HttpSessionStorage> | undefined;
  const later = async <T>(call: (storage: HttpSessionStorage) => T | Promise<T>): Promise<T> => call(await (loading ??= load()));
  return {
    grants,
    ...(tabs === undefined ? {} : { tabs }),
    list: () => later((storage) => storage.list()),
    load: (id) => later((storage) => storage.load(id)),
    save: (session, expectedRevision) => later((storage) => storage.save(session, expectedRevision)),
    rename: (id, title) => later((storage) => storage.rename(id, title)),
    remove: (id) => later((storage) => storage.remove(id)),
    files(id): SandboxStorage {
      let files: Promise<SandboxStorage> | undefined;
      const on = async <T>(call: (files: SandboxStorage) => Promise<T>): Promise<T> => call(await (files ??= later((storage) => storage.files(id))));
      return {
        load: () => on((storage) => storage.load()),
        save: (changes) => on((storage) => storage.save(changes)),
        saveAll: (records) => on((storage) => storage.saveAll(records)),
        refreshWholeTree: (records) => on(async (storage) => storage.refreshWholeTree?.(records)),
        clear: () => on((storage) => storage.clear()),
        close: () => on((storage) => storage.close()),
      };
    },
    subscribe(listener) {
      let stop: (() => void) | undefined;
      let stopped = false;
      later((storage) => {
        if (!stopped) stop = storage.subscribe?.(listener);
      }).catch(() => undefined);
      return () => {
        stopped = true;
        stop?.();
      };
    },
    sync: () => later((storage) => storage.sync()),
    pendingSync: () => later((storage) => storage.pendingSync()),
    close: () => later((storage) => storage.close()),
  };
}
