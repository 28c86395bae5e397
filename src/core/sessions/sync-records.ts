/**
 * What an offline copy of a server's sessions remembers about each session, next to the copy
 * itself, so that a reload while offline loses nothing: which server revision the copy last
 * matched, whether its files changed since, a rename or a removal that the server has not seen.
 * Kept in IndexedDB, one record per session id.
 */
import type { SyncKit } from './sync-kit';

/**
 * How one session of the local copy stands against the server. A session is in sync when the
 * local revision is still `localRevision`, its files did not change since the last push
 * (`fileChanges === filesPushed`) and no rename or removal waits.
 */
export interface SyncRecord {
  readonly id: string;
  /** The server revision this copy last matched; `null`: not on the server yet (for a removal: unknown). */
  readonly serverRevision: number | null;
  /** The local revision that matched `serverRevision`; `null`: none yet. */
  readonly localRevision: number | null;
  /** Counts the local changes of the session's files; `filesPushed` is the count the server has. */
  readonly fileChanges: number;
  readonly filesPushed: number;
  /**
   * The paths of the files written or deleted here since the server had them all
   * (`filesPushed`), so a push sends those files, not the tree; absent while the files are in
   * sync, or when it is not known which changed (a whole tree was saved here): the tree goes then.
   */
  readonly changedFiles?: readonly string[];
  /** A title given here that the server does not have yet. */
  readonly title?: string;
  /** Counts the times the server's version replaced the copy: file storages handed out before refuse to write. */
  readonly replaced?: number;
  /** Removed here; the server still has to remove it. */
  readonly removed?: true;
  /**
   * Saves sent to the server whose answer has not come back (noted before each is sent, the last
   * few): the snapshot's fingerprint, the local revision and file changes it carries. When the
   * server has exactly one of these snapshots, it was that push that landed, not another device's
   * save.
   */
  readonly unanswered?: readonly PushSent[];
}

/** One save sent to the server (see `SyncRecord.unanswered`). */
export interface PushSent {
  readonly fingerprint: string;
  readonly localRevision: number;
  readonly fileChanges: number;
}

/**
 * The `SyncRecord` of a session the server has never seen.
 *
 * @example
 * ```ts
 * const record = stored ?? unsyncedRecord('chat-1');
 * ```
 */
export const unsyncedRecord = (id: string): SyncRecord => ({ id, serverRevision: null, localRevision: null, fileChanges: 0, filesPushed: 0 });

/**
 * Whether the session (at local revision `revision`) has changes the server has not seen.
 *
 * @example
 * ```ts
 * needsPush(unsyncedRecord('chat-1'), 1); // true: never pushed
 * ```
 */
export function needsPush(record: SyncRecord, revision: number | null): boolean {
  return record.removed === true || record.title !== undefined || record.fileChanges !== record.filesPushed || (revision !== null && revision !== record.localRevision);
}

/** The records of one local copy. */
export interface SyncRecords {
  get(id: string): Promise<SyncRecord>;
  all(): Promise<SyncRecord[]>;
  /** Changes one record in one transaction (`change` gets the stored one, or an unsynced one). */
  update(id: string, change: (record: SyncRecord) => SyncRecord): Promise<void>;
  delete(id: string): Promise<void>;
  close(): void;
}

/**
 * The sync records in the database `name` (opened on first use).
 *
 * @example
 * ```ts
 * const records = syncRecords('react-agent-kit:sessions:my-app:sync', indexedDB, syncKit);
 * await records.update('chat-1', (record) => ({ ...record, fileChanges: record.fileChanges + 1 }));
 * ```
 */
export function syncRecords(name: string, factory: IDBFactory, kit: SyncKit): SyncRecords {
  const { openDatabase, requestResult, settleTransaction, PersistenceError } = kit;
  let opening: Promise<IDBDatabase> | undefined;
  let closed = false;

  async function transact<T>(mode: IDBTransactionMode, doing: string, body: (store: IDBObjectStore) => Promise<T>): Promise<T> {
    if (closed) throw new PersistenceError('closed', `The session copy "${name}" was closed.`);
    opening ??= openDatabase(factory, name, 1, (database) => database.createObjectStore('sync', { keyPath: 'id' })).then(
      (database) => {
        database.onversionchange = () => {
          database.close();
          opening = undefined;
        };
        return database;
      },
      (error: unknown) => {
        opening = undefined;
        throw error;
      },
    );
    const transaction = (await opening).transaction('sync', mode);
    return settleTransaction(transaction, doing, () => body(transaction.objectStore('sync')));
  }

  const read = async (store: IDBObjectStore, id: string) => checked((await requestResult<SyncRecord | undefined>(store.get(id), 'reading the sync state')) ?? unsyncedRecord(id));
  // A record written by an older kit may hold a revision a faulty server answered (1e308, 0):
  // sent back, it would fail every push. It is forgotten instead; the next push asks the server.
  const checked = (record: SyncRecord): SyncRecord => (record.serverRevision === null || kit.isRevision(record.serverRevision) ? record : { ...record, serverRevision: null });

  return {
    get: (id) => transact('readonly', 'reading the sync state', (store) => read(store, id)),
    all: () => transact('readonly', 'reading the sync state', async (store) => (await requestResult<SyncRecord[]>(store.getAll(), 'reading the sync state')).map(checked)),
    update: (id, change) =>
      transact('readwrite', 'writing the sync state', async (store) => {
        store.put(change(await read(store, id)));
      }),
    delete: (id) =>
      transact('readwrite', 'writing the sync state', async (store) => {
        store.delete(id);
      }),
    close() {
      closed = true;
      void opening?.then((database) => database.close(), () => undefined);
      opening = undefined;
    },
  };
}
