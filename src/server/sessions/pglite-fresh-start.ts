/**
 * A PGlite store on a fresh data directory does not make its first readers wait for initdb
 * (issue 29). Starting PGlite in an empty directory runs initdb first: 3-17 s on a loaded 2-core
 * machine, against under a second for a directory that holds a database. Until this store has
 * written anything, a database it made itself in an empty directory (or in memory) holds no
 * sessions, so a read can say so at once: `list` answers `[]`, `load` and `loadFiles` answer
 * `null`, and the call itself goes on in the background, which starts the database. A write
 * (any other call) waits for the database as before, and from then on every call goes to it.
 * Once the database has answered, reads go to it too.
 */
import type { ServerSessionStore } from './server-session-store';

/** What an empty database answers to each read (a new list each time: the caller may change it). */
const emptyAnswers = { list: () => [], load: () => null, loadFiles: () => null } as const;
type Read = keyof typeof emptyAnswers;
const isRead = (key: string): key is Read => Object.hasOwn(emptyAnswers, key);

/**
 * Whether `dataDir` holds no database yet: in memory (omitted, or `memory://`), a path that does
 * not exist, or an empty directory. Another URL (`idb://`, a browser's) counts as not fresh.
 *
 * @example
 * ```ts
 * await isFreshDataDir('./.data/sessions'); // true in a fresh checkout
 * ```
 */
export async function isFreshDataDir(dataDir: string | undefined): Promise<boolean> {
  if (dataDir === undefined || dataDir.startsWith('memory://')) return true;
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir)) return false;
  try {
    const { readdir } = await import('node:fs/promises');
    return (await readdir(dataDir)).length === 0;
  } catch (error) {
    // Missing: fresh. Anything else (not a directory, no permission, no node:fs) is PGlite's to report.
    return (error as { code?: unknown } | null)?.code === 'ENOENT';
  }
}

/**
 * `store`, answering reads from what an empty database holds while it starts, when `fresh` says
 * the database is new (see the module's comment). Checked before the store's first call, so
 * nothing the store itself wrote is mistaken for an old database.
 *
 * @example
 * ```ts
 * const store = answeringWhileStarting(postgresSessionStore({ pool }), isFreshDataDir(dataDir));
 * await store.list('ada'); // [] at once; PGlite starts meanwhile
 * ```
 */
export function answeringWhileStarting(store: ServerSessionStore, fresh: Promise<boolean>): ServerSessionStore {
  // Empty until this store writes, or its database has answered (then it is the one to ask).
  let empty = true;
  let started = false;
  let failed = false;
  // A proxy rather than a copy, so a method the store gains later is passed on (as a write).
  return new Proxy(store, {
    get(target, key, receiver) {
      const method: unknown = Reflect.get(target, key, receiver);
      if (typeof method !== 'function' || typeof key !== 'string') return method;
      const call = (...args: unknown[]) => (method as (...args: unknown[]) => Promise<unknown>).apply(target, args);
      if (!isRead(key)) {
        // A write, close, or a call this wrapper does not know: the database's, from now on.
        return (...args: unknown[]) => {
          empty = false;
          return call(...args);
        };
      }
      return async (...args: unknown[]) => {
        // Asked again after the check: a write may have come in meanwhile.
        if (!empty || started || failed || !(await fresh.catch(() => false)) || !empty) return call(...args);
        // The database starts with this call; its answer is not waited for. A failed start (PGlite
        // not installed, say) is the next call's to report: that one waits for the database.
        void call(...args).then(
          () => (started = true),
          () => (failed = true),
        );
        return emptyAnswers[key]();
      };
    },
  });
}
