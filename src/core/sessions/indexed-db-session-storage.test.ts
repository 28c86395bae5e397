import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { describe, expect, it, vi } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { indexedDbSessionStorage } from './indexed-db-session-storage';
import type { SessionChange } from './session-broadcast';
import { agentSnapshotVersion, type AgentSnapshot, type StoredSession } from './session-types';

const snapshotOf = (text: string): AgentSnapshot => ({
  format: 'react-agent-kit/agent',
  version: agentSnapshotVersion,
  state: {
    status: 'idle',
    messages: [{ id: 'm0', role: 'user', parts: [{ type: 'text', id: 't0', text, status: 'done' }], status: 'done', createdAt: 0 }],
    toolCalls: [],
    error: null,
    usage: { inputTokens: 0, outputTokens: 0, reasoningTokens: 0, cachedInputTokens: 0, totalTokens: 0 },
    runId: null,
    step: 0,
    alwaysAllowed: [],
  },
});

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

function rawDatabase(factory: IDBFactory, name: string, version?: number): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = factory.open(name, version);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error!);
  });
}

function rawRecord(database: IDBDatabase, store: string, id: string): Promise<unknown> {
  return new Promise((resolve) => {
    const request = database.transaction(store).objectStore(store).get(id);
    request.onsuccess = () => resolve(request.result);
  });
}

const databaseNames = async (factory: IDBFactory) => (await factory.databases()).map((database) => database.name).sort();

