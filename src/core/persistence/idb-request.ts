import { PersistenceError, toPersistenceError } from './persistence-error';

/**
 * Resolves with a request's result, rejects with a `PersistenceError`.
 *
 * @example
 * ```ts
 * const record = await requestResult(store.get('a.txt'), 'reading a.txt');
 * ```
 */
export function requestResult<T>(request: IDBRequest<T>, doing: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      // Stop the error from also aborting the transaction through bubbling: the transaction's
      // own promise reports the failure once.
      event.preventDefault();
      reject(toPersistenceError(request.error, doing));
    };
  });
}

/**
 * Resolves when a transaction commits; rejects when it aborts or fails. Only `complete` means the
 * data is stored: a request's success is not yet durable, so saves wait for this.
 *
 * @example
 * ```ts
 * const transaction = database.transaction(['files'], 'readwrite');
 * transaction.objectStore('files').put(record);
 * await transactionDone(transaction, 'saving files');
 * ```
 */
export function transactionDone(transaction: IDBTransaction, doing: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    // A quota failure arrives as an abort with `transaction.error` set; a plain abort has no error.
    transaction.onabort = () =>
      reject(toPersistenceError(transaction.error ?? new DOMException('The transaction was aborted.', 'AbortError'), doing));
    transaction.onerror = () => undefined;
  });
}

/**
 * Runs `body` inside `transaction` and resolves with its result once the transaction committed.
 * If `body` throws (say, a `DataCloneError` from `put`), the transaction is aborted, so a write is
 * all or nothing, and the original error is reported rather than the abort it caused.
 *
 * @example
 * ```ts
 * const transaction = database.transaction(['files'], 'readwrite');
 * await settleTransaction(transaction, 'saving files', async () => transaction.objectStore('files').put(record));
 * ```
 */
export async function settleTransaction<T>(transaction: IDBTransaction, doing: string, body: () => Promise<T>): Promise<T> {
  const done = transactionDone(transaction, doing);
  let result: T;
  try {
    result = await body();
  } catch (error) {
    try {
      transaction.abort();
    } catch {
      // Already aborted or finished: nothing left to undo.
    }
    await done.catch(() => undefined);
    throw toPersistenceError(error, doing);
  }
  await done;
  return result;
}

/**
 * Opens a database, creating or upgrading its stores through `upgrade`. A missing factory, an
 * open that throws, fails, or is blocked by another tab becomes code `unavailable`; a database
 * newer than `version` becomes `future-format` (through `VersionError`).
 *
 * @example
 * ```ts
 * const database = await openDatabase(indexedDB, 'react-agent-kit:workspace', 1, (db) => db.createObjectStore('files'));
 * ```
 */
export function openDatabase(
  factory: IDBFactory | undefined,
  name: string,
  version: number,
  upgrade: (database: IDBDatabase) => void,
): Promise<IDBDatabase> {
  if (factory === undefined) {
    return Promise.reject(
      new PersistenceError(
        'unavailable',
        'IndexedDB is not available in this environment; pass `indexedDB` (e.g. from fake-indexeddb) or use memorySandboxStorage().',
      ),
    );
  }
  return new Promise<IDBDatabase>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(name, version);
    } catch (error) {
      reject(new PersistenceError('unavailable', `IndexedDB refused to open "${name}": ${String(error)}`, { cause: error }));
      return;
    }
    let settled = false;
    request.onupgradeneeded = () => upgrade(request.result);
    request.onsuccess = () => {
      // Opened after we gave up on a block: close it so the other tab's upgrade can go on.
      if (settled) request.result.close();
      else resolve(request.result);
      settled = true;
    };
    request.onerror = (event) => {
      event.preventDefault();
      if (!settled) {
        const error = toPersistenceError(request.error, `opening "${name}"`);
        reject(error.code === 'failed' ? new PersistenceError('unavailable', error.message, { cause: request.error }) : error);
      }
      settled = true;
    };
    request.onblocked = () => {
      if (!settled) {
        reject(
          new PersistenceError(
            'unavailable',
            `Opening "${name}" is blocked by another tab that holds an older version open; close it and reload.`,
          ),
        );
      }
      settled = true;
    };
  });
}
