import { openDatabase, requestResult, settleTransaction } from '../persistence/idb-request';
import { indexedDbSandboxStorage } from '../sandbox/storage/indexed-db-storage';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import { deleteDatabase } from './delete-database';
import { sessionBroadcast } from './session-broadcast';
import { checkSessionWrite, checkStoredSession, nextSessionRecord, renamedSessionRecord } from './session-record';
import { byRecentUpdate, toSessionSummary } from './session-summary';
import type { SessionStorage, SessionSummary, SessionWrite } from './session-types';

/**
 * Options of `indexedDbSessionStorage`.
 *
 * @example
 * ```ts
 * const options: IndexedDbSessionStorageOptions = { name: 'my-app', indexedDB: new IDBFactory() };
 * ```
 */
export interface IndexedDbSessionStorageOptions {
  /** Names the database `react-agent-kit:sessions:<name>` (and each session's files database). */
  readonly name: string;
  /** Defaults to `globalThis.indexedDB`; pass one for tests (fake-indexeddb) or another realm. */
  readonly indexedDB?: IDBFactory;
}

/**
 * The layout of the object stores. A new layout bumps this and adds its step to `upgrade`; an
 * older library then meets a newer database and refuses it (`future-format`) without touching it.
 */
const DATABASE_VERSION = 1;

type Stores = { sessions: IDBObjectStore; summaries: IDBObjectStore };

/**
 * Keeps sessions in IndexedDB. The database `react-agent-kit:sessions:<name>` holds each session
 * twice: the whole record in `sessions` and its list fields in `summaries`, so `list()` never
 * reads a conversation. A session's files live in a database of their own,
 * `react-agent-kit:sessions:<name>:files:<id>` (an `indexedDbSandboxStorage`), saved per file.
 *
 * A save is one transaction that reads the stored revision, compares it and writes, so two tabs
 * saving the same session cannot both win: the second gets `conflict`. `subscribe` hears the
 * saves, renames and removals of other tabs (and of other storage objects of the same name in
 * this tab) through a BroadcastChannel, never those made through this same object; without
 * BroadcastChannel it hears nothing. Nothing touches IndexedDB until the first call.
 *
 * @example
 * ```ts
 * const storage = indexedDbSessionStorage({ name: 'my-app' });
 * const agent = createAgent({ model, session: { id: 'chat-1', storage } });
 * const sessions = await storage.list(); // [{ id: 'chat-1', title: 'Plan a trip to Lisbon', ... }]
 * ```
 */
