import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import type { AgentSnapshot, Message } from '../../src/core/index';
import { agentSnapshotVersion, httpSessionStorage } from '../../src/core/sessions/index';
import { createInitialState } from '../../src/core/store/state';
import { createAgentHandler, memoryServerSessionStore, type ServerSessionStore } from '../../src/server/index';

/**
 * Saves that send what changed (issue 29): the browser's HTTP session storage against the real
 * handler's session routes, counting what each save sends.
 */
function server(store: ServerSessionStore = memoryServerSessionStore()) {
  const handler = createAgentHandler({
    basePath: '/api/agent',
    authorize: (request) => ({ userId: request.headers.get('x-user') ?? 'ada' }),
    sessions: { store },
    onError: () => {},
  });
  /** Each PUT's body as the server got it, and its size in bytes. */
  const puts: { path: string; bytes: number; body: Record<string, unknown> }[] = [];
  const device = () =>
    httpSessionStorage('http://app.test/api/agent', {
      offline: false,
      headers: { 'x-user': 'ada' },
      fetch: async (url, init) => {
        const target = url instanceof Request ? url.url : url.toString();
        if (init?.method === 'PUT' && typeof init.body === 'string') puts.push({ path: target.replace('http://app.test/api/agent', ''), bytes: Buffer.byteLength(init.body), body: JSON.parse(init.body) as Record<string, unknown> });
        return handler(new Request(target, init));
      },
    });
  return { device, puts, store };
}

function message(index: number, text = `Message ${index}: the figures for the quarter, with the costs and the margin, as discussed.`): Message {
  return { id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', parts: [{ type: 'text', id: `t${index}`, text: text.repeat(4), status: 'done' }], status: 'done', createdAt: index };
}

function snapshotOf(messages: readonly Message[]): AgentSnapshot {
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: { ...createInitialState(), messages: [...messages] } };
}

