import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, type Agent } from '../../src/core/index';
import type { HttpSessionStorage } from '../../src/core/sessions/index';
import { scriptedModel, text } from '../../src/testing/index';
import { fakeLocks } from '../fixtures/fake-web-locks';
import { sessionServer, texts } from './session-server';

/**
 * Issue 31, item 3: what the server sees when one conversation is open in two tabs of a browser
 * over `httpSessionStorage`'s offline copy. Both tabs share the device's IndexedDB (fake-indexeddb),
 * Node's BroadcastChannel and a Web Locks stand-in; the server is the kit's own session routes.
 * Only the leading tab saves; the copy pushes each version once; no tab conflicts with the other.
 */
let world = sessionServer();
const agents: Agent[] = [];
beforeEach(() => {
  vi.stubGlobal('navigator', { locks: fakeLocks() });
});
afterEach(async () => {
  await Promise.all(agents.splice(0).map((agent) => agent.dispose()));
  await world.closeAll();
  world = sessionServer();
  vi.unstubAllGlobals();
});

/** A storage that counts the agent's saves through it. */
function counted(storage: HttpSessionStorage): { storage: HttpSessionStorage; saves: () => number } {
  let saves = 0;
  return {
    storage: { ...storage, save: (...args: Parameters<HttpSessionStorage['save']>) => ((saves += 1), storage.save(...args)) },
    saves: () => saves,
  };
}

describe('two tabs over the offline copy of a session server', () => {
  it('only the leading tab saves; each version reaches the server once, with no conflict and nothing lost', async () => {
    const { server, device } = world;
    const laptop = device();
    const answered: number[] = [];
    laptop.hook = async (method, path, answer) => {
      const response = await answer();
      if (method === 'PUT' && path === '/sessions/chat') answered.push(response.status);
      return response;
    };
    const tabA = counted(laptop.open());
    const tabB = counted(laptop.open());
    const a = createAgent({ model: scriptedModel([[text('A plan.')], [text('A budget.')], [text('A venue.')]]), session: { id: 'chat', storage: tabA.storage, delayMs: 0, maxDelayMs: 0 } });
    agents.push(a);
    await a.session!.ready;
    const b = createAgent({ model: scriptedModel([]), session: { id: 'chat', storage: tabB.storage, delayMs: 0, maxDelayMs: 0 } });
    agents.push(b);
    await b.session!.ready;
    expect([a.session!.leader, b.session!.leader]).toEqual([true, false]);

    await b.send('Plan the launch');
    await a.send('And the budget');
    await b.send('And the venue');
    await a.session!.flush();
    await tabA.storage.sync();
    await tabB.storage.sync();

    const conversation = ['Plan the launch', 'A plan.', 'And the budget', 'A budget.', 'And the venue', 'A venue.'];
    expect(texts(await server.load('chat'))).toEqual(conversation);
    expect(texts(await tabB.storage.load('chat'))).toEqual(conversation);
    expect(tabB.saves()).toBe(0);
    expect(tabA.saves()).toBeGreaterThan(0);
    // Every push wrote a version of its own: none refused as stale, none sent twice.
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.filter((status) => status !== 200)).toEqual([]);
    expect((await server.load('chat'))!.revision).toBe(answered.length);
    expect(laptop.conflicts).toEqual([]);
    expect(laptop.syncErrors).toEqual([]);
    expect((await server.list()).map((session) => session.id)).toEqual(['chat']);
  });
});
