import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../create-sandbox';
import type { FileRecord } from './file-record';
import { indexedDbSandboxStorage } from './indexed-db-storage';
import { persistSandbox } from './persist-sandbox';

/**
 * Big saves go out in slices of a few milliseconds inside one transaction. The clock is faked so
 * that every write is a slice of its own (what 10,000 records do in a browser): the save must
 * still be one transaction (all or nothing), and a hidden page writes everything at once.
 */

// Counts the waits between slices: each one is a request whose success the writer waits for.
const waits = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../persistence/idb-request', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../persistence/idb-request')>();
  return {
    ...original,
    requestResult: (...parameters: Parameters<typeof original.requestResult>) => {
      waits.count++;
      return original.requestResult(...parameters);
    },
  };
});

/** A clock that moves 10 ms per reading: every write overruns its slice. */
function slowClock() {
  let time = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => (time += 10));
}

function hidePage() {
  vi.stubGlobal('document', Object.assign(new EventTarget(), { visibilityState: 'hidden' }));
}

const files = (count: number, content = 'x'): FileRecord[] => Array.from({ length: count }, (_, index) => ({ path: `/dir/file-${index}.txt`, kind: 'text', text: `${content} ${index}`, modified: index }));

async function waitsDuring(action: () => Promise<unknown>): Promise<number> {
  const before = waits.count;
  await action();
  return waits.count - before;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sliced saves', () => {
  it('write each slice from the success of the previous one, and keep every record', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.load();
    const quick = await waitsDuring(() => storage.saveAll(files(200)));
    slowClock();
    const sliced = await waitsDuring(() => storage.saveAll(files(200, 'y')));
    expect(sliced).toBeGreaterThan(quick + 150);
    const sliceWrites = await waitsDuring(() => storage.save({ written: files(100, 'z'), deleted: files(200).slice(100).map((record) => record.path) }));
    expect(sliceWrites).toBeGreaterThan(150);
    const byPath = (records: readonly FileRecord[]) => [...records].sort((left, right) => left.path.localeCompare(right.path));
    expect(byPath((await storage.load())!.files)).toEqual(byPath(files(100, 'z')));
  });

  it('are all or nothing: a write that fails in a later slice leaves the saved tree as it was', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.saveAll(files(10, 'before'));
    slowClock();
    const put = IDBObjectStore.prototype.put;
    let puts = 0;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...parameters: Parameters<IDBObjectStore['put']>) {
      if (++puts === 150) throw new DOMException('The object could not be cloned.', 'DataCloneError');
      return put.apply(this, parameters);
    });
    await expect(storage.saveAll(files(200, 'after'))).rejects.toMatchObject({ name: 'PersistenceError' });
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();
    expect((await storage.load())!.files).toEqual(files(10, 'before'));
  });

  it('do not wait between slices while the page is hidden', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    await storage.load();
    slowClock();
    hidePage();
    const hidden = await waitsDuring(() => storage.saveAll(files(200)));
    expect(hidden).toBeLessThan(10);
    expect((await storage.load())!.files).toHaveLength(200);
  });

  it('lose nothing when the page hides in the middle of the first save of a big tree', async () => {
    const factory = new IDBFactory();
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', page);
    const sandbox = createSandbox({ files: Object.fromEntries(files(300).map((record) => [record.path, (record as { text: string }).text])) });
    slowClock();
    // The first save starts with the handle; hide the page once it is under way, and change a file.
    let hiddenAt = 0;
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...parameters: Parameters<IDBObjectStore['put']>) {
      if (++hiddenAt === 100) {
        page.visibilityState = 'hidden';
        page.dispatchEvent(new Event('visibilitychange'));
        sandbox.writeFile('/late.txt', 'written while the first save ran');
      }
      return put.apply(this, parameters);
    });
    const persistence = await persistSandbox(sandbox, indexedDbSandboxStorage({ name: 'w', indexedDB: factory }), { delayMs: 5, maxDelayMs: 20, onError: () => undefined });
    await persistence.dispose();
    vi.mocked(IDBObjectStore.prototype.put).mockRestore();

    const reopened = createSandbox();
    expect((await persistSandbox(reopened, indexedDbSandboxStorage({ name: 'w', indexedDB: factory }))).loaded).toBe('restored');
    expect(reopened.toRecords()).toEqual(sandbox.toRecords());
    expect(reopened.readFile('/late.txt')).toBe('written while the first save ran');
  });
});
