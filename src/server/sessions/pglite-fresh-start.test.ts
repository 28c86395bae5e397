/**
 * A PGlite store on a fresh data directory answers its reads before PGlite has started (issue 29:
 * the embedded database never waits on the newcomer). PGlite's start is held here, so "before" is
 * a fact of the test, not a race: reads answer while it is held, writes wait for it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { answeringWhileStarting, isFreshDataDir } from './pglite-fresh-start';
import { pgliteSessionStore } from './pglite-session-store';
import type { ServerSessionStore } from './server-session-store';
import { conversation } from './server-session-store-contract';

/** PGlite.create, held until `open()`: counts its calls, and fails the next `failures` ones. */
const start = vi.hoisted(() => {
  const state = { calls: 0, failures: 0, open: () => {}, held: Promise.resolve(), entered: () => {}, called: Promise.resolve() };
  state.held = new Promise<void>((resolve) => (state.open = resolve));
  state.called = new Promise<void>((resolve) => (state.entered = resolve));
  return state;
});

vi.mock('@electric-sql/pglite', async (importOriginal) => {
  const real = await importOriginal<typeof import('@electric-sql/pglite')>();
  return {
    ...real,
    PGlite: {
      async create(...args: Parameters<typeof real.PGlite.create>) {
        start.calls++;
        start.entered();
        if (start.failures > 0) {
          start.failures--;
          throw new Error('PGlite could not start');
        }
        await start.held;
        return real.PGlite.create(...args);
      },
    },
  };
});

/** Holds PGlite's start again; `open()` lets it go. */
function holdStart(): void {
  start.calls = 0;
  start.held = new Promise<void>((resolve) => (start.open = resolve));
  start.called = new Promise<void>((resolve) => (start.entered = resolve));
}

/** `'answered'` when `promise` settles before PGlite's held start has been asked for and a moment more. */
async function answeredWhileHeld(promise: Promise<unknown>): Promise<'answered' | 'waiting'> {
  const waiting = start.called.then(() => new Promise<'waiting'>((resolve) => setTimeout(() => resolve('waiting'), 100)));
  return Promise.race([promise.then(() => 'answered' as const), waiting]);
}

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'rak-pglite-fresh-'));
  dirs.push(dir);
  return dir;
};

describe('pgliteSessionStore on a fresh data directory', { timeout: 60_000 }, () => {
  beforeEach(holdStart);

  it('answers list, load and loadFiles while PGlite starts, starts it, and its first save waits for it', async () => {
    const store = pgliteSessionStore({ dataDir: join(newDir(), '.data', 'sessions') });
    const listed = store.list('ada');
    expect(await answeredWhileHeld(listed)).toBe('answered');
    expect(await listed).toEqual([]);
    expect(await store.load('ada', 'chat-1')).toBeNull();
    expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
    // The first read started the database in the background.
    await start.called;
    expect(start.calls).toBe(1);

    const saved = store.save('ada', { id: 'chat-1', snapshot: conversation('Hello') }, null);
    expect(await answeredWhileHeld(saved)).toBe('waiting');
    // Once something is being written, reads are the database's too: they wait for it.
    expect(await answeredWhileHeld(store.load('ada', 'chat-1'))).toBe('waiting');
    start.open();
    expect(await saved).toBe(1);
    expect(await store.list('ada')).toEqual([expect.objectContaining({ id: 'chat-1', title: 'Hello' })]);
    expect(start.calls).toBe(1);
    await store.close();
    await expect(store.list('ada')).rejects.toMatchObject({ code: 'closed' });
  });

  it('in a directory that holds a database, reads wait for it and see what it holds', async () => {
    const dataDir = newDir();
    start.open();
    const first = pgliteSessionStore({ dataDir });
    await first.save('ada', { id: 'chat-1', snapshot: conversation('Kept') }, null);
    await first.close();

    holdStart();
    const again = pgliteSessionStore({ dataDir });
    const listed = again.list('ada');
    expect(await answeredWhileHeld(listed)).toBe('waiting');
    start.open();
    expect(await listed).toEqual([expect.objectContaining({ id: 'chat-1', title: 'Kept' })]);
    await again.close();
  });

  it('after a failed start, reads go to the database: the next one reports the failure, a later one starts it again', async () => {
    start.failures = 2;
    start.open();
    const store = pgliteSessionStore({ dataDir: join(newDir(), 'sessions') });
    expect(await store.list('ada')).toEqual([]);
    await start.called;
    // The background start's failure settles (no I/O on the way), then the next read asks the database.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await expect(store.list('ada')).rejects.toMatchObject({ code: 'failed', message: expect.stringContaining('PGlite could not start') });
    expect(await store.list('ada')).toEqual([]);
    expect(start.calls).toBe(3);
    await store.close();
  });
});

describe('isFreshDataDir', () => {
  it('is true in memory, for a missing path and an empty directory; false for a used directory and another URL', async () => {
    const empty = newDir();
    const used = newDir();
    writeFileSync(join(used, 'PG_VERSION'), '17');
    expect(await isFreshDataDir(undefined)).toBe(true);
    expect(await isFreshDataDir('memory://sessions')).toBe(true);
    expect(await isFreshDataDir(join(empty, 'missing', 'sessions'))).toBe(true);
    expect(await isFreshDataDir(empty)).toBe(true);
    expect(await isFreshDataDir(used)).toBe(false);
    expect(await isFreshDataDir('idb://sessions')).toBe(false);
    expect(await isFreshDataDir(join(used, 'PG_VERSION'))).toBe(false);
  });
});

describe('answeringWhileStarting', () => {
  /** A store whose database never answers until `start()`; a method of a later version (`append`) included. */
  function slowStore() {
    const calls: string[] = [];
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const answer = <T>(name: string, value: T) => async () => {
      calls.push(name);
      await started;
      return value;
    };
    const store = { list: answer('list', [{ id: 'chat-1' }]), load: answer('load', { id: 'chat-1' }), loadFiles: answer('loadFiles', { version: 1, files: [] }), append: answer('append', undefined), close: answer('close', undefined) };
    return { store: store as unknown as ServerSessionStore & { append(): Promise<void> }, calls, start };
  }

  it('answers reads as an empty database would while the store starts, and passes a method it does not know on as a write', async () => {
    const { store, calls, start } = slowStore();
    const wrapped = answeringWhileStarting(store, Promise.resolve(true)) as typeof store;
    expect(await wrapped.list('ada')).toEqual([]);
    expect(await wrapped.load('ada', 'chat-1')).toBeNull();
    expect(await wrapped.loadFiles('ada', 'chat-1')).toBeNull();
    // Each read went on to the store in the background (that starts its database).
    expect(calls).toEqual(['list', 'load', 'loadFiles']);
    const appended = wrapped.append();
    const listed = wrapped.list('ada');
    start();
    await appended;
    expect(await listed).toEqual([{ id: 'chat-1' }]);
  });

  it('passes every call on when the data directory was not fresh', async () => {
    const { store, start } = slowStore();
    const wrapped = answeringWhileStarting(store, Promise.resolve(false));
    const listed = wrapped.list('ada');
    start();
    expect(await listed).toEqual([{ id: 'chat-1' }]);
    expect(await wrapped.load('ada', 'chat-1')).toEqual({ id: 'chat-1' });
  });
});
