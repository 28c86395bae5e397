import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { FileRecord } from './file-record';
import { indexedDbSandboxStorage } from './indexed-db-storage';
import { PersistenceError } from '../../persistence/persistence-error';

const text = (path: string, content = path, modified = 1): FileRecord => ({ path, kind: 'text', text: content, modified });
const byPath = (files: readonly FileRecord[]) => [...files].sort((a, b) => a.path.localeCompare(b.path));

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe('indexedDbSandboxStorage', () => {
  it('loads null before anything is saved', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    expect(await storage.load()).toBeNull();
  });

  it('round-trips text and binary files through save, across connections', async () => {
    const factory = new IDBFactory();
    const first = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    const logo: FileRecord = { path: 'img/logo.png', kind: 'binary', bytes: new Uint8Array([0, 255, 7]), modified: 5 };
    await first.save({ written: [text('a.txt', 'héllo'), logo, text('b.txt')], deleted: [] });
    await first.save({ written: [text('a.txt', 'changed', 2)], deleted: ['b.txt'] });
    await first.close();

    const second = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    const loaded = await second.load();
    expect(loaded?.version).toBe(1);
    expect(byPath(loaded?.files ?? [])).toEqual([text('a.txt', 'changed', 2), logo]);
  });

  it('keeps sandboxes of different names apart', async () => {
    const factory = new IDBFactory();
    await indexedDbSandboxStorage({ name: 'one', indexedDB: factory }).save({ written: [text('a')], deleted: [] });
    expect(await indexedDbSandboxStorage({ name: 'two', indexedDB: factory }).load()).toBeNull();
  });

  it('saveAll replaces the tree and later loads use the whole-tree record', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.save({ written: [text('old.txt')], deleted: [] });
    await storage.saveAll([text('x.txt'), text('y.txt')]);
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    expect(byPath((await storage.load())?.files ?? [])).toEqual([text('x.txt'), text('y.txt')]);
    expect(getAll).not.toHaveBeenCalled();

    // A save after saveAll makes the whole-tree record stale: the per-file records are read.
    await storage.save({ written: [text('z.txt')], deleted: ['x.txt'] });
    expect(byPath((await storage.load())?.files ?? [])).toEqual([text('y.txt'), text('z.txt')]);
    expect(getAll).toHaveBeenCalledTimes(1);
  });

  it('a delete in the same change set as a write wins', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.save({ written: [text('a'), text('b')], deleted: ['a'] });
    expect((await storage.load())?.files.map((file) => file.path)).toEqual(['b']);
  });

  it('clear forgets everything', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.saveAll([text('a')]);
    await storage.clear();
    expect(await storage.load()).toBeNull();
  });

  it('a save that fails mid-way leaves the previous state (one transaction per save)', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.save({ written: [text('a.txt', 'v1'), text('b.txt', 'v1')], deleted: [] });
    const put = IDBObjectStore.prototype.put;
    let calls = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      calls += 1;
      if (calls === 2) throw new DOMException('could not clone', 'DataCloneError');
      return put.apply(this, args);
    });
    const error = await rejection(
      storage.save({ written: [text('a.txt', 'v2'), text('c.txt', 'v2'), text('d.txt')], deleted: ['b.txt'] }),
    );
    expect(error.code).toBe('failed');
    expect(error.message).toContain('DataCloneError');
    vi.restoreAllMocks();
    expect(byPath((await storage.load())?.files ?? [])).toEqual([text('a.txt', 'v1'), text('b.txt', 'v1')]);
  });

  it('reports a quota error as quota-exceeded and keeps the previous state', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.saveAll([text('a.txt', 'v1')]);
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...args) {
      if ((args[0] as FileRecord).path === 'big.bin') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, args);
    });
    const big: FileRecord = { path: 'big.bin', kind: 'binary', bytes: new Uint8Array(10), modified: 1 };
    const error = await rejection(storage.save({ written: [text('a.txt', 'v2'), big], deleted: [] }));
    expect(error.code).toBe('quota-exceeded');
    vi.restoreAllMocks();
    expect((await storage.load())?.files).toEqual([text('a.txt', 'v1')]);
  });

  it('refuses malformed records before writing anything', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.save({ written: [text('a.txt')], deleted: [] });
    const bad = { path: 'b.txt', kind: 'text', text: 42, modified: 1 } as unknown as FileRecord;
    const error = await rejection(storage.save({ written: [text('c.txt'), bad], deleted: [] }));
    expect(error.code).toBe('invalid-record');
    expect(error.message).toContain('"b.txt"');
    expect((await storage.load())?.files).toEqual([text('a.txt')]);
  });

  it('does not keep stray properties or share the caller\'s buffer', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    const bytes = new Uint8Array([1, 2]);
    const record = { path: 'f', kind: 'binary', bytes, modified: 1, callback: () => 1 } as FileRecord;
    await storage.save({ written: [record], deleted: [] });
    bytes[0] = 9;
    expect((await storage.load())?.files).toEqual([{ path: 'f', kind: 'binary', bytes: new Uint8Array([1, 2]), modified: 1 }]);
  });

  it('saveAll keeps one record per path, the last one winning', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.saveAll([text('a', '1'), text('a', '2')]);
    expect((await storage.load())?.files).toEqual([text('a', '2')]);
  });
});
