import { checkDeletedPath, checkLoadedFiles, normalizeFileRecord, type FileRecord } from './file-record';
import { checkFormat, formatKey } from './format-migrations';
import { openDatabase, requestResult, settleTransaction } from '../../persistence/idb-request';
import { PersistenceError, toPersistenceError } from '../../persistence/persistence-error';
import { sandboxFormatVersion, type StorageChanges, type SandboxSnapshot, type SandboxStorage } from './sandbox-storage';
import { writeInSlices } from './sliced-writes';
import { readWholeTree, removeWholeTree, writeWholeTree } from './whole-tree-record';

/**
 * Options of `indexedDbSandboxStorage`.
 *
 * @example
 * ```ts
 * const options: IndexedDbSandboxStorageOptions = { name: 'workspace', indexedDB: new IDBFactory() };
 * ```
 */
export interface IndexedDbSandboxStorageOptions {
  /** Names the database `react-agent-kit:<name>`; one per sandbox. */
  readonly name: string;
  /** Defaults to `globalThis.indexedDB`; pass one for tests (fake-indexeddb) or another realm. */
  readonly indexedDB?: IDBFactory;
}

/** The object stores' layout; a change here needs a new database version (see `upgrade`). */
const DATABASE_VERSION = 1;
const GENERATION_KEY = 'generation';

/**
 * Keeps a sandbox's files in IndexedDB: one record per file in the `files` store (so a save
 * writes only what changed), and in `meta` the format version, a generation counter bumped by
 * every save, and a whole-tree record written by `saveAll` (in parts, see `whole-tree-record`). A
 * load uses the whole-tree record when it is as new as the files (a few reads instead of one per
 * file), else reads the files. Big saves are written in slices of a few milliseconds, in one
 * transaction (see `sliced-writes`): the page stays responsive, and a save is still all or nothing.
 *
 * Nothing touches IndexedDB until the first call, so importing this in Node or a worker is safe.
 *
 * @example
 * ```ts
 * const storage = indexedDbSandboxStorage({ name: 'workspace' });
 * const saved = await storage.load(); // null the first time
 * await storage.save({ written: [{ path: 'notes.md', kind: 'text', text: '# Notes', modified: Date.now() }], deleted: [] });
 * ```
 */