describe('httpSessionStorage: saves that send what changed', () => {
  it('adds one message to a 10,000-message conversation by sending at most 64 KB, and it loads back whole', async () => {
    const { device, puts } = server();
    const storage = device();
    const messages = Array.from({ length: 10_000 }, (_, index) => message(index));
    const first = await storage.save({ id: 'long', snapshot: snapshotOf(messages) }, null);
    expect(puts[0]!.bytes).toBeGreaterThan(3_000_000);

    const longer = [...messages, message(10_000)];
    const second = await storage.save({ id: 'long', snapshot: snapshotOf(longer) }, first);
    expect(puts).toHaveLength(2);
    expect(puts[1]!.bytes).toBeLessThanOrEqual(64 * 1024);
    expect(puts[1]!.body.snapshot).toBeUndefined();
    expect((puts[1]!.body.changes as { chunks: unknown[] }).chunks).toHaveLength(1);

    // A message changed in the middle: its chunk goes, and nothing else.
    const edited = longer.map((item, index) => (index === 4_321 ? message(index, 'Edited.') : item));
    await storage.save({ id: 'long', snapshot: snapshotOf(edited) }, second);
    expect((puts[2]!.body.changes as { chunks: [string, number][] }).chunks.map(([list, index]) => `${list} ${index}`)).toEqual(['messages 43']);

    // Another device (no memory of what was sent) loads exactly what this one has.
    const loaded = await device().load('long');
    expect(loaded).toMatchObject({ revision: 3, messageCount: 10_001 });
    expect(loaded!.snapshot).toEqual(snapshotOf(edited));
  });

  it('with the offline copy too: its push of one message added to 10,000 sends at most 64 KB', async () => {
    const { puts, store } = server();
    const handler = createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'ada' }), sessions: { store }, onError: () => {} });
    const storage = httpSessionStorage('http://app.test/api/agent', {
      offline: { name: 'changes', indexedDB: new IDBFactory() },
      fetch: async (url, init) => {
        const target = url instanceof Request ? url.url : url.toString();
        // The session's saves (its files go to /files).
        if (init?.method === 'PUT' && target.endsWith('/sessions/long') && typeof init.body === 'string') puts.push({ path: target, bytes: Buffer.byteLength(init.body), body: {} });
        return handler(new Request(target, init));
      },
    });
    const messages = Array.from({ length: 10_000 }, (_, index) => message(index));
    const revision = await storage.save({ id: 'long', snapshot: snapshotOf(messages) }, null);
    await storage.sync();
    await storage.save({ id: 'long', snapshot: snapshotOf([...messages, message(10_000)]) }, revision);
    await storage.sync();
    expect(puts.map((put) => put.bytes > 3_000_000)).toEqual([true, false]);
    expect(puts[1]!.bytes).toBeLessThanOrEqual(64 * 1024);
    expect((await store.load('ada', 'long'))!.snapshot.state.messages).toHaveLength(10_001);
    await storage.close();
  });

  it('sends changes after a load too, and a shorter conversation drops the chunks past its end', async () => {
    const { device, puts } = server();
    const messages = Array.from({ length: 450 }, (_, index) => message(index));
    await device().save({ id: 'chat', snapshot: snapshotOf(messages) }, null);
    const other = device();
    const loaded = (await other.load('chat'))!;
    // Rolled back to 120 messages: chunks 2 to 4 go away, chunk 1 is cut short.
    const shorter = loaded.snapshot.state.messages.slice(0, 120);
    await other.save({ id: 'chat', snapshot: snapshotOf(shorter) }, loaded.revision);
    const changes = puts[1]!.body.changes as { counts: Record<string, number>; chunks: [string, number][] };
    expect(changes.counts.messages).toBe(2);
    expect(changes.chunks.map(([list, index]) => `${list} ${index}`)).toEqual(['messages 1']);
    expect((await device().load('chat'))!.snapshot.state.messages).toEqual(shorter);
  });

  it('refuses a stale save exactly as before (409 conflict, nothing written), whole or as changes', async () => {
    const { device } = server();
    const laptop = device();
    const phone = device();
    const messages = Array.from({ length: 250 }, (_, index) => message(index));
    const revision = await laptop.save({ id: 'chat', snapshot: snapshotOf(messages) }, null);
    await phone.load('chat');
    await phone.save({ id: 'chat', snapshot: snapshotOf([...messages, message(250, 'From the phone')]) }, revision);
    const error = await laptop.save({ id: 'chat', snapshot: snapshotOf([...messages, message(250, 'From the laptop')]) }, revision).catch((reason: unknown) => reason);
    expect(error).toMatchObject({ code: 'conflict' });
    expect((await device().load('chat'))!.snapshot.state.messages.at(-1)!.parts).toEqual(message(250, 'From the phone').parts);
  });

  it('sends the whole snapshot when the server holds other chunks than it had (removed and saved again elsewhere)', async () => {
    const { device, puts } = server();
    const laptop = device();
    const messages = Array.from({ length: 150 }, (_, index) => message(index));
    const revision = await laptop.save({ id: 'chat', snapshot: snapshotOf(messages) }, null);
    // Another device removes it and starts a new one under the same id: revision 1 again, other chunks.
    const phone = device();
    await phone.remove('chat');
    await phone.save({ id: 'chat', snapshot: snapshotOf([message(0, 'A new start')]) }, null);
    puts.length = 0;
    // As before, a save at revision 1 writes over it; the changes are refused first, then it goes whole.
    expect(await laptop.save({ id: 'chat', snapshot: snapshotOf([...messages, message(150)]) }, revision)).toBe(2);
    expect(puts.map((put) => Object.keys(put.body).sort().join(' '))).toEqual(['changes expectedRevision', 'expectedRevision snapshot']);
    expect((await device().load('chat'))!.snapshot.state.messages).toHaveLength(151);
  });
});

describe('session routes: PUT with changes', () => {
  const put = (store: ServerSessionStore, body: unknown) =>
    createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'ada' }), sessions: { store }, onError: () => {} })(
      new Request('http://app.test/api/agent/sessions/chat', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    );

  it('answers 409 base-changed for changes against other chunks, 400 for changes that are not well-formed or leave a chunk out, 404 without the session', async () => {
    const store = memoryServerSessionStore();
    const head = { ...snapshotOf([]) };
    const counts = { messages: 1, toolCalls: 0, checkpoints: 0 };
    expect((await put(store, { changes: { base: 'x', head, counts, chunks: [] }, expectedRevision: 1 })).status).toBe(404);
    await store.save('ada', { id: 'chat', snapshot: snapshotOf([message(0)]) }, null);
    const stale = await put(store, { changes: { base: 'x', head, counts, chunks: [] }, expectedRevision: 2 });
    expect(stale.status).toBe(409);
    expect(await stale.json()).toMatchObject({ error: { code: 'conflict' } });
    const other = await put(store, { changes: { base: 'not the base', head, counts, chunks: [] }, expectedRevision: 1 });
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ error: { code: 'base-changed' } });
    expect((await put(store, { changes: { base: 'x', head, counts: { messages: -1 }, chunks: [] }, expectedRevision: 1 })).status).toBe(400);
    expect((await put(store, { changes: { base: 'x', head, counts, chunks: [['messages', 3, []]] }, expectedRevision: 1 })).status).toBe(400);
    expect((await put(store, { changes: { base: 'x', head, counts, chunks: [] }, expectedRevision: null })).status).toBe(400);
    expect(await store.load('ada', 'chat')).toMatchObject({ revision: 1 });
  });
});
