import { openDatabase, requestResult, settleTransaction } from '../persistence/idb-request';
import { indexedDbSandboxStorage } from '../sandbox/storage/indexed-db-storage';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import { deleteDatabase } from './delete-database';
import { sessionBroadcast } from './session-broadcast';
import { createId } from '../store/ids';
import { checkSessionWrite, checkStoredSession, nextSessionRecord, renamedSessionRecord } from './session-record';
import { chunksOf, headOf, isSessionHead, joinPieces, pieceLists, sameChunk, type PieceList, type SessionChunks, type SessionHead } from './session-pieces';
import { byRecentUpdate, toSessionSummary } from './session-summary';
import type { SessionStorage, SessionSummary, SessionWrite, StoredSession } from './session-types';

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
 * 2: sessions are stored in pieces (see `session-pieces`); whole records of version 1 are still
 * read, and stored in pieces by their next save.
 */
const DATABASE_VERSION = 2;

type Stores = { sessions: IDBObjectStore; summaries: IDBObjectStore; chunks: IDBObjectStore };

/** The chunks of a session this storage object wrote or read last, to skip the unchanged ones. */
interface KnownPieces {
  readonly lineage: string;
  readonly revision: number;
  readonly chunks: SessionChunks;
}

/** How many sessions' pieces are remembered (the ones open in this tab, in practice). */
const rememberedSessions = 8;

/** More chunks than any session can have (10 million items per list): a larger count is damage. */
const maxChunks = 100_000;

