import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAgent, defineTool, PersistenceError } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { agentSnapshotVersion, httpSessionStorage, type HttpSessionStorageOptions } from '../../src/core/sessions/index';
import { createAgentHandler, memoryServerSessionStore, type ServerSessionStore } from '../../src/server/index';
import { conversation } from '../../src/server/sessions/server-session-store-contract';
import { scriptedModel, text, toolCall } from '../../src/testing/index';

/**
 * The browser's HTTP session storage against the real handler's session routes (in process: the
 * storage's fetch is the handler), so what is tested is the protocol both sides speak.
 */
function server(store: ServerSessionStore = memoryServerSessionStore()) {
  const handler = createAgentHandler({
    basePath: '/api/agent',
    authorize: (request) => {
      const user = request.headers.get('x-user');
      return user === null ? false : { userId: user };
    },
    sessions: { store },
    onError: () => {},
  });
  const requests: string[] = [];
  const storageFor = (user: string, options: HttpSessionStorageOptions = {}) =>
    httpSessionStorage('http://app.test/api/agent/', {
      offline: false,
      ...options,
      headers: () => ({ 'x-user': user }),
      fetch: async (url, init) => {
        const target = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
        requests.push(`${init?.method ?? 'GET'} ${target.replace('http://app.test/api/agent', '')}`);
        return handler(new Request(target, init));
      },
    });
  return { storageFor, requests, store };
}

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe('httpSessionStorage', () => {
  it('saves, lists, loads, renames and removes through the session routes, with compare-and-set', async () => {
    const { storageFor, requests } = server();
    const storage = storageFor('ada');
    expect(await storage.list()).toEqual([]);
    expect(await storage.load('chat-1')).toBeNull();
    expect(await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null)).toBe(1);
    expect(await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'And the budget') }, 1)).toBe(2);
    const loaded = await storage.load('chat-1');
    expect(loaded).toMatchObject({ id: 'chat-1', title: 'Plan the launch', messageCount: 2, revision: 2, titled: false });
    expect(loaded!.snapshot).toEqual(conversation('Plan the launch', 'And the budget'));

    const stale = await rejection(storage.save({ id: 'chat-1', snapshot: conversation('Another tab') }, 1));
    expect(stale.code).toBe('conflict');
    expect((await storage.load('chat-1'))!.revision).toBe(2);

    await storage.rename('chat-1', 'Launch');
    expect(await storage.list()).toMatchObject([{ id: 'chat-1', title: 'Launch', revision: 2 }]);
    await storage.remove('chat-1');
    expect(await storage.list()).toEqual([]);
    expect(requests).toContain('PUT /sessions/chat-1');
  });

  it("keeps a session's files, text and bytes, through change sets and whole trees", async () => {
    const { storageFor } = server();
    const files = storageFor('ada').files('chat-1');
    expect(await files.load()).toBeNull();
    await files.saveAll([{ path: '/a.txt', kind: 'text', text: 'one', modified: 1 }]);
    await files.save({ written: [{ path: '/logo.png', kind: 'binary', bytes: new Uint8Array([137, 80, 0, 255]), modified: 2 }], deleted: ['/a.txt'] });
    const loaded = await files.load();
    expect(loaded!.files).toEqual([{ path: '/logo.png', kind: 'binary', bytes: new Uint8Array([137, 80, 0, 255]), modified: 2 }]);
    await files.clear();
    expect((await files.load())?.files ?? []).toEqual([]);
  });

  it('carries binary content in a conversation (a file in a checkpoint) both ways as bytes', async () => {
    const { storageFor } = server();
    const logo = { path: '/logo.png', kind: 'binary' as const, bytes: new Uint8Array([137, 80, 0, 255]), modified: 2 };
    const snapshot = { ...conversation('Draw a logo'), sandbox: { checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written: [logo], deleted: [] } }] } };
    await storageFor('ada').save({ id: 'chat-1', snapshot }, null);
    const loaded = await storageFor('ada').load('chat-1');
    expect(loaded!.snapshot).toEqual(snapshot);
    expect(loaded!.snapshot.sandbox!.checkpoints[0]!.changes.written[0]).toMatchObject({ bytes: new Uint8Array([137, 80, 0, 255]) });
  });

  it('a save over a session removed on the server is a conflict, and one over a newer-format session says future-format', async () => {
    const { storageFor, store } = server();
    const storage = storageFor('ada');
    await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await storage.remove('chat-1');
    const removed = await rejection(storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'More') }, 1));
    expect(removed.code).toBe('conflict');
    expect(removed.message).toContain('removed on the server');

    // Kept by a newer server; a newer app sending it to this server is refused (it could not check it).
    const newer = { ...conversation('From a newer app'), version: agentSnapshotVersion + 1 };
    await store.save('ada', { id: 'chat-2', snapshot: newer }, null);
    expect((await rejection(storage.save({ id: 'chat-2', snapshot: conversation('From this app') }, 1))).code).toBe('future-format');
    expect((await rejection(storage.save({ id: 'chat-3', snapshot: newer }, null))).code).toBe('future-format');
  });

  it("never shows one user another's sessions", async () => {
    const { storageFor } = server();
    await storageFor('ada').save({ id: 'chat-1', snapshot: conversation('Secret plans') }, null);
    const bob = storageFor('bob');
    expect(await bob.list()).toEqual([]);
    expect(await bob.load('chat-1')).toBeNull();
    expect((await rejection(bob.rename('chat-1', 'Mine now'))).code).toBe('failed');
    expect((await storageFor('ada').load('chat-1'))!.title).toBe('Secret plans');
  });

  it('says the server cannot be reached as unavailable, and a non-JSON answer as corrupt', async () => {
    const down = httpSessionStorage('/api/agent', { fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await rejection(down.list())).code).toBe('unavailable');
    const odd = httpSessionStorage('/api/agent', { fetch: async () => new Response('<html>', { status: 200 }) });
    expect((await rejection(odd.list())).code).toBe('corrupt');
    expect(() => httpSessionStorage('')).toThrow(/base URL/);
  });

  it('refuses a revision that is not a positive safe integer, in the answer to a save and in a session or the list (issue 26, item 2)', async () => {
    for (const bad of [1e308, 2 ** 53, -1, 0, 1.5, '2']) {
      const storage = httpSessionStorage('/api/agent', {
        offline: false,
        fetch: async (url, init) => {
          const session = { id: 'chat-1', title: 'Plan', titled: false, createdAt: 1, updatedAt: 1, messageCount: 1, revision: bad, snapshot: conversation('Plan') };
          if (init?.method === 'PUT') return Response.json({ revision: bad });
          return Response.json((url as string).endsWith('/sessions') ? { sessions: [session] } : session);
        },
      });
      const save = await rejection(storage.save({ id: 'chat-1', snapshot: conversation('Plan') }, null));
      expect(save.code).toBe('corrupt');
      expect(save.message).toContain('not a revision');
      expect((await rejection(storage.list())).code).toBe('corrupt');
      expect((await rejection(storage.load('chat-1'))).code).toBe('corrupt');
    }
  });

  it('gives a request up at its deadline, as unreachable, when the server accepts and never answers (issue 26, item 1)', async () => {
    const stalled = httpSessionStorage('http://app.test/api/agent', { offline: false, requestTimeoutMs: 20, fetch: () => new Promise<Response>(() => {}) });
    const error = await rejection(stalled.list());
    expect(error.code).toBe('unavailable');
    expect(error.message).toContain('http://app.test/api/agent');
    expect(error.message).toContain('within 20 ms');
    expect((error.cause as Error).name).toBe('TimeoutError');
    expect(() => httpSessionStorage('/api/agent', { requestTimeoutMs: 0 })).toThrow(/requestTimeoutMs/);
    expect(() => httpSessionStorage('/api/agent', { offline: { waitForServerMs: -1 } })).toThrow(/waitForServerMs/);
  });

  it('two devices: a conversation an agent saved through one storage is restored by an agent on another, files too', async () => {
    const { storageFor } = server();
    const sandbox = createSandbox({ files: { 'notes.md': 'from the laptop\n' } });
    const laptop = createAgent({ model: scriptedModel([text('Hello from the laptop.')]), sandbox, session: { id: 'chat-1', storage: storageFor('ada'), delayMs: 0 } });
    await laptop.send('Hi');
    await laptop.session!.flush();
    await laptop.dispose();

    const phoneSandbox = createSandbox();
    const phone = createAgent({ model: scriptedModel([text('unused')]), sandbox: phoneSandbox, session: { id: 'chat-1', storage: storageFor('ada') } });
    await phone.session!.ready;
    expect(phone.session!.loaded).toBe('restored');
    const texts = phone.getState().messages.map((message) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''));
    expect(texts).toEqual(['Hi', 'Hello from the laptop.']);
    expect(phoneSandbox.readFile('notes.md')).toBe('from the laptop\n');
    await phone.dispose();
  });
});