export function indexedDbSessionStorage(options: IndexedDbSessionStorageOptions): SessionStorage {
  const name = `react-agent-kit:sessions:${options.name}`;
  const factory = () => options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
  const broadcast = sessionBroadcast(name);
  // Files storages handed out, per session, so remove() and close() can close their connections.
  const handedOut = new Map<string, Set<SandboxStorage>>();
  let opening: Promise<IDBDatabase> | undefined;
  let closed = false;

  async function open(): Promise<IDBDatabase> {
    const database = await openDatabase(factory(), name, DATABASE_VERSION, upgrade);
    // Another tab upgrading the database must not be blocked by us; reopen on the next call.
    database.onversionchange = () => {
      database.close();
      opening = undefined;
    };
    return database;
  }

  function database(): Promise<IDBDatabase> {
    if (closed) return Promise.reject(new PersistenceError('closed', `The session storage "${name}" was closed.`));
    // A failed open is forgotten, so a later call tries again (e.g. after another tab closed).
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }

  /**
   * Runs `body` in one transaction over both stores and resolves once it committed. If `body`
   * throws, the transaction is aborted (a save is all or nothing) and that error is reported.
   */
  async function transact<T>(mode: IDBTransactionMode, doing: string, body: (stores: Stores) => Promise<T>): Promise<T> {
    const db = await database();
    let transaction: IDBTransaction;
    try {
      transaction = db.transaction(['sessions', 'summaries'], mode);
    } catch (error) {
      throw toPersistenceError(error, doing);
    }
    return settleTransaction(transaction, doing, () => body({ sessions: transaction.objectStore('sessions'), summaries: transaction.objectStore('summaries') }));
  }

  async function closeFiles(id: string): Promise<void> {
    const storages = [...(handedOut.get(id) ?? [])];
    handedOut.delete(id);
    await Promise.all(storages.map((storage) => storage.close()));
  }

  return {
    list: () =>
      transact('readonly', 'listing sessions', async ({ summaries }) => {
        const rows = await requestResult<SessionSummary[]>(summaries.getAll(), 'listing sessions');
        return rows.sort(byRecentUpdate);
      }),

    load: (id: string) =>
      transact('readonly', `loading session "${id}"`, async ({ sessions }) =>
        checkStoredSession(await requestResult<unknown>(sessions.get(id), `loading session "${id}"`), id),
      ),

    async save(write: SessionWrite, expectedRevision: number | null) {
      checkSessionWrite(write);
      const doing = `saving session "${write.id}"`;
      // The read, the comparison and the writes share one transaction: that is the compare-and-set.
      const record = await transact('readwrite', doing, async ({ sessions, summaries }) => {
        const stored = checkStoredSession(await requestResult<unknown>(sessions.get(write.id), doing), write.id);
        const next = nextSessionRecord(stored, write, expectedRevision, Date.now());
        sessions.put(next);
        summaries.put(toSessionSummary(next));
        return next;
      });
      broadcast.post({ id: record.id, revision: record.revision });
      return record.revision;
    },

    async rename(id: string, title: string) {
      const doing = `renaming session "${id}"`;
      const record = await transact('readwrite', doing, async ({ sessions, summaries }) => {
        const next = renamedSessionRecord(checkStoredSession(await requestResult<unknown>(sessions.get(id), doing), id), id, title);
        sessions.put(next);
        summaries.put(toSessionSummary(next));
        return next;
      });
      broadcast.post({ id, revision: record.revision });
    },

    async remove(id: string) {
      await transact('readwrite', `removing session "${id}"`, async ({ sessions, summaries }) => {
        sessions.delete(id);
        summaries.delete(id);
      });
      // deleteDatabase waits for every open connection to close, ours included.
      await closeFiles(id);
      await deleteDatabase(factory(), `react-agent-kit:${filesStorageName(options.name, id)}`);
      broadcast.post({ id, revision: null });
    },

    files(id: string): SandboxStorage {
      const storage = indexedDbSandboxStorage({ name: filesStorageName(options.name, id), indexedDB: options.indexedDB });
      if (closed) {
        // A closed storage hands out a closed files storage: every call rejects with `closed`.
        void storage.close();
        return storage;
      }
      const storages = handedOut.get(id) ?? new Set<SandboxStorage>();
      handedOut.set(id, storages);
      const handle: SandboxStorage = {
        ...storage,
        async close() {
          storages.delete(handle);
          await storage.close();
        },
      };
      storages.add(handle);
      return handle;
    },

    subscribe: (listener) => broadcast.subscribe(listener),

    async close() {
      if (closed) return;
      closed = true;
      broadcast.close();
      await Promise.all([...handedOut.keys()].map(closeFiles));
      const pending = opening;
      opening = undefined;
      (await pending?.catch(() => undefined))?.close();
    },
  };
}

/** The `indexedDbSandboxStorage` name of one session's files (its database adds the prefix). */
function filesStorageName(storageName: string, id: string): string {
  return `sessions:${storageName}:files:${id}`;
}

/** Version 1: both stores. A later version adds its steps here, each guarded like these. */
function upgrade(database: IDBDatabase): void {
  if (!database.objectStoreNames.contains('sessions')) database.createObjectStore('sessions', { keyPath: 'id' });
  if (!database.objectStoreNames.contains('summaries')) database.createObjectStore('summaries', { keyPath: 'id' });
}
