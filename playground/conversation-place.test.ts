// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { httpSessionStorage, memorySessionStorage, type SessionStorage } from 'react-agent-kit/sessions';
import { lastSessionId, loadConversationPlace, openConversations, rememberSessionId, saveConversationPlace } from './conversation-place';

afterEach(() => localStorage.clear());

test('the place is the dev server until the browser is chosen, and the choice is kept', () => {
  expect(loadConversationPlace()).toBe('server');
  saveConversationPlace('browser');
  expect(loadConversationPlace()).toBe('browser');
  saveConversationPlace('server');
  expect(loadConversationPlace()).toBe('server');
  localStorage.setItem('rak-playground-conversations', 'somewhere else');
  expect(loadConversationPlace()).toBe('server');
});

test('each place remembers its own open conversation; the browser keeps the key it had before there was a choice', () => {
  localStorage.setItem('rak-playground-session', 'session-from-before');
  expect(lastSessionId('browser')).toBe('session-from-before');
  expect(lastSessionId('server')).toBeNull();
  rememberSessionId('server', 'session-on-server');
  rememberSessionId('browser', 'session-in-browser');
  expect(lastSessionId('server')).toBe('session-on-server');
  expect(lastSessionId('browser')).toBe('session-in-browser');
});

/** An HTTP storage on `/api/agent` whose server answers `respond` (or fails as `respond` throws). */
function serverAnswering(respond: (url: string) => Response) {
  const fetch = vi.fn(async (input: string | URL | Request) => respond(input instanceof Request ? input.url : input.toString()));
  return { fetch, open: () => httpSessionStorage('/api/agent', { fetch }) };
}

test('the dev server: its storage, after one listing that answered', async () => {
  const server = serverAnswering(() => Response.json({ sessions: [] }));
  const browser = vi.fn(() => memorySessionStorage());
  const opened = await openConversations('server', { server: server.open, probe: server.open, browser });
  expect(opened.place).toBe('server');
  expect(opened.fallback).toBeNull();
  expect(server.fetch.mock.calls.map(([url]) => url)).toEqual(['/api/agent/sessions']);
  expect(browser).not.toHaveBeenCalled();
  expect(await opened.storage.list()).toEqual([]);
});

test('the browser: IndexedDB (here a stand-in), and the server is not asked', async () => {
  const server = serverAnswering(() => Response.json({ sessions: [] }));
  const storage = memorySessionStorage();
  const opened = await openConversations('browser', { server: server.open, probe: server.open, browser: () => storage });
  expect(opened).toEqual({ place: 'browser', storage, fallback: null });
  expect(server.fetch).not.toHaveBeenCalled();
});

const noRoutes = 'This server keeps no conversations (a built playground has no dev server), so they are kept in this browser.';

test.each([
  ['a 404 (a server without session routes)', () => Response.json({ error: { code: 'not-found', message: 'Not found' } }, { status: 404 })],
  ['a 404 page (a static file server)', () => new Response('<h1>Not found</h1>', { status: 404, headers: { 'content-type': 'text/html' } })],
  ['the page itself (a static host that answers every path with index.html)', () => new Response('<!doctype html><div id="root"></div>', { headers: { 'content-type': 'text/html' } })],
  ['a refusal (403)', () => Response.json({ error: { message: 'Forbidden' } }, { status: 403 })],
])('the dev server answers %s: the conversations stay in this browser, and it says why', async (_case, respond) => {
  const server = serverAnswering(respond);
  let probe: SessionStorage | undefined;
  const open = vi.fn(server.open);
  const browserStorage = memorySessionStorage();
  const opened = await openConversations('server', { server: open, probe: () => (probe = server.open()), browser: () => browserStorage });
  expect(opened).toEqual({ place: 'browser', storage: browserStorage, fallback: noRoutes });
  // The question's storage is closed, and the server's was never opened.
  await expect(probe!.list()).rejects.toMatchObject({ code: 'closed' });
  expect(open).not.toHaveBeenCalled();
  expect(server.fetch).toHaveBeenCalledTimes(1);
});

test.each([
  ['a server error (502)', () => new Response('boom', { status: 502 })],
  [
    'no answer at all (down, or this device offline)',
    () => {
      throw new TypeError('Failed to fetch');
    },
  ],
])('the dev server gives %s: it stays the place, its storage working from the browser copy until it is back', async (_case, respond) => {
  const server = serverAnswering(respond);
  const storage = memorySessionStorage();
  const browser = vi.fn(() => memorySessionStorage());
  const opened = await openConversations('server', { server: () => storage, probe: server.open, browser });
  expect(opened).toEqual({ place: 'server', storage, fallback: null });
  expect(browser).not.toHaveBeenCalled();
});