describe('httpSessionStorage and "always allow" grants (issue 26, item 6)', () => {
  /** A conversation whose stored state says `delete_all` is allowed always, as any HTTP client of the user can PUT it. */
  const planted = () => {
    const snapshot = conversation('Tidy up the project');
    return { ...snapshot, state: { ...snapshot.state, alwaysAllowed: ['delete_all'] } };
  };
  const deleteAll = (runs: { count: number }) =>
    defineTool({ name: 'delete_all', description: 'Deletes every file.', inputSchema: { type: 'object', properties: {} } as const, needsApproval: true, execute: () => (runs.count += 1) });
  let databases = 0;
  const copy = (): HttpSessionStorageOptions => ({ offline: { name: `grants-${(databases += 1)}`, indexedDB: new IDBFactory() } });

  it('a grant planted through PUT /sessions/{id} is dropped on load, with a notice; the next delete_all asks, with or without the offline copy', async () => {
    for (const options of [{}, copy()]) {
      const { storageFor } = server();
      // A script with the user's credentials (another device, anyone when the server runs withoutUsers) writes the grant.
      await storageFor('ada').save({ id: 'chat-1', snapshot: planted() }, null);
      const runs = { count: 0 };
      const storage = storageFor('ada', options);
      expect(storage.grants).toBe('untrusted');
      const agent = createAgent({ model: scriptedModel([toolCall('delete_all', {}, 'delete-1'), text('Done.')]), tools: [deleteAll(runs)], session: { id: 'chat-1', storage } });
      await agent.session!.ready;
      expect(agent.session!.loaded).toBe('restored');
      expect(agent.getState().alwaysAllowed).toEqual([]);
      expect(agent.getState().messages.flatMap((message) => message.parts).some((part) => part.type === 'notice' && part.code === 'grants-dropped')).toBe(true);
      expect((await agent.send('Clean everything.')).status).toBe('awaiting-people');
      expect(runs.count).toBe(0);
      await agent.dispose();
      await storage.close();
    }
  });

  it('trustGrants keeps them, and must say why', async () => {
    const { storageFor } = server();
    await storageFor('ada').save({ id: 'chat-1', snapshot: planted() }, null);
    const runs = { count: 0 };
    const storage = storageFor('ada', { trustGrants: { reason: 'Only this app writes sessions: the server refuses other clients.' } });
    expect(storage.grants).toBe('trusted');
    const agent = createAgent({ model: scriptedModel([toolCall('delete_all', {}, 'delete-1'), text('Done.')]), tools: [deleteAll(runs)], session: { id: 'chat-1', storage } });
    await agent.session!.ready;
    expect(agent.getState().alwaysAllowed).toEqual(['delete_all']);
    expect((await agent.send('Clean everything.')).status).toBe('idle');
    expect(runs.count).toBe(1);
    await agent.dispose();
    expect(() => storageFor('ada', { trustGrants: { reason: '' } })).toThrow(/reason/);
    expect(() => storageFor('ada', { trustGrants: true as never })).toThrow(/reason/);
  });
});
