import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { checkFormat, type FormatMigration } from './format-migrations';
import { requestResult } from '../../persistence/idb-request';

async function freshDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve) => {
    const request = new IDBFactory().open('test', 1);
    request.onupgradeneeded = () => {
      request.result.createObjectStore('files', { keyPath: 'path' });
      request.result.createObjectStore('meta');
    };
    request.onsuccess = () => resolve(request.result);
  });
}

async function setFormat(database: IDBDatabase, version: number): Promise<void> {
  const transaction = database.transaction('meta', 'readwrite');
  transaction.objectStore('meta').put({ version }, 'format');
  await new Promise((resolve) => (transaction.oncomplete = resolve));
}

async function readFormat(database: IDBDatabase): Promise<unknown> {
  return requestResult(database.transaction('meta').objectStore('meta').get('format'), 'test');
}

describe('checkFormat', () => {
  it('writes the current version into a fresh database', async () => {
    const database = await freshDatabase();
    const transaction = database.transaction(['files', 'meta'], 'readwrite');
    expect(await checkFormat(transaction)).toBe(1);
    expect(await readFormat(database)).toEqual({ version: 1 });
  });

  it('runs each migration from the stored version up to the target, in one transaction', async () => {
    const database = await freshDatabase();
    await setFormat(database, 1);
    const ran: number[] = [];
    const step =
      (from: number): FormatMigration =>
      async (transaction) => {
        ran.push(from);
        transaction.objectStore('files').put({ path: `from-${from}` });
      };
    const transaction = database.transaction(['files', 'meta'], 'readwrite');
    expect(await checkFormat(transaction, [undefined, step(1), step(2)], 3)).toBe(1);
    expect(ran).toEqual([1, 2]);
    expect(await readFormat(database)).toEqual({ version: 3 });
  });

  it('a missing migration is an error and nothing is changed', async () => {
    const database = await freshDatabase();
    await setFormat(database, 1);
    const transaction = database.transaction(['files', 'meta'], 'readwrite');
    await expect(checkFormat(transaction, [], 2)).rejects.toMatchObject({ code: 'corrupt' });
    expect(await readFormat(database)).toEqual({ version: 1 });
  });

  it('refuses a newer version and aborts without writing', async () => {
    const database = await freshDatabase();
    await setFormat(database, 7);
    const transaction = database.transaction(['files', 'meta'], 'readwrite');
    await expect(checkFormat(transaction)).rejects.toMatchObject({ code: 'future-format' });
    expect(await readFormat(database)).toEqual({ version: 7 });
  });
});
