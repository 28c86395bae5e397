import { expect, it } from 'vitest';
import { PersistenceError } from '../../core/index';
import { IDBFactory } from 'fake-indexeddb';
import { indexedDbSessionStorage } from '../../core/sessions/index';
import { memoryServerSessionStore } from './memory-server-session-store';
import { perUserSessionStore } from './per-user-session-store';
import { conversation, describeServerSessionStore } from './server-session-store-contract';

describeServerSessionStore('memoryServerSessionStore', async ({ now }) => ({ store: memoryServerSessionStore({ now }) }));

it('copies snapshots in and out, and fails with closed after close()', async () => {
  const store = memoryServerSessionStore();
  const snapshot = conversation('Hello');
  await store.save('ada', { id: 'chat-1', snapshot }, null);
  (snapshot.state.messages as unknown[]).length = 0;
  const loaded = await store.load('ada', 'chat-1');
  expect(loaded!.snapshot.state.messages).toHaveLength(1);
  (loaded!.snapshot.state.messages as unknown[]).length = 0;
  expect((await store.load('ada', 'chat-1'))!.snapshot.state.messages).toHaveLength(1);
  await store.close();
  await expect(store.list('ada')).rejects.toMatchObject({ code: 'closed' });
  await expect(store.load('ada', 'chat-1')).rejects.toBeInstanceOf(PersistenceError);
});

it('refuses an empty user id', async () => {
  const store = memoryServerSessionStore();
  await expect(store.save('', { id: 'chat-1', snapshot: conversation('a') }, null)).rejects.toMatchObject({ code: 'invalid-record' });
  await store.close();
});

// The same contract over the browser's IndexedDB storage (fake-indexeddb), one database per user:
// one suite for the memory, IndexedDB, Postgres and PGlite stores.
describeServerSessionStore('indexedDbSessionStorage, one database per user', async ({ now }) => {
  const factory = new IDBFactory();
  const run = Math.random().toString(36).slice(2);
  return { store: perUserSessionStore((userId) => indexedDbSessionStorage({ name: `${run}-${userId}`, indexedDB: factory }), 'IndexedDB server session store', { now }) };
});
