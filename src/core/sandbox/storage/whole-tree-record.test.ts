import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import type { FileRecord } from './file-record';
import { indexedDbSandboxStorage } from './indexed-db-storage';

const big = (count: number): FileRecord[] => Array.from({ length: count }, (_, index) => ({ path: `/file-${String(index).padStart(4, '0')}.txt`, kind: 'text', text: `${index}`.padEnd(5_000, '.'), modified: index }));

/** The `meta` store of a storage's database, as the storage left it. */
async function meta(factory: IDBFactory, name: string): Promise<Map<string, unknown>> {
  const database = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = factory.open(`react-agent-kit:${name}`);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('open failed'));
  });
  const store = database.transaction('meta').objectStore('meta');
  const [keys, values] = await Promise.all(
    [store.getAllKeys(), store.getAll()].map((request) => new Promise<unknown[]>((resolve) => (request.onsuccess = () => resolve(request.result as unknown[])))),
  );
  database.close();
  return new Map(keys!.map((key, index) => [String(key), values![index]]));
}

/** Writes a whole-tree record the way versions before the parts did: one value, `snapshot`. */
async function writeLegacySnapshot(factory: IDBFactory, name: string, files: FileRecord[]): Promise<void> {
  const database = await new Promise<IDBDatabase>((resolve) => {
    const request = factory.open(`react-agent-kit:${name}`);
    request.onsuccess = () => resolve(request.result);
  });
  const transaction = database.transaction('meta', 'readwrite');
  const store = transaction.objectStore('meta');
  const generation = await new Promise<number>((resolve) => {
    const request = store.get('generation');
    request.onsuccess = () => resolve(request.result as number);
  });
  store.delete('snapshot-parts');
  store.put({ generation, files }, 'snapshot');
  await new Promise((resolve) => (transaction.oncomplete = resolve));
  database.close();
}

describe('the whole-tree record', () => {
  it('is kept in parts of about a megabyte, each read by a request of its own', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.saveAll(big(1_000));
    const stored = await meta(factory, 'w');
    expect(stored.get('snapshot-parts')).toEqual({ generation: 1, parts: expect.any(Number) });
    const parts = (stored.get('snapshot-parts') as { parts: number }).parts;
    expect(parts).toBeGreaterThan(5);
    expect([...stored.keys()].filter((key) => key.startsWith('snapshot-part-'))).toHaveLength(parts);

    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    const get = vi.spyOn(IDBObjectStore.prototype, 'get');
    expect((await storage.load())!.files).toEqual(big(1_000));
    expect(getAll).not.toHaveBeenCalled();
    expect(get.mock.calls.filter(([key]) => typeof key === 'string' && key.startsWith('snapshot-part-'))).toHaveLength(parts);
  });

  it('replaces the parts of an earlier one, and goes with clear()', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.saveAll(big(1_000));
    await storage.saveAll(big(10));
    let stored = await meta(factory, 'w');
    expect(stored.get('snapshot-parts')).toEqual({ generation: 2, parts: 1 });
    expect([...stored.keys()].filter((key) => key.startsWith('snapshot'))).toEqual(['snapshot-part-0', 'snapshot-parts']);
    expect((await storage.load())!.files).toEqual(big(10));

    await storage.clear();
    stored = await meta(factory, 'w');
    expect([...stored.keys()].filter((key) => key.startsWith('snapshot'))).toEqual([]);
    expect(await storage.load()).toBeNull();
  });

  it('reads the single-value record of earlier versions, and replaces it with parts', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.saveAll(big(3));
    await storage.close();
    await writeLegacySnapshot(factory, 'w', big(3));

    const reopened = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    const getAll = vi.spyOn(IDBObjectStore.prototype, 'getAll');
    expect((await reopened.load())!.files).toEqual(big(3));
    expect(getAll).not.toHaveBeenCalled();
    await reopened.refreshWholeTree!(big(3));
    expect([...(await meta(factory, 'w')).keys()].filter((key) => key.startsWith('snapshot'))).toEqual(['snapshot-part-0', 'snapshot-parts']);
  });

  it('is not used when it is older than the per-file records, or a part is missing', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: factory });
    await storage.saveAll(big(1_000));
    await storage.save({ written: [], deleted: ['/file-0000.txt'] });
    expect((await storage.load())!.files).toEqual(big(1_000).slice(1));

    await storage.refreshWholeTree!(big(1_000).slice(1));
    const database = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('react-agent-kit:w');
      request.onsuccess = () => resolve(request.result);
    });
    const transaction = database.transaction('meta', 'readwrite');
    transaction.objectStore('meta').delete('snapshot-part-1');
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    database.close();
    expect((await storage.load())!.files).toEqual(big(1_000).slice(1));
  });
});
