import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { conversation } from '../../src/server/sessions/server-session-store-contract';
import { createPlaygroundBackend, defaultSessionsDir, playgroundSessionStore } from './agent-backend';

let directory: string | undefined;
afterEach(async () => {
  if (directory) await rm(directory, { recursive: true, force: true });
  directory = undefined;
});

const origin = 'http://127.0.0.1:5173';
const call = (handler: (request: Request) => Promise<Response>, method: string, path: string, body?: unknown) =>
  handler(
    new Request(`${origin}/api/agent${path}`, {
      method,
      headers: { origin, 'sec-fetch-site': 'same-origin', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );

test('the dev server keeps conversations in PLAYGROUND_SESSIONS_DIR, opened on first use, for every browser, across restarts', async () => {
  directory = await mkdtemp(join(tmpdir(), 'rak-playground-sessions-'));
  const environment = { PLAYGROUND_SESSIONS_DIR: join(directory, '.data', 'sessions') };
  const sessions = playgroundSessionStore(environment);
  const handler = createPlaygroundBackend(environment, sessions);
  // Nothing is opened until a conversation is asked for.
  expect(existsSync(environment.PLAYGROUND_SESSIONS_DIR)).toBe(false);
  expect((await call(handler, 'GET', '/tools')).status).toBe(200);
  expect(existsSync(environment.PLAYGROUND_SESSIONS_DIR)).toBe(false);

  // One browser saves a conversation (no user: the dev server's authorize says only "same origin").
  const snapshot = conversation('Hello from the laptop');
  const saved = await call(handler, 'PUT', '/sessions/chat-1', { snapshot, expectedRevision: null });
  expect(saved.status).toBe(200);
  expect(existsSync(environment.PLAYGROUND_SESSIONS_DIR)).toBe(true);
  await handler.close();
  await sessions.close();

  // The dev server restarts; another browser lists and opens it.
  const reopened = playgroundSessionStore(environment);
  const again = createPlaygroundBackend(environment, reopened);
  try {
    const list = (await (await call(again, 'GET', '/sessions')).json()) as { sessions: Array<{ id: string; title: string; messageCount: number }> };
    expect(list.sessions).toEqual([expect.objectContaining({ id: 'chat-1', title: 'Hello from the laptop', messageCount: 1 })]);
    const loaded = (await (await call(again, 'GET', '/sessions/chat-1')).json()) as { snapshot: unknown };
    expect(loaded.snapshot).toEqual(snapshot);
    // Another site's page gets nothing.
    const foreign = await again(new Request(`${origin}/api/agent/sessions`, { headers: { origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' } }));
    expect(foreign.status).toBe(401);
  } finally {
    await again.close();
    await reopened.close();
  }
}, 60_000);

test('without PLAYGROUND_SESSIONS_DIR the conversations go to playground/.data/sessions, which git ignores', async () => {
  expect(defaultSessionsDir.replaceAll('\\', '/')).toMatch(/\/playground\/\.data\/sessions$/);
  const { readFile } = await import('node:fs/promises');
  const ignored = (await readFile(join(import.meta.dirname, '../../.gitignore'), 'utf8')).split('\n');
  expect(ignored).toContain('playground/.data');
});