export function indexedDbSandboxStorage(options: IndexedDbSandboxStorageOptions): SandboxStorage {
  const name = `react-agent-kit:${options.name}`;
  let opening: Promise<IDBDatabase> | undefined;
  let closed = false;

  async function open(): Promise<IDBDatabase> {
    const factory = options.indexedDB ?? (globalThis as { indexedDB?: IDBFactory }).indexedDB;
    const database = await openDatabase(factory, name, DATABASE_VERSION, upgrade);
    // Another tab upgrading the database must not be blocked by us; reopen on the next call.
    database.onversionchange = () => {
      database.close();
      opening = undefined;
    };
    try {
      // Migrates older data once per connection; writes check again (see `write`).
      await write(database, 'checking the stored format', () => undefined);
    } catch (error) {
      database.close();
      throw error;
    }
    return database;
  }

  function database(): Promise<IDBDatabase> {
    if (closed) return Promise.reject(new PersistenceError('closed', `The storage "${name}" was closed.`));
    // A failed open is forgotten, so a later call tries again (e.g. after another tab closed).
    opening ??= open().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }

  async function load(reopened: boolean): Promise<SandboxSnapshot | null> {
    const db = await database();
    const transaction = db.transaction(['files', 'meta'], 'readonly');
    const meta = transaction.objectStore('meta');
    const [format, generation] = await Promise.all([
      requestResult<{ version?: unknown } | undefined>(meta.get(formatKey), 'loading the sandbox'),
      requestResult<unknown>(meta.get(GENERATION_KEY), 'loading the sandbox'),
    ]);
    // Another tab with a newer library may have upgraded the data since this connection opened.
    if (format?.version !== sandboxFormatVersion) {
      if (reopened) throw new PersistenceError('failed', `The format of "${name}" changed while loading; try again.`);
      // Reopening checks the format again: migrates older data, refuses newer data.
      opening = undefined;
      db.close();
      return load(true);
    }
    if (generation === undefined) return null;
    const files =
      (await readWholeTree(meta, generation, 'loading the sandbox')) ??
      (await requestResult<unknown[]>(transaction.objectStore('files').getAll(), 'loading the sandbox files'));
    return { version: sandboxFormatVersion, files: checkLoadedFiles(files) } satisfies SandboxSnapshot;
  }

  return {
    load: () => load(false),

    async save(changes: StorageChanges) {
      const { written } = changes;
      const deleted = changes.deleted.map(checkDeletedPath);
      if (written.length === 0 && deleted.length === 0) return;
      const db = await database();
      await write(db, 'saving files', async (transaction) => {
        const files = transaction.objectStore('files');
        // Checked and copied in the slices (an invalid record aborts the transaction).
        await writeInSlices(written, (record) => files.put(normalizeFileRecord(record, 'saving')), 'saving files');
        // After the writes: a path both written and deleted in one change set ends up deleted.
        await writeInSlices(deleted, (path) => files.delete(path), 'saving files');
        await bumpGeneration(transaction);
      });
    },

    async saveAll(files: readonly FileRecord[]) {
      const db = await database();
      await write(db, 'saving all files', async (transaction) => {
        const store = transaction.objectStore('files');
        store.clear();
        // Checked and copied in the slices too (an invalid record aborts the transaction): for
        // 10,000 records that is tens of milliseconds. One record per path, the last one winning.
        const records: FileRecord[] = [];
        const positions = new Map<string, number>();
        await writeInSlices(
          files,
          (file) => {
            const record = normalizeFileRecord(file, 'saving all files');
            const position = positions.get(record.path);
            if (position === undefined) positions.set(record.path, records.push(record) - 1);
            else records[position] = record;
            return store.put(record);
          },
          'saving all files',
        );
        const generation = await bumpGeneration(transaction);
        await writeWholeTree(transaction.objectStore('meta'), generation, records, 'saving all files');
      });
    },

    async refreshWholeTree(files: readonly FileRecord[]) {
      const records = files.map((record) => normalizeFileRecord(record, 'saving the whole tree'));
      const db = await database();
      await write(db, 'saving the whole tree', async (transaction) => {
        const meta = transaction.objectStore('meta');
        const generation = await requestResult<unknown>(meta.get(GENERATION_KEY), 'counting saves');
        // Without a generation nothing was saved yet: there is no per-file copy to speed up.
        if (typeof generation !== 'number') return;
        await writeWholeTree(meta, generation, records, 'saving the whole tree');
      });
    },

    async clear() {
      const db = await database();
      await write(db, 'clearing the sandbox', async (transaction) => {
        transaction.objectStore('files').clear();
        const meta = transaction.objectStore('meta');
        meta.delete(GENERATION_KEY);
        await removeWholeTree(meta, 'clearing the sandbox');
      });
    },

    async close() {
      closed = true;
      const pending = opening;
      opening = undefined;
      const db = await pending?.catch(() => undefined);
      db?.close();
    },
  };
}

function upgrade(database: IDBDatabase): void {
  if (!database.objectStoreNames.contains('files')) database.createObjectStore('files', { keyPath: 'path' });
  if (!database.objectStoreNames.contains('meta')) database.createObjectStore('meta');
}

/**
 * Runs `body` in one read-write transaction and waits for it to commit. The format is checked
 * first in the same transaction, so data that a newer version wrote meanwhile is never
 * overwritten. If `body` throws (e.g. a `DataCloneError` from `put`) the transaction is aborted,
 * so a save is all-or-nothing, and the original error is reported rather than the abort it caused.
 */
async function write(
  database: IDBDatabase,
  doing: string,
  body: (transaction: IDBTransaction) => Promise<unknown> | void,
): Promise<void> {
  let transaction: IDBTransaction;
  try {
    transaction = database.transaction(['files', 'meta'], 'readwrite');
  } catch (error) {
    throw toPersistenceError(error, doing);
  }
  await settleTransaction(transaction, doing, async () => {
    await checkFormat(transaction);
    await body(transaction);
  });
}

async function bumpGeneration(transaction: IDBTransaction): Promise<number> {
  const meta = transaction.objectStore('meta');
  const current = await requestResult<unknown>(meta.get(GENERATION_KEY), 'counting saves');
  const next = (typeof current === 'number' ? current : 0) + 1;
  meta.put(next, GENERATION_KEY);
  return next;
}
