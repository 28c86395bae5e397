import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { FileRecord } from '../../src/core/sandbox/index';
import { httpSessionStorage } from '../../src/core/sessions/index';
import { createAgentHandler, memoryServerSessionStore } from '../../src/server/index';
import { conversation } from '../../src/server/sessions/server-session-store-contract';

/**
 * The offline copy pushes the files that changed, not the tree (issue 29, saves cost what
 * changed): a session with 10,000 files, one of them changed, sends that file.
 */
function setup() {
  const store = memoryServerSessionStore();
  const handler = createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'ada' }), sessions: { store }, onError: () => {} });
  const sent: { request: string; bytes: number }[] = [];
  const storage = httpSessionStorage('http://app.test/api/agent', {
    offline: { name: 'files', indexedDB: new IDBFactory() },
    fetch: async (url, init) => {
      const target = url instanceof Request ? url.url : url.toString();
      const method = init?.method ?? 'GET';
      if (method !== 'GET') sent.push({ request: `${method} ${target.replace(/^.*\/api\/agent/, '')}`, bytes: typeof init?.body === 'string' ? Buffer.byteLength(init.body) : 0 });
      return handler(new Request(target, init));
    },
  });
  return { store, storage, sent };
}

const file = (index: number, text = `File ${index}: some lines of a project, long enough to count. `.repeat(3)): FileRecord => ({ path: `/src/file-${index}.ts`, kind: 'text', text, modified: 1 });

describe('offline copy: pushing files', () => {
  it('changing one file of 10,000 pushes that file, not the tree; a deletion pushes the deletion', async () => {
    const { store, storage, sent } = setup();
    const files = storage.files('chat');
    await files.saveAll(Array.from({ length: 10_000 }, (_, index) => file(index)));
    await storage.save({ id: 'chat', snapshot: conversation('Refactor the project') }, null);
    await storage.sync();
    // The first push is the whole tree: the server had none of it.
    expect(sent.map((entry) => entry.request)).toEqual(['PUT /sessions/chat/files', 'PUT /sessions/chat']);
    sent.length = 0;

    // The file, then the session (its revision tells the other devices that its files changed: its changes only, no chunk).
    await files.save({ written: [file(4_242, 'Changed.')], deleted: [] });
    await storage.sync();
    expect(sent.map((entry) => entry.request)).toEqual(['POST /sessions/chat/files', 'PUT /sessions/chat']);
    expect(sent.map((entry) => entry.bytes).every((bytes) => bytes < 2_000)).toBe(true);
    sent.length = 0;

    await files.save({ written: [file(10_000)], deleted: ['/src/file-7.ts'] });
    await storage.sync();
    expect(sent.map((entry) => entry.request)).toEqual(['POST /sessions/chat/files', 'PUT /sessions/chat']);
    expect(sent.map((entry) => entry.bytes).every((bytes) => bytes < 2_000)).toBe(true);

    const there = (await store.loadFiles('ada', 'chat'))!.files;
    expect(there).toHaveLength(10_000);
    expect(there.find((record) => record.path === '/src/file-4242.ts')).toMatchObject({ text: 'Changed.' });
    expect(there.some((record) => record.path === '/src/file-7.ts')).toBe(false);
    expect(there.some((record) => record.path === '/src/file-10000.ts')).toBe(true);
    expect(await storage.pendingSync()).toBe(0);
    await files.close();
    await storage.close();
  });
});
