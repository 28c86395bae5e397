/**
 * The offline copy and a server that turns a large save away (issue 26, item 5): a 503 with
 * `retry-after` (the server is reading as many large bodies as it takes at once) means "send it
 * again then", so the copy does not send the whole body again before that, with a save or on its
 * retry timer.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conversation } from '../../src/server/sessions/server-session-store-contract';
import { sessionServer, texts } from './session-server';

let world = sessionServer();
afterEach(async () => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  await world.closeAll();
  world = sessionServer();
});

const busy = () => Response.json({ error: { code: 'busy', message: 'Send it again in 30 s.' } }, { status: 503, headers: { 'retry-after': '30' } });

describe('the offline copy and a 503 with retry-after', () => {
  it('does not send a session turned away before the time the server named, though its own wait (2 s) is over', async () => {
    const { server, device } = world;
    const laptop = device();
    const storage = laptop.open();
    let busyFor = 1;
    laptop.hook = async (method, path, answer) => (method === 'PUT' && path === '/sessions/a-huge' && busyFor-- > 0 ? busy() : answer());
    const first = await storage.save({ id: 'a-huge', snapshot: conversation('A very long conversation') }, null);
    await expect.poll(() => laptop.syncErrors).toEqual(['a-huge: unavailable']);
    const puts = () => laptop.requests.filter((request) => request === 'PUT /sessions/a-huge').length;
    expect(puts()).toBe(1);

    // Ten seconds on (past the copy's own 2 s), the agent saves again: kept here, not sent.
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start + 10_000);
    const second = await storage.save({ id: 'a-huge', snapshot: conversation('A very long conversation', 'and more') }, first);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(puts()).toBe(1);
    expect(await storage.pendingSync()).toBe(1);

    // Past the 30 s, the next save sends it.
    now.mockReturnValue(start + 31_000);
    await storage.save({ id: 'a-huge', snapshot: conversation('A very long conversation', 'and more', 'and the end') }, second);
    await expect.poll(async () => texts(await server.load('a-huge'))).toEqual(['A very long conversation', 'and more', 'and the end']);
    expect(puts()).toBe(2);
  });
});