describe('indexedDbSessionStorage', () => {
  it('keeps records in react-agent-kit:sessions:<name> and files in a database per session', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    await storage.files('chat-1').saveAll([{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);
    expect(await databaseNames(factory)).toEqual(['react-agent-kit:sessions:app', 'react-agent-kit:sessions:app:files:chat-1']);
    await storage.close();
  });

  it('lists from the summaries alone, without reading any conversation', async () => {
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: new IDBFactory() });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    const read: string[] = [];
    for (const method of ['get', 'getAll', 'openCursor'] as const) {
      const original = IDBObjectStore.prototype[method] as (...values: unknown[]) => IDBRequest;
      vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (this: IDBObjectStore, ...values: unknown[]) {
        read.push(this.name);
        return original.apply(this, values);
      } as never);
    }
    expect(await storage.list()).toHaveLength(1);
    expect(read).toEqual(['summaries']);
    await storage.close();
  });

  it('reports a quota error during a save as quota-exceeded and writes nothing', async () => {
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: new IDBFactory() });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('v1') }, null);
    const put = IDBObjectStore.prototype.put;
    // The session record goes in, the summary hits the quota: the whole save must roll back.
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...values) {
      if (this.name === 'summaries') throw new DOMException('full', 'QuotaExceededError');
      return put.apply(this, values);
    });
    const error = await rejection(storage.save({ id: 'chat-1', snapshot: snapshotOf('v2') }, 1));
    expect(error.code).toBe('quota-exceeded');
    vi.restoreAllMocks();
    expect(await storage.load('chat-1')).toMatchObject({ revision: 1, title: 'v1' });
    expect(await storage.list()).toMatchObject([{ revision: 1, title: 'v1' }]);
    expect(await storage.save({ id: 'chat-1', snapshot: snapshotOf('v2') }, 1)).toBe(2);
    await storage.close();
  });

  it('refuses a database of a newer layout (future-format) and leaves it untouched', async () => {
    const factory = new IDBFactory();
    const newer = await rawDatabase(factory, 'react-agent-kit:sessions:app', 7);
    newer.close();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    expect((await rejection(storage.list())).code).toBe('future-format');
    expect((await rejection(storage.save({ id: 'a', snapshot: snapshotOf('a') }, null))).code).toBe('future-format');
    const check = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    expect([check.version, [...check.objectStoreNames]]).toEqual([7, []]);
    check.close();
    await storage.close();
  });

  it('refuses to overwrite a record that a newer version wrote directly', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('old') }, null);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    const future = { ...(await storage.load('chat-1'))!, revision: 4, snapshot: { ...snapshotOf('new'), version: 99, extra: 'new field' } };
    await new Promise((resolve) => {
      const transaction = raw.transaction('sessions', 'readwrite');
      transaction.objectStore('sessions').put(future);
      transaction.oncomplete = resolve;
    });
    expect((await rejection(storage.save({ id: 'chat-1', snapshot: snapshotOf('old') }, 4))).code).toBe('future-format');
    expect(await rawRecord(raw, 'sessions', 'chat-1')).toEqual(future);
    raw.close();
    await storage.close();
  });

  it('reports a damaged record as corrupt rather than as a conflict', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.list();
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    await new Promise((resolve) => {
      const transaction = raw.transaction('sessions', 'readwrite');
      transaction.objectStore('sessions').put({ id: 'chat-1', title: 'no revision' });
      transaction.oncomplete = resolve;
    });
    raw.close();
    expect((await rejection(storage.load('chat-1'))).code).toBe('corrupt');
    expect((await rejection(storage.save({ id: 'chat-1', snapshot: snapshotOf('x') }, 1))).code).toBe('corrupt');
    await storage.close();
  });

  it('remove closes the files storages it handed out, deletes their database and does not hang', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    const files = storage.files('chat-1');
    await files.save({ written: [{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }], deleted: [] });
    // A second handle still opening while the session is removed.
    const opening = storage.files('chat-1').load().catch((error: unknown) => error);
    await storage.remove('chat-1');
    await opening;
    expect(await databaseNames(factory)).toEqual(['react-agent-kit:sessions:app']);
    expect((await rejection(files.load())).code).toBe('closed');
    await storage.close();
  });

  it('does not wait for another tab that keeps the files open', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    await storage.files('chat-1').saveAll([]);
    const otherTab = await rawDatabase(factory, 'react-agent-kit:sessions:app:files:chat-1');
    otherTab.onversionchange = () => undefined; // an old tab that ignores the request to close
    await storage.remove('chat-1');
    expect(await storage.load('chat-1')).toBeNull();
    // The browser finishes the queued deletion once the other tab lets go.
    otherTab.close();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await databaseNames(factory)).toEqual(['react-agent-kit:sessions:app']);
    await storage.close();
  });

  it('close() closes the files storages it handed out, so their databases can be deleted', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    const files = storage.files('chat-1');
    await files.saveAll([]);
    await storage.close();
    expect((await rejection(files.load())).code).toBe('closed');
    const outcome = await new Promise<string>((resolve) => {
      const request = factory.deleteDatabase('react-agent-kit:sessions:app:files:chat-1');
      request.onblocked = () => resolve('blocked');
      request.onsuccess = () => resolve('deleted');
    });
    expect(outcome).toBe('deleted');
  });

  it('hears other storage objects of the same name, never its own changes', async () => {
    const factory = new IDBFactory();
    const first = indexedDbSessionStorage({ name: 'hearing', indexedDB: factory });
    const second = indexedDbSessionStorage({ name: 'hearing', indexedDB: factory });
    const heardByFirst: SessionChange[] = [];
    const heardBySecond = new Promise<SessionChange>((resolve) => second.subscribe?.(resolve));
    first.subscribe?.((change) => heardByFirst.push(change));
    await first.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    expect(await heardBySecond).toEqual({ id: 'chat-1', revision: 1 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(heardByFirst).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });

  it('ignores messages on the channel that are not session changes', async () => {
    const storage = indexedDbSessionStorage({ name: 'noise', indexedDB: new IDBFactory() });
    const heard: SessionChange[] = [];
    storage.subscribe?.((change) => heard.push(change));
    const stranger = new BroadcastChannel('react-agent-kit:sessions:noise');
    stranger.postMessage({ id: 3, revision: 'x' });
    stranger.postMessage({ id: 'chat-1', revision: 2 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stranger.close();
    expect(heard).toEqual([{ id: 'chat-1', revision: 2 }]);
    await storage.close();
  });

  it('subscribes to nothing where BroadcastChannel is missing, and still saves', async () => {
    vi.stubGlobal('BroadcastChannel', undefined);
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: new IDBFactory() });
    const unsubscribe = storage.subscribe?.(() => undefined);
    expect(await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null)).toBe(1);
    unsubscribe?.();
    vi.unstubAllGlobals();
    await storage.close();
  });

  it('reports a missing IndexedDB as unavailable, and touches nothing before the first call', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const error = await rejection(indexedDbSessionStorage({ name: 'app' }).list());
    vi.unstubAllGlobals();
    expect(error.code).toBe('unavailable');
    const open = vi.fn();
    indexedDbSessionStorage({ name: 'app', indexedDB: { open } as unknown as IDBFactory });
    expect(open).not.toHaveBeenCalled();
  });

  it('closes its connection on versionchange so another tab can upgrade (then refuses the newer layout)', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    const upgraded = await rawDatabase(factory, 'react-agent-kit:sessions:app', 2);
    upgraded.close();
    expect((await rejection(storage.load('chat-1'))).code).toBe('future-format');
    await storage.close();
  });

  it('stores exactly the record it returns from load', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    const stored = (await rawRecord(raw, 'sessions', 'chat-1')) as StoredSession;
    const summary = await rawRecord(raw, 'summaries', 'chat-1');
    raw.close();
    expect(await storage.load('chat-1')).toEqual(stored);
    const { snapshot: _snapshot, titled: _titled, ...rest } = stored;
    expect(summary).toEqual(rest);
    await storage.close();
  });
});
