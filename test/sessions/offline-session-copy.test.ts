import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent, PersistenceError } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import type { SessionChange, SessionStorage } from '../../src/core/sessions/index';
import { conversation } from '../../src/server/sessions/server-session-store-contract';
import { scriptedModel, text } from '../../src/testing/index';
import { sessionServer, texts, withUserMessage } from './session-server';

/**
 * httpSessionStorage's offline copy against the real session routes (in process), with devices
 * whose network can be cut: what one device does offline reaches the others once it is back,
 * and when two devices changed the same conversation, both versions are kept.
 */
let world = sessionServer();
afterEach(async () => {
  await world.closeAll();
  world = sessionServer();
});


const filesOf = async (storage: SessionStorage, id: string) => (await storage.files(id).load())?.files ?? [];

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}


describe('httpSessionStorage offline copy', () => {
  it('keeps saving offline, still has it after a reload, and the other device gets record and files once it is back', async () => {
    const { server, device } = world;
    const laptop = device();
    let storage = laptop.open();
    expect(await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null)).toBe(1);
    await storage.sync();

    laptop.online = false;
    expect(await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Offline: the budget') }, 1)).toBe(2);
    expect(await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Offline: the budget', 'Offline: the venue') }, 2)).toBe(3);
    await storage.files('chat-1').saveAll([{ path: '/notes.md', kind: 'text', text: 'written offline', modified: 5 }]);
    expect(await storage.pendingSync()).toBe(1);
    expect((await rejection(storage.sync())).code).toBe('unavailable');
    expect(await storage.list()).toMatchObject([{ id: 'chat-1', messageCount: 3, revision: 3 }]);
    expect(texts(await server.load('chat-1'))).toEqual(['Plan the launch']);

    // A reload while still offline: a new storage over the same IndexedDB.
    await storage.close();
    storage = laptop.open();
    const reloaded = await storage.load('chat-1');
    expect(reloaded?.revision).toBe(3);
    expect(texts(reloaded)).toEqual(['Plan the launch', 'Offline: the budget', 'Offline: the venue']);
    expect(await filesOf(storage, 'chat-1')).toEqual([{ path: '/notes.md', kind: 'text', text: 'written offline', modified: 5 }]);
    expect(await storage.pendingSync()).toBe(1);

    laptop.online = true;
    await storage.sync();
    expect(await storage.pendingSync()).toBe(0);
    expect(texts(await server.load('chat-1'))).toEqual(['Plan the launch', 'Offline: the budget', 'Offline: the venue']);

    const phone = world.device().open();
    expect(texts(await phone.load('chat-1'))).toEqual(['Plan the launch', 'Offline: the budget', 'Offline: the venue']);
    expect(await filesOf(phone, 'chat-1')).toEqual([{ path: '/notes.md', kind: 'text', text: 'written offline', modified: 5 }]);
    expect(laptop.conflicts).toEqual([]);
  });

  it('pushes by itself once the server answers again, with the next call', async () => {
    const { server, device } = world;
    const laptop = device();
    const storage = laptop.open();
    laptop.online = false;
    await storage.save({ id: 'chat-1', snapshot: conversation('Written on the train') }, null);
    await storage.sync().catch(() => undefined);
    laptop.online = true;
    expect((await storage.list()).map((session) => session.title)).toEqual(['Written on the train']);
    await vi.waitFor(async () => expect(texts(await server.load('chat-1'))).toEqual(['Written on the train']));
    expect(await storage.pendingSync()).toBe(0);
  });

  it('both devices changed the conversation offline: both versions are kept, on the server and here, and reported once', async () => {
    const { server, device } = world;
    const laptop = device();
    const phone = device();
    const onLaptop = laptop.open();
    const onPhone = phone.open();
    await onLaptop.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await onLaptop.files('chat-1').saveAll([{ path: '/plan.md', kind: 'text', text: 'first draft', modified: 1 }]);
    await onLaptop.sync();
    const before = await onPhone.load('chat-1');
    expect(texts(before)).toEqual(['Plan the launch']);

    laptop.online = false;
    phone.online = false;
    await onLaptop.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Laptop: the budget') }, 1);
    await onLaptop.files('chat-1').saveAll([{ path: '/plan.md', kind: 'text', text: 'laptop draft', modified: 2 }]);
    await onPhone.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'Phone: the venue') }, before!.revision);
    await onPhone.files('chat-1').saveAll([{ path: '/plan.md', kind: 'text', text: 'phone draft', modified: 3 }]);

    phone.online = true;
    await onPhone.sync();
    const heard: SessionChange[] = [];
    onLaptop.subscribe?.((change) => heard.push(change));
    laptop.online = true;
    await onLaptop.sync();

    expect(laptop.conflicts).toEqual([{ id: 'chat-1', copyId: expect.any(String), title: 'Plan the launch (offline copy)' }]);
    const { copyId } = laptop.conflicts[0]!;
    // The server: the phone's version keeps the id, the laptop's is a new session.
    expect(texts(await server.load('chat-1'))).toEqual(['Plan the launch', 'Phone: the venue']);
    expect(texts(await server.load(copyId))).toEqual(['Plan the launch', 'Laptop: the budget']);
    expect((await server.list()).map((session) => session.title).sort()).toEqual(['Plan the launch', 'Plan the launch (offline copy)']);
    expect(await filesOf(server, 'chat-1')).toMatchObject([{ path: '/plan.md', text: 'phone draft' }]);
    expect(await filesOf(server, copyId)).toMatchObject([{ path: '/plan.md', text: 'laptop draft' }]);
    // The laptop: the same two, and its listeners (useSessions) heard of both.
    expect(texts(await onLaptop.load('chat-1'))).toEqual(['Plan the launch', 'Phone: the venue']);
    expect(texts(await onLaptop.load(copyId))).toEqual(['Plan the launch', 'Laptop: the budget']);
    expect(await filesOf(onLaptop, 'chat-1')).toMatchObject([{ text: 'phone draft' }]);
    expect(await filesOf(onLaptop, copyId)).toMatchObject([{ text: 'laptop draft' }]);
    expect(heard.map((change) => change.id)).toEqual(expect.arrayContaining(['chat-1', copyId]));
    // The phone lists the copy too.
    expect((await onPhone.list()).map((session) => session.title).sort()).toEqual(['Plan the launch', 'Plan the launch (offline copy)']);

    await onLaptop.sync();
    expect(laptop.conflicts).toHaveLength(1);
    expect(phone.conflicts).toEqual([]);
    expect(await onLaptop.pendingSync()).toBe(0);
  });

  it('an agent that had the conversation open stops saving (status conflict) and never overwrites the other device', async () => {
    const { server, device } = world;
    const laptop = device();
    const phone = device();
    const onLaptop = laptop.open();
    const sandbox = createSandbox({ files: { 'plan.md': 'first draft\n' } });
    const errors: PersistenceError[] = [];
    const agent = createAgent({
      model: scriptedModel([text('Noted on the laptop.'), text('Noted offline.'), text('Too late.')]),
      sandbox,
      session: { id: 'chat-1', storage: onLaptop, delayMs: 0, onError: (error) => errors.push(error) },
    });
    await agent.send('Plan the launch');
    await agent.session!.flush();
    await onLaptop.sync();

    const onPhone = phone.open();
    const before = await onPhone.load('chat-1');
    laptop.online = false;
    await agent.send('Laptop offline: the budget');
    await agent.session!.flush();
    expect(agent.session!.status).toBe('saved');

    await onPhone.save({ id: 'chat-1', snapshot: withUserMessage(before!.snapshot, 'Phone: the venue') }, before!.revision);
    await onPhone.sync();
    const phoneVersion = await server.load('chat-1');

    laptop.online = true;
    await onLaptop.sync();
    expect(agent.session!.status).toBe('conflict');

    // The agent goes on in memory; nothing it does reaches the phone's version.
    sandbox.writeFile('plan.md', 'stale laptop draft\n');
    await agent.send('After the conflict');
    expect(agent.session!.status).toBe('conflict');
    // Disposing saves what is pending, the files too: the copy refuses them.
    await agent.dispose();
    expect(agent.session!.status).toBe('conflict');
    await onLaptop.sync();
    const onServer = await server.load('chat-1');
    expect(onServer?.revision).toBe(phoneVersion?.revision);
    expect(texts(onServer)).toEqual(['Plan the launch', 'Noted on the laptop.', 'Phone: the venue']);
    expect(await filesOf(server, 'chat-1')).toMatchObject([{ path: '/plan.md', text: 'first draft\n' }]);
    // The laptop's offline turn is kept as its own session.
    const { copyId } = laptop.conflicts[0]!;
    expect(texts(await server.load(copyId))).toEqual(['Plan the launch', 'Noted on the laptop.', 'Laptop offline: the budget', 'Noted offline.']);
    expect(laptop.conflicts).toHaveLength(1);
    expect(errors.map((error) => error.code)).toContain('conflict');
  });

  it('renames, removals and new sessions made offline reach the server later; a removal elsewhere reaches this copy', async () => {
    const { server, device } = world;
    const laptop = device();
    const storage = laptop.open();
    await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await storage.save({ id: 'chat-2', snapshot: conversation('Old idea') }, null);
    await storage.sync();

    laptop.online = false;
    await storage.rename('chat-1', 'Launch plan');
    await storage.remove('chat-2');
    await storage.save({ id: 'chat-3', snapshot: conversation('Started on the train') }, null);
    expect((await storage.list()).map((session) => session.title).sort()).toEqual(['Launch plan', 'Started on the train']);
    expect((await server.list()).map((session) => session.title).sort()).toEqual(['Old idea', 'Plan the launch']);
    expect(await storage.pendingSync()).toBe(3);

    laptop.online = true;
    await storage.sync();
    expect(await storage.pendingSync()).toBe(0);
    expect((await server.list()).map((session) => [session.id, session.title]).sort()).toEqual([
      ['chat-1', 'Launch plan'],
      ['chat-3', 'Started on the train'],
    ]);

    // A device that never opened it renames it: it comes here first, then the title goes up.
    const phone = device().open();
    await phone.rename('chat-1', 'Launch plan, final');
    await phone.sync();
    expect((await server.load('chat-1'))?.title).toBe('Launch plan, final');

    // Removed on another device: it goes here too, since nothing here changed.
    await server.remove('chat-3');
    expect((await storage.list()).map((session) => session.id)).toEqual(['chat-1']);
    expect(await storage.load('chat-3')).toBeNull();
    laptop.online = false;
    expect((await storage.list()).map((session) => session.id)).toEqual(['chat-1']);
  });

  it('a removal made offline does not delete what another device saved meanwhile', async () => {
    const { server, device } = world;
    const laptop = device();
    const onLaptop = laptop.open();
    await onLaptop.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await onLaptop.sync();
    laptop.online = false;
    await onLaptop.remove('chat-1');

    const onPhone = device().open();
    const loaded = await onPhone.load('chat-1');
    await onPhone.save({ id: 'chat-1', snapshot: withUserMessage(loaded!.snapshot, 'Phone: still needed') }, loaded!.revision);
    await onPhone.sync();

    laptop.online = true;
    await onLaptop.sync();
    expect(texts(await server.load('chat-1'))).toEqual(['Plan the launch', 'Phone: still needed']);
    expect(texts(await onLaptop.load('chat-1'))).toEqual(['Plan the launch', 'Phone: still needed']);
  });

  it('a server that refuses (an expired sign-in, say) leaves the copy usable, and sync() says why', async () => {
    const { device } = world;
    const laptop = device();
    const storage = laptop.open();
    await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch') }, null);
    await storage.sync();
    await storage.save({ id: 'chat-1', snapshot: conversation('Plan the launch', 'More') }, 1);
    laptop.signedOut = true;
    expect(texts(await storage.load('chat-1'))).toEqual(['Plan the launch', 'More']);
    expect((await storage.list()).map((session) => session.messageCount)).toEqual([2]);
    expect((await rejection(storage.sync())).code).toBe('failed');
    laptop.signedOut = false;
    await storage.sync();
    expect(await storage.pendingSync()).toBe(0);
  });

  it('without the copy (offline: false) every call goes to the server, and there is nothing to sync', async () => {
    const { server } = world;
    expect(await server.pendingSync()).toBe(0);
    await server.sync();
    await server.save({ id: 'chat-1', snapshot: conversation('Straight to the server') }, null);
    expect(texts(await server.load('chat-1'))).toEqual(['Straight to the server']);
  });
});
