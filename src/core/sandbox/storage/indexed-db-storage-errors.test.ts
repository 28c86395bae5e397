import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { FileRecord } from './file-record';
import { indexedDbSandboxStorage } from './indexed-db-storage';
import { PersistenceError } from '../../persistence/persistence-error';

const text = (path: string, content = path, modified = 1): FileRecord => ({ path, kind: 'text', text: content, modified });

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

function rawDatabase(factory: IDBFactory, name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(`react-agent-kit:${name}`);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error!);
  });
}

describe('indexedDbSandboxStorage: formats and failures', () => {
  it('refuses a future format and leaves it untouched', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.saveAll([text('a.txt')]);
    await storage.close();
    const raw = await rawDatabase(factory, 'w');
    await new Promise((resolve) => {
      const transaction = raw.transaction('meta', 'readwrite');
      transaction.objectStore('meta').put({ version: 2 }, 'format');
      transaction.oncomplete = resolve;
    });
    raw.close();

    const newer = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    const loadError = await rejection(newer.load());
    expect(loadError.code).toBe('future-format');
    expect(loadError.message).toMatch(/format 2.*up to format 1/);
    expect((await rejection(newer.save({ written: [text('b.txt')], deleted: [] }))).code).toBe('future-format');
    expect((await rejection(newer.saveAll([]))).code).toBe('future-format');
    expect((await rejection(newer.clear())).code).toBe('future-format');
    await newer.close();

    const check = await rawDatabase(factory, 'w');
    const [format, files] = await new Promise<[unknown, unknown]>((resolve) => {
      const transaction = check.transaction(['meta', 'files'], 'readonly');
      const formatRequest = transaction.objectStore('meta').get('format');
      const filesRequest = transaction.objectStore('files').getAll();
      transaction.oncomplete = () => resolve([formatRequest.result, filesRequest.result]);
    });
    check.close();
    expect(format).toEqual({ version: 2 });
    expect(files).toEqual([text('a.txt')]);
  });

  it('notices a newer format written by another tab after it opened, and does not overwrite it', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.save({ written: [text('a.txt')], deleted: [] });
    const raw = await rawDatabase(factory, 'w');
    await new Promise((resolve) => {
      const transaction = raw.transaction('meta', 'readwrite');
      transaction.objectStore('meta').put({ version: 2 }, 'format');
      transaction.oncomplete = resolve;
    });
    expect((await rejection(storage.save({ written: [text('a.txt', 'mine')], deleted: [] }))).code).toBe('future-format');
    expect((await rejection(storage.load())).code).toBe('future-format');
    const files = await new Promise<unknown>((resolve) => {
      const request = raw.transaction('files').objectStore('files').getAll();
      request.onsuccess = () => resolve(request.result);
    });
    raw.close();
    expect(files).toEqual([text('a.txt')]);
  });

  it('refuses a database whose schema version is newer (future-format)', async () => {
    const factory = new IDBFactory();
    await new Promise<void>((resolve) => {
      const request = factory.open('react-agent-kit:w', 5);
      request.onsuccess = () => {
        request.result.close();
        resolve();
      };
    });
    const error = await rejection(indexedDbSandboxStorage({ name: 'w', indexedDB: factory }).load());
    expect(error.code).toBe('future-format');
  });

  it('reports unavailable IndexedDB clearly', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const error = await rejection(indexedDbSandboxStorage({ name: 'w' }).load());
    vi.unstubAllGlobals();
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('memorySandboxStorage');

    const throwing = { open: () => { throw new DOMException('denied', 'SecurityError'); } } as unknown as IDBFactory;
    expect((await rejection(indexedDbSandboxStorage({ name: 'w', indexedDB: throwing }).load())).code).toBe('unavailable');
  });

  it('reports unavailable when the open is blocked by another tab', async () => {
    const request = {} as { onblocked?: () => void; result?: unknown };
    const factory = { open: () => request } as unknown as IDBFactory;
    const loading = indexedDbSandboxStorage({ name: 'w', indexedDB: factory }).load();
    request.onblocked?.();
    const error = await rejection(loading);
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('blocked');
  });

  it('closes its connection on versionchange so another tab can upgrade', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.save({ written: [text('a')], deleted: [] });
    const outcome = await new Promise<string>((resolve) => {
      const request = factory.open('react-agent-kit:w', 2);
      request.onblocked = () => resolve('blocked');
      request.onsuccess = () => {
        request.result.close();
        resolve('opened');
      };
    });
    expect(outcome).toBe('opened');
  });

  it('fails with closed after close()', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.load();
    await storage.close();
    expect((await rejection(storage.load())).code).toBe('closed');
  });

  it('does not touch IndexedDB until first used', () => {
    const open = vi.fn();
    indexedDbSandboxStorage({ name: 'w', indexedDB: { open } as unknown as IDBFactory });
    expect(open).not.toHaveBeenCalled();
  });
});
