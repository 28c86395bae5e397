import { PersistenceError } from '../../core/index';
import type { FileRecord, StorageChanges } from '../../core/sandbox/index';
import type { SessionStorage, SessionWrite } from '../../core/sessions/index';
import { resolveStoreOptions, type ServerSessionStore, type ServerSessionStoreOptions } from './server-session-store';
import { checkChangePaths, checkSnapshotPaths } from './stored-paths';

/**
 * A `ServerSessionStore` made of one browser-style `SessionStorage` per user (made on the user's
 * first save), so its rules are that storage's to the letter: compare-and-set saves, summaries
 * derived from the snapshot, snapshots checked on the way in, newer formats refused. The memory
 * store is one; the contract suite also runs it over IndexedDB. Orphan files are those this
 * store wrote for an id without a session (it keeps when it last wrote them, in memory).
 *
 * @example
 * ```ts
 * const store = perUserSessionStore(() => memorySessionStorage(), 'memory server session store');
 * ```
 */
export function perUserSessionStore(makeStorage: (userId: string) => SessionStorage, name: string, options?: ServerSessionStoreOptions): ServerSessionStore {
  const { orphanFilesAfterMs, now } = resolveStoreOptions(options);
  const users = new Map<string, SessionStorage>();
  // Per user, the session ids whose files were written, and when last: the candidates for orphans.
  const fileWrites = new Map<string, Map<string, number>>();
  let closed = false;

  function noteFileWrite(userId: string, id: string): void {
    const writes = fileWrites.get(userId) ?? new Map<string, number>();
    fileWrites.set(userId, writes);
    writes.set(id, now());
  }

  /** Removes the user's files that no session holds and that were last written before the grace period. */
  async function collectOrphans(userId: string): Promise<void> {
    const writes = fileWrites.get(userId);
    const storage = users.get(userId);
    if (writes === undefined || storage === undefined) return;
    const due = [...writes].filter(([, at]) => at <= now() - orphanFilesAfterMs).map(([id]) => id);
    if (due.length === 0) return;
    const sessions = new Set((await storage.list()).map((summary) => summary.id));
    for (const id of due) {
      // Written again meanwhile: it waits anew.
      if (writes.get(id)! > now() - orphanFilesAfterMs) continue;
      writes.delete(id);
      // A session's files are its own, however old; removing it removes them.
      if (!sessions.has(id)) await storage.remove(id);
    }
  }

  /** The user's storage; `create: false` gives `undefined` for a user who never saved anything. */
  function storageOf(userId: string, create: true): SessionStorage;
  function storageOf(userId: string, create: false): SessionStorage | undefined;
  function storageOf(userId: string, create: boolean): SessionStorage | undefined {
    if (closed) throw new PersistenceError('closed', `The ${name} was closed.`);
    if (typeof userId !== 'string' || userId === '') {
      throw new PersistenceError('invalid-record', `Sessions belong to a user: the user id must be a non-empty string, got ${JSON.stringify(userId)}.`);
    }
    let storage = users.get(userId);
    if (storage === undefined && create) {
      storage = makeStorage(userId);
      users.set(userId, storage);
    }
    return storage;
  }

  /** Runs `use` on one session's files through a handle of its own (closing it leaves the files). */
  async function withFiles<Result>(userId: string, id: string, action: (files: ReturnType<SessionStorage['files']>) => Promise<Result>): Promise<Result> {
    const files = storageOf(userId, true).files(checkId(id));
    try {
      return await action(files);
    } finally {
      await files.close();
    }
  }

  return {
    async list(userId) {
      return (await storageOf(userId, false)?.list()) ?? [];
    },

    async load(userId, id) {
      return (await storageOf(userId, false)?.load(checkId(id))) ?? null;
    },

    async save(userId, session: SessionWrite, expectedRevision) {
      const storage = storageOf(userId, true);
      checkSnapshotPaths(session);
      const revision = await storage.save(session, expectedRevision);
      // Best effort: the save is done, and a failed collection is tried again at the next one.
      if (expectedRevision === null) await collectOrphans(userId).catch(() => undefined);
      return revision;
    },

    async rename(userId, id, title) {
      const storage = storageOf(userId, false);
      if (storage === undefined || (await storage.load(checkId(id))) === null) return false;
      try {
        await storage.rename(id, title);
        return true;
      } catch (error) {
        // Removed between the load and the rename: the same answer as never there.
        if (error instanceof PersistenceError && error.code === 'failed') return false;
        throw error;
      }
    },

    async remove(userId, id) {
      await storageOf(userId, false)?.remove(checkId(id));
      fileWrites.get(userId)?.delete(id);
      await collectOrphans(userId);
    },

    async loadFiles(userId, id) {
      if (storageOf(userId, false) === undefined) return null;
      return withFiles(userId, id, (files) => files.load());
    },

    async saveFiles(userId, id, changes: StorageChanges) {
      checkChangePaths(changes, id);
      await withFiles(userId, id, (files) => files.save(changes));
      noteFileWrite(userId, id);
    },

    async replaceFiles(userId, id, records: readonly FileRecord[]) {
      checkChangePaths({ written: records }, id);
      await withFiles(userId, id, (files) => files.saveAll(records));
      noteFileWrite(userId, id);
    },

    async clearFiles(userId, id) {
      if (storageOf(userId, false) === undefined) return;
      await withFiles(userId, id, (files) => files.clear());
    },

    async close() {
      closed = true;
      await Promise.all([...users.values()].map((storage) => storage.close()));
      users.clear();
      fileWrites.clear();
    },
  };
}

function checkId(id: string): string {
  if (typeof id === 'string' && id !== '') return id;
  throw new PersistenceError('invalid-record', `A session needs a non-empty string id, got ${JSON.stringify(id)}.`);
}
