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
    const upgraded = await rawDatabase(factory, 'react-agent-kit:sessions:app', 3);
    upgraded.close();
    expect((await rejection(storage.load('chat-1'))).code).toBe('future-format');
    await storage.close();
  });

  it('stores the head of a session with its summary fields, and the summary alone in summaries', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: snapshotOf('hi') }, null);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    const head = (await rawRecord(raw, 'sessions', 'chat-1')) as StoredSession & { pieces: unknown };
    const summary = await rawRecord(raw, 'summaries', 'chat-1');
    raw.close();
    const { snapshot, titled: _titled, pieces, ...rest } = head;
    expect(summary).toEqual(rest);
    expect(snapshot.state.messages).toEqual([]);
    expect(pieces).toMatchObject({ chunks: { messages: 1, toolCalls: 0, checkpoints: 0 } });
    expect(await storage.load('chat-1')).toEqual({ ...rest, titled: false, snapshot: snapshotOf('hi') });
    await storage.close();
  });
});

describe('indexedDbSessionStorage in pieces', () => {
  /** A conversation of `count` user messages, plus `toolCalls` finished calls. */
  function longSnapshot(count: number, toolCalls = 0): AgentSnapshot {
    const base = snapshotOf('first');
    return {
      ...base,
      state: {
        ...base.state,
        messages: Array.from({ length: count }, (_, index) => ({ id: `m${index}`, role: 'user' as const, parts: [{ type: 'text' as const, id: `t${index}`, text: `message ${index}`, status: 'done' as const }], status: 'done' as const, createdAt: index })),
        toolCalls: Array.from({ length: toolCalls }, (_, index) => ({ id: `call-${index}`, name: 'read_file', messageId: 'm0', inputText: '{}', input: {}, state: 'output-available' as const, output: index, audit: [] })),
      },
    };
  }

  /** Each snapshot with its last message's text replaced, as a streaming token does (a new object for that message only). */
  function withLastText(snapshot: AgentSnapshot, text: string): AgentSnapshot {
    const messages = snapshot.state.messages;
    const last = messages.at(-1)!;
    return { ...snapshot, state: { ...snapshot.state, messages: [...messages.slice(0, -1), { ...last, parts: [{ type: 'text', id: 'streaming', text, status: 'streaming' }] }] } };
  }

  /** Records the store name and cloned item count of every `put` while `body` runs. */
  async function puts(body: () => Promise<unknown>): Promise<{ store: string; items: number }[]> {
    const seen: { store: string; items: number }[] = [];
    const put = IDBObjectStore.prototype.put;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, ...values) {
      seen.push({ store: this.name, items: Array.isArray(values[0]) ? values[0].length : 1 });
      return put.apply(this, values);
    });
    try {
      await body();
    } finally {
      spy.mockRestore();
    }
    return seen;
  }

  it('writes only the chunk that changed: a streamed token in a 10,000-message thread costs the head and 100 messages', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    let snapshot = longSnapshot(10_000, 1_000);
    const first = await puts(() => storage.save({ id: 'chat-1', snapshot }, null));
    expect(first.filter((put) => put.store === 'chunks')).toHaveLength(100 + 10);
    for (let token = 1; token <= 3; token++) {
      snapshot = withLastText(snapshot, 'word '.repeat(token));
      const written = await puts(() => storage.save({ id: 'chat-1', snapshot }, token));
      expect(written).toEqual([{ store: 'chunks', items: 100 }, { store: 'sessions', items: 1 }, { store: 'summaries', items: 1 }]);
    }
    // Another storage object (another tab) reads all of it back, in order.
    const other = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    expect((await other.load('chat-1'))?.snapshot).toEqual(snapshot);
    await Promise.all([storage.close(), other.close()]);
  });

  it('after a load, a save writes only what changed since', async () => {
    const factory = new IDBFactory();
    const writer = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await writer.save({ id: 'chat-1', snapshot: longSnapshot(250) }, null);
    const reader = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    const loaded = (await reader.load('chat-1'))!;
    expect(loaded.snapshot).toEqual(longSnapshot(250));
    const next = withLastText(loaded.snapshot, 'more');
    expect((await puts(() => reader.save({ id: 'chat-1', snapshot: next }, 1))).filter((put) => put.store === 'chunks')).toEqual([{ store: 'chunks', items: 50 }]);
    // The first object's memory is out of date: its save conflicts, and after a load it writes the difference again.
    expect((await rejection(writer.save({ id: 'chat-1', snapshot: longSnapshot(250) }, 1))).code).toBe('conflict');
    const fresh = (await writer.load('chat-1'))!;
    expect(fresh.snapshot).toEqual(next);
    const third = withLastText(fresh.snapshot, 'again');
    expect((await puts(() => writer.save({ id: 'chat-1', snapshot: third }, 2))).filter((put) => put.store === 'chunks')).toHaveLength(1);
    expect((await reader.load('chat-1'))?.snapshot).toEqual(third);
    await Promise.all([writer.close(), reader.close()]);
  });

  it('drops the chunks past the end when a conversation gets shorter (a rollback), and removes every chunk with the session', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    const long = longSnapshot(530, 120);
    await storage.save({ id: 'chat-1', snapshot: long }, null);
    const short = { ...long, state: { ...long.state, messages: long.state.messages.slice(0, 140), toolCalls: [] } };
    await storage.save({ id: 'chat-1', snapshot: short }, 1);
    expect((await indexedDbSessionStorage({ name: 'app', indexedDB: factory }).load('chat-1'))?.snapshot).toEqual(short);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    const chunkKeys = () =>
      new Promise<IDBValidKey[]>((resolve) => {
        const request = raw.transaction('chunks').objectStore('chunks').getAllKeys();
        request.onsuccess = () => resolve(request.result);
      });
    expect(await chunkKeys()).toEqual([['chat-1', 'messages', 0], ['chat-1', 'messages', 1]]);
    await storage.remove('chat-1');
    expect(await chunkKeys()).toEqual([]);
    raw.close();
    await storage.close();
  });

  it('a session removed and saved again from scratch is never patched with the chunks of the old one', async () => {
    const factory = new IDBFactory();
    const first = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    const second = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    const mine = longSnapshot(150);
    await first.save({ id: 'chat-1', snapshot: mine }, null);
    await second.remove('chat-1');
    const theirs = { ...mine, state: { ...mine.state, messages: mine.state.messages.map((message) => ({ ...message, createdAt: -1 })) } };
    await second.save({ id: 'chat-1', snapshot: theirs }, null);
    // Revision 1 again, but another lineage: every chunk is written, nothing is mixed.
    expect(await first.save({ id: 'chat-1', snapshot: mine }, 1)).toBe(2);
    expect((await second.load('chat-1'))?.snapshot).toEqual(mine);
    await Promise.all([first.close(), second.close()]);
  });

  it('reads a whole record of the first layout, and stores it in pieces with its next save', async () => {
    const factory = new IDBFactory();
    const old = await new Promise<IDBDatabase>((resolve) => {
      const request = factory.open('react-agent-kit:sessions:app', 1);
      request.onupgradeneeded = () => {
        request.result.createObjectStore('sessions', { keyPath: 'id' });
        request.result.createObjectStore('summaries', { keyPath: 'id' });
      };
      request.onsuccess = () => resolve(request.result);
    });
    const whole = { id: 'chat-1', title: 'first', titled: false, createdAt: 1, updatedAt: 2, messageCount: 120, revision: 3, snapshot: longSnapshot(120) };
    await new Promise((resolve) => {
      const transaction = old.transaction(['sessions', 'summaries'], 'readwrite');
      transaction.objectStore('sessions').put(whole);
      transaction.objectStore('summaries').put({ id: 'chat-1', title: 'first', createdAt: 1, updatedAt: 2, messageCount: 120, revision: 3 });
      transaction.oncomplete = resolve;
    });
    old.close();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    expect(await storage.load('chat-1')).toEqual(whole);
    const next = withLastText(whole.snapshot, 'after the upgrade');
    expect(await storage.save({ id: 'chat-1', snapshot: next }, 3)).toBe(4);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    expect(raw.version).toBe(2);
    expect(((await rawRecord(raw, 'sessions', 'chat-1')) as StoredSession).snapshot.state.messages).toEqual([]);
    raw.close();
    expect((await indexedDbSessionStorage({ name: 'app', indexedDB: factory }).load('chat-1'))?.snapshot).toEqual(next);
    await storage.close();
  });

  it('reports a missing chunk or a damaged head as corrupt, and can still remove the session', async () => {
    const factory = new IDBFactory();
    const storage = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    await storage.save({ id: 'chat-1', snapshot: longSnapshot(250) }, null);
    await storage.save({ id: 'chat-2', snapshot: longSnapshot(5) }, null);
    const raw = await rawDatabase(factory, 'react-agent-kit:sessions:app');
    const head2 = (await rawRecord(raw, 'sessions', 'chat-2')) as StoredSession & { pieces: { chunks: Record<string, unknown> } };
    await new Promise((resolve) => {
      const transaction = raw.transaction(['sessions', 'chunks'], 'readwrite');
      transaction.objectStore('chunks').delete(['chat-1', 'messages', 1]);
      transaction.objectStore('sessions').put({ ...head2, pieces: { ...head2.pieces, chunks: { ...head2.pieces.chunks, messages: 1e12 } } });
      transaction.oncomplete = resolve;
    });
    raw.close();
    const fresh = indexedDbSessionStorage({ name: 'app', indexedDB: factory });
    expect(await rejection(fresh.load('chat-1'))).toMatchObject({ code: 'corrupt', message: expect.stringContaining('messages chunk 1 is missing') });
    expect(await rejection(fresh.load('chat-2'))).toMatchObject({ code: 'corrupt', message: expect.stringContaining('list of chunks') });
    await fresh.remove('chat-1');
    await fresh.remove('chat-2');
    expect(await fresh.list()).toEqual([]);
    await Promise.all([storage.close(), fresh.close()]);
  });
});
