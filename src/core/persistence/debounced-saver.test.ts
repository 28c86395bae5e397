import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDebouncedSaver } from './debounced-saver';
import type { FileRecord } from './file-record';
import { memorySandboxStorage } from './memory-storage';
import { PersistenceError } from './persistence-error';
import type { StorageChanges, SandboxStorage } from './sandbox-storage';

const text = (path: string, content = path): FileRecord => ({ path, kind: 'text', text: content, modified: 1 });

function recordingStorage(): SandboxStorage & { saves: StorageChanges[]; failNext: number } {
  const inner = memorySandboxStorage();
  const storage = {
    ...inner,
    saves: [] as StorageChanges[],
    failNext: 0,
    async save(changes: StorageChanges) {
      storage.saves.push(changes);
      if (storage.failNext > 0) {
        storage.failNext -= 1;
        throw new DOMException('full', 'QuotaExceededError');
      }
      await inner.save(changes);
    },
  };
  return storage;
}

describe('createDebouncedSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('coalesces changes per path and saves once after quiet time', async () => {
    const storage = recordingStorage();
    const saver = createDebouncedSaver(storage, { delayMs: 100 });
    saver.add({ written: [text('a', '1'), text('b')], deleted: [] });
    saver.add({ written: [text('a', '2')], deleted: ['b', 'gone'] });
    saver.add({ written: [text('gone', 'back')], deleted: [] });
    expect(saver.pendingCount).toBe(3);
    await vi.advanceTimersByTimeAsync(99);
    expect(storage.saves).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(storage.saves).toEqual([{ written: [text('a', '2'), text('gone', 'back')], deleted: ['b'] }]);
    expect(saver.pendingCount).toBe(0);
  });

  it('each change restarts the quiet time, but maxDelayMs caps the wait', async () => {
    const storage = recordingStorage();
    const saver = createDebouncedSaver(storage, { delayMs: 100, maxDelayMs: 250 });
    for (let step = 0; step < 5; step += 1) {
      saver.add({ written: [text(`f${step}`)], deleted: [] });
      await vi.advanceTimersByTimeAsync(60);
    }
    // 5 changes 60 ms apart: never 100 ms of quiet, so the 250 ms cap saved them.
    expect(storage.saves).toHaveLength(1);
    expect(storage.saves[0]?.written).toHaveLength(5);
  });

  it('flush saves at once and cancels the timers', async () => {
    const storage = recordingStorage();
    const saver = createDebouncedSaver(storage);
    saver.add({ written: [text('a')], deleted: [] });
    expect(await saver.flush()).toBe('saved');
    expect(await saver.flush()).toBe('nothing-to-save');
    await vi.advanceTimersByTimeAsync(5000);
    expect(storage.saves).toHaveLength(1);
  });

  it('reports a failed save and keeps its changes for the next flush, newer ones winning', async () => {
    const storage = recordingStorage();
    const errors: PersistenceError[] = [];
    const saver = createDebouncedSaver(storage, { onError: (error) => errors.push(error) });
    saver.add({ written: [text('a', 'old'), text('b')], deleted: ['c'] });
    storage.failNext = 1;
    const failing = saver.flush();
    saver.add({ written: [text('a', 'new')], deleted: [] }); // arrives while the failing save runs
    expect(await failing).toBe('failed');
    expect(errors.map((error) => error.code)).toEqual(['quota-exceeded']);
    expect(saver.pendingCount).toBe(3);
    // The failure does not retry on its own timer...
    expect(await saver.flush()).toBe('saved');
    expect(storage.saves.at(-1)).toEqual({ written: [text('a', 'new'), text('b')], deleted: ['c'] });
    expect((await storage.load())?.files).toEqual([text('a', 'new'), text('b')]);
  });

  it('runs saves one after another in order', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    const storage: SandboxStorage = {
      ...memorySandboxStorage(),
      save: async (changes) => {
        order.push(`start ${changes.written[0]?.path}`);
        if (changes.written[0]?.path === 'first') await new Promise<void>((resolve) => (release = resolve));
        order.push(`end ${changes.written[0]?.path}`);
      },
    };
    const saver = createDebouncedSaver(storage);
    saver.add({ written: [text('first')], deleted: [] });
    const first = saver.flush();
    await vi.advanceTimersByTimeAsync(0); // the first save has taken its batch and is waiting
    saver.add({ written: [text('second')], deleted: [] });
    const second = saver.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['start first']);
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['start first', 'end first', 'start second', 'end second']);
  });

  it('dispose flushes and ignores later changes', async () => {
    const storage = recordingStorage();
    const saver = createDebouncedSaver(storage);
    saver.add({ written: [text('a')], deleted: [] });
    expect(await saver.dispose()).toBe('saved');
    saver.add({ written: [text('b')], deleted: [] });
    await vi.advanceTimersByTimeAsync(5000);
    expect(storage.saves).toHaveLength(1);
  });
});

describe('createDebouncedSaver: whole-tree saves', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves the tree as it is when the save runs, replacing queued per-file changes', async () => {
    const storage = recordingStorage();
    const saveAll = vi.spyOn(storage, 'saveAll');
    let tree = [text('a', '1')];
    const saver = createDebouncedSaver(storage, { delayMs: 100 });
    saver.add({ written: [text('stale')], deleted: [] });
    saver.addAll(() => tree);
    tree = [text('a', '2'), text('b')];
    expect(saver.pendingCount).toBe(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(saveAll).toHaveBeenCalledTimes(1);
    expect(storage.saves).toHaveLength(0);
    expect((await storage.load())?.files).toEqual([text('a', '2'), text('b')]);
    expect(saver.pendingCount).toBe(0);
  });

  it('keeps a failed whole-tree save owed until a flush succeeds', async () => {
    const storage = recordingStorage();
    const errors: string[] = [];
    let failures = 1;
    const saveAll = storage.saveAll;
    storage.saveAll = async (records) => {
      if (failures-- > 0) throw new DOMException('full', 'QuotaExceededError');
      return saveAll(records);
    };
    const saver = createDebouncedSaver(storage, { onError: (error) => errors.push(error.code) });
    saver.addAll(() => [text('x')]);
    expect(await saver.flush()).toBe('failed');
    expect(errors).toEqual(['quota-exceeded']);
    expect(saver.pendingCount).toBe(1);
    expect(await saver.flush()).toBe('saved');
    expect((await storage.load())?.files).toEqual([text('x')]);
  });
});
