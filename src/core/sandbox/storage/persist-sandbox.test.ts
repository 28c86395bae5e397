import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { createSandbox } from '../create-sandbox';
import { indexedDbSandboxStorage } from './indexed-db-storage';
import { memorySandboxStorage } from './memory-storage';
import type { PersistenceError } from '../../persistence/persistence-error';
import { persistSandbox } from './persist-sandbox';
import type { SandboxStorage } from './sandbox-storage';

const quiet = { delayMs: 5, maxDelayMs: 20, onError: () => undefined };

/** A new page: a fresh sandbox with the app's starter files over the same storage. */
async function reopen(storage: SandboxStorage) {
  const sandbox = createSandbox({ files: { 'starter.md': 'starter' } });
  const persistence = await persistSandbox(sandbox, storage, quiet);
  return { sandbox, persistence };
}

describe('persistSandbox', () => {
  it('stores the starter files the first time and restores the saved files after that', async () => {
    const storage = indexedDbSandboxStorage({ name: 'w', indexedDB: new IDBFactory() });
    const first = await reopen(storage);
    expect(first.persistence.loaded).toBe('new');
    expect(first.persistence.status).toBe('saved');
    first.sandbox.writeFile('notes/a.md', 'a');
    first.sandbox.writeFile('logo.bin', new Uint8Array([1, 2, 3]));
    first.sandbox.delete('starter.md');
    first.sandbox.mkdir('empty');
    expect(first.persistence.status).toBe('pending');
    await first.persistence.dispose();

    const second = await reopen(storage);
    expect(second.persistence.loaded).toBe('restored');
    expect(second.sandbox.toRecords()).toEqual(first.sandbox.toRecords());
    expect(second.sandbox.exists('starter.md')).toBe(false);
  });

  it('saves only what changed since the last save, also for a restore, a move or a folder', async () => {
    const storage = memorySandboxStorage();
    const save = vi.spyOn(storage, 'save');
    const saveAll = vi.spyOn(storage, 'saveAll');
    const { sandbox, persistence } = await reopen(storage);
    expect(saveAll).toHaveBeenCalledTimes(1); // the starter files, once
    const before = sandbox.checkpoint();
    sandbox.writeFile('a.txt', '1');
    sandbox.writeFile('a.txt', '2');
    expect(await persistence.flush()).toBe('saved');
    expect(save.mock.calls.at(-1)?.[0]).toEqual({ written: [expect.objectContaining({ path: '/a.txt', text: '2' })], deleted: [] });

    sandbox.move('a.txt', 'docs/a.txt');
    sandbox.mkdir('build');
    await persistence.flush();
    expect(save.mock.calls.at(-1)?.[0]).toEqual({
      written: [expect.objectContaining({ path: '/build', kind: 'directory' }), expect.objectContaining({ path: '/docs/a.txt', text: '2' })],
      deleted: ['/a.txt'],
    });

    sandbox.restore(before);
    await persistence.flush();
    expect(save.mock.calls.at(-1)?.[0]).toEqual({ written: [], deleted: ['/build', '/docs/a.txt'] });
    expect(saveAll).toHaveBeenCalledTimes(1);
    expect(await persistence.flush()).toBe('nothing-to-save');
    expect((await storage.load())?.files).toEqual(sandbox.toRecords());
  });

  it('refreshes the whole-tree record when the page is hidden, after saving', async () => {
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', page);
    try {
      const storage = memorySandboxStorage();
      const refreshed: number[] = [];
      storage.refreshWholeTree = async (files) => void refreshed.push(files.length);
      const { sandbox } = await reopen(storage);
      page.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
      sandbox.writeFile('b.txt', 'b');
      page.dispatchEvent(new Event('visibilitychange'));
      // One refresh: the first hide had nothing saved per file, so the whole-tree record was current.
      await vi.waitFor(() => expect(refreshed).toEqual([2]));
      expect((await storage.load())?.files.map((file) => file.path)).toEqual(['/starter.md', '/b.txt']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('saves after the quiet time without being asked and reports the status', async () => {
    const { sandbox, persistence } = await reopen(memorySandboxStorage());
    const statuses: string[] = [];
    persistence.subscribe(() => statuses.push(persistence.status));
    sandbox.writeFile('a.txt', 'x');
    await vi.waitFor(() => expect(persistence.status).toBe('saved'));
    expect(statuses).toEqual(['pending', 'saved']);
  });

  it('keeps working in memory when saving fails, says why, and catches up on the next save', async () => {
    const storage = memorySandboxStorage();
    const { sandbox, persistence } = await reopen(storage);
    const realSave = storage.save;
    storage.save = async () => {
      throw new DOMException('full', 'QuotaExceededError');
    };
    sandbox.writeFile('a.txt', 'kept');
    expect(await persistence.flush()).toBe('failed');
    expect(persistence.status).toBe('error');
    expect(persistence.error?.code).toBe('quota-exceeded');
    expect(sandbox.readFile('a.txt')).toBe('kept');
    storage.save = realSave;
    sandbox.writeFile('b.txt', 'b');
    expect(await persistence.flush()).toBe('saved');
    expect(persistence.status).toBe('saved');
    expect(persistence.error).toBeNull();
    expect((await storage.load())?.files.map((file) => file.path).sort()).toEqual(['/a.txt', '/b.txt', '/starter.md']);
  });

  it('turns itself off, leaving stored data untouched, when loading fails', async () => {
    const errors: PersistenceError[] = [];
    const unavailable: SandboxStorage = {
      ...memorySandboxStorage(),
      load: async () => {
        throw new DOMException('no IndexedDB here', 'SecurityError');
      },
    };
    const sandbox = createSandbox({ files: { 'a.txt': 'a' } });
    const persistence = await persistSandbox(sandbox, unavailable, { onError: (error) => errors.push(error) });
    expect([persistence.status, persistence.loaded, persistence.error?.code]).toEqual(['off', 'failed', 'unavailable']);
    expect(errors).toHaveLength(1);
    sandbox.writeFile('b.txt', 'still works');
    expect(sandbox.readFile('b.txt')).toBe('still works');

    // Saved files that break this sandbox's limits: refused as a whole, never overwritten.
    const storage = memorySandboxStorage();
    await storage.saveAll([{ path: '/big.txt', kind: 'text', text: 'x'.repeat(100), modified: 1 }]);
    const small = createSandbox({ limits: { maxFileBytes: 10 } });
    const refused = await persistSandbox(small, storage, quiet);
    expect([refused.status, refused.error?.code]).toEqual(['off', 'corrupt']);
    expect(refused.error?.message).toContain('"/big.txt" would be 100 bytes; the limit per file is 10');
    small.writeFile('c.txt', 'c');
    expect((await storage.load())?.files.map((file) => file.path)).toEqual(['/big.txt']);
  });
});