/**
 * Keeps sessions in IndexedDB. The database `react-agent-kit:sessions:<name>` holds each session's
 * head in `sessions`, its messages, tool calls and checkpoints in chunks of 100 in `chunks` (a save
 * writes only the chunks that changed, so saving while a reply streams costs the same in a long
 * thread as in a short one), and its list fields again in `summaries`, so `list()` never reads a
 * conversation. A session's files live in a database of their own,
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
  const known = new Map<string, KnownPieces>();
  const remember = (id: string, pieces: KnownPieces | undefined) => {
    known.delete(id);
    if (pieces === undefined) return;
    known.set(id, pieces);
    if (known.size > rememberedSessions) known.delete(known.keys().next().value!);
  };
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
      transaction = db.transaction(['sessions', 'summaries', 'chunks'], mode);
    } catch (error) {
      throw toPersistenceError(error, doing);
    }
    return settleTransaction(transaction, doing, () =>
      body({ sessions: transaction.objectStore('sessions'), summaries: transaction.objectStore('summaries'), chunks: transaction.objectStore('chunks') }),
    );
  }

  async function closeFiles(id: string): Promise<void> {
    const storages = [...(handedOut.get(id) ?? [])];
    handedOut.delete(id);
    await Promise.all(storages.map((storage) => storage.close()));
  }

  return {
    // Every tab of the origin opens the same database: they can share a live conversation.
    tabs: name,
    list: () =>
      transact('readonly', 'listing sessions', async ({ summaries }) => {
        const rows = await requestResult<SessionSummary[]>(summaries.getAll(), 'listing sessions');
        return rows.sort(byRecentUpdate);
      }),

    async load(id: string) {
      const doing = `loading session "${id}"`;
      const loaded = await transact('readonly', doing, async ({ sessions, chunks }) => {
        const stored = checkStoredSession(await requestResult<unknown>(sessions.get(id), doing), id);
        if (stored === null || !isSessionHead(stored)) return { record: stored, pieces: undefined };
        const counts = chunkCounts(stored, id);
        const read = async (list: PieceList) =>
          Promise.all(Array.from({ length: counts[list] }, async (_, index) => {
            const chunk = await requestResult<unknown>(chunks.get([id, list, index]), doing);
            if (!Array.isArray(chunk)) throw damaged(id, `its ${list} chunk ${index} is missing`);
            return chunk as unknown[];
          }));
        const [messages, toolCalls, checkpoints] = await Promise.all(pieceLists.map(read));
        const pieces: SessionChunks = { messages: messages!, toolCalls: toolCalls!, checkpoints: checkpoints! };
        return { record: joinPieces(stored, pieces), pieces: { lineage: stored.pieces.lineage, revision: stored.revision, chunks: pieces } };
      });
      remember(id, loaded.pieces);
      return loaded.record;
    },

    async save(write: SessionWrite, expectedRevision: number | null) {
      checkSessionWrite(write);
      const doing = `saving session "${write.id}"`;
      const { id } = write;
      const pieces = chunksOf(write.snapshot);
      // The read, the comparison and the writes share one transaction: that is the compare-and-set.
      const written = await transact('readwrite', doing, async ({ sessions, summaries, chunks }) => {
        const stored = checkStoredSession(await requestResult<unknown>(sessions.get(id), doing), id);
        const next = nextSessionRecord(stored, write, expectedRevision, Date.now());
        const head = stored !== null && isSessionHead(stored) ? stored : undefined;
        const lineage = head?.pieces.lineage ?? createId('lineage');
        const storedCounts = head ? chunkCounts(head, id) : undefined;
        // The chunks this object last wrote or read are skipped when they are still what is stored.
        const before = known.get(id);
        const same = before !== undefined && head !== undefined && before.lineage === lineage && before.revision === head.revision ? before.chunks : undefined;
        for (const list of pieceLists) {
          pieces[list].forEach((chunk, index) => {
            if (!sameChunk(same?.[list][index], chunk)) chunks.put(chunk, [id, list, index]);
          });
          for (let index = pieces[list].length; index < (storedCounts?.[list] ?? 0); index++) chunks.delete([id, list, index]);
        }
        sessions.put(headOf(next, pieces, lineage));
        summaries.put(toSessionSummary(next));
        return { record: next, lineage };
      }).catch((error: unknown) => {
        // Whatever was stored is unknown now (another tab may have written): start afresh.
        remember(id, undefined);
        throw error;
      });
      remember(id, { lineage: written.lineage, revision: written.record.revision, chunks: pieces });
      broadcast.post({ id, revision: written.record.revision });
      return written.record.revision;
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
      const doing = `removing session "${id}"`;
      remember(id, undefined);
      await transact('readwrite', doing, async ({ sessions, summaries, chunks }) => {
        const stored = await requestResult<unknown>(sessions.get(id), doing);
        // A damaged head cannot say where its chunks are; the head goes, and they stay unreachable.
        const counts = isObject(stored) && isSessionHead(stored as unknown as StoredSession) ? safeChunkCounts(stored as unknown as SessionHead) : undefined;
        for (const list of pieceLists) for (let index = 0; index < (counts?.[list] ?? 0); index++) chunks.delete([id, list, index]);
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
      known.clear();
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

/**
 * Version 1: records and summaries. Version 2: chunks, keyed `[session id, list, index]`. Each step
 * is guarded, so a database of any older version gets exactly the missing stores.
 */
function upgrade(database: IDBDatabase): void {
  if (!database.objectStoreNames.contains('sessions')) database.createObjectStore('sessions', { keyPath: 'id' });
  if (!database.objectStoreNames.contains('summaries')) database.createObjectStore('summaries', { keyPath: 'id' });
  if (!database.objectStoreNames.contains('chunks')) database.createObjectStore('chunks');
}

/** The chunk counts of a head, or `undefined` when they are not counts. */
function safeChunkCounts(head: SessionHead): Record<PieceList, number> | undefined {
  const chunks = (head.pieces as Partial<SessionHead['pieces']>).chunks;
  if (typeof chunks !== 'object' || chunks === null || typeof head.pieces.lineage !== 'string') return undefined;
  const counts = {} as Record<PieceList, number>;
  for (const list of pieceLists) {
    const count = chunks[list];
    if (!Number.isSafeInteger(count) || count < 0 || count > maxChunks) return undefined;
    counts[list] = count;
  }
  return counts;
}

/** The chunk counts of a head; a `corrupt` error when it has none that make sense. */
function chunkCounts(head: SessionHead, id: string): Record<PieceList, number> {
  const counts = safeChunkCounts(head);
  if (counts === undefined) throw damaged(id, 'its list of chunks is not one');
  return counts;
}

function damaged(id: string, what: string): PersistenceError {
  return new PersistenceError('corrupt', `The stored record of session "${id}" is damaged: ${what}.`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
