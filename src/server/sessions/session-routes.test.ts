import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { defineTool, type AgentSnapshot, type StoredSession } from '../../core/index';
import { agentSnapshotVersion } from '../../core/sessions/index';
import { maxSessionTitleLength } from '../../core/internal';
import { createAgentHandler, type AgentHandlerOptions } from '../agent-handler';
import { toNodeHandler } from '../node-adapter';
import { memoryServerSessionStore } from './memory-server-session-store';
import type { ServerSessionStore } from './server-session-store';
import { conversation, describeHandlersOnOneBacking } from './server-session-store-contract';
import { sharedSessionsUserId } from './session-routes';
import { sessionServer, withUserMessage } from '../../../test/sessions/session-server';

const base = 'http://localhost/api/agent';

/** A handler whose authorize reads the user from `x-user` (no header: 401). */
function handlerOn(store: ServerSessionStore, options: Partial<AgentHandlerOptions> = {}) {
  return createAgentHandler({
    basePath: '/api/agent',
    authorize: (request) => {
      const user = request.headers.get('x-user');
      return user === null ? false : { userId: user };
    },
    sessions: { store },
    onError: () => {},
    ...options,
  });
}

type Handler = (request: Request) => Promise<Response>;

function call(handler: Handler, user: string | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (user !== null) headers['x-user'] = user;
  return handler(new Request(`${base}${path}`, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) }));
}

async function json(response: Response, status: number): Promise<unknown> {
  const text = await response.text();
  expect(response.status, text).toBe(status);
  return text === '' ? undefined : JSON.parse(text);
}

describe('session routes', () => {
  it('saves, loads, lists, renames and deletes a session over HTTP', async () => {
    const handler = handlerOn(memoryServerSessionStore());
    expect(await json(await call(handler, 'ada', 'GET', '/sessions'), 200)).toEqual({ sessions: [] });
    expect(await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('Plan the launch'), expectedRevision: null }), 200)).toEqual({ revision: 1, pieces: 100 });
    expect(await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('Plan the launch', 'And the party'), expectedRevision: 1 }), 200)).toEqual({ revision: 2, pieces: 100 });

    const loaded = (await json(await call(handler, 'ada', 'GET', '/sessions/chat-1'), 200)) as StoredSession;
    expect(loaded).toMatchObject({ id: 'chat-1', title: 'Plan the launch', titled: false, messageCount: 2, revision: 2 });
    expect(loaded.snapshot).toEqual(conversation('Plan the launch', 'And the party'));

    expect(await json(await call(handler, 'ada', 'PATCH', '/sessions/chat-1', { title: 'Launch' }), 204)).toBeUndefined();
    const { sessions } = (await json(await call(handler, 'ada', 'GET', '/sessions'), 200)) as { sessions: StoredSession[] };
    expect(sessions).toEqual([{ id: 'chat-1', title: 'Launch', createdAt: loaded.createdAt, updatedAt: loaded.updatedAt, messageCount: 2, revision: 2 }]);

    expect(await json(await call(handler, 'ada', 'DELETE', '/sessions/chat-1'), 204)).toBeUndefined();
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1'), 404)).toEqual({ error: { code: 'not-found', message: 'There is no session "chat-1" for this user; it may have been removed.' } });
    // A client opening a conversation not saved yet asks for null instead, so the browser logs no error.
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1?missing=null'), 200)).toBeNull();
    expect(await json(await call(handler, 'ada', 'PATCH', '/sessions/chat-1', { title: 'Gone' }), 404)).toMatchObject({ error: { code: 'not-found' } });
    expect(await json(await call(handler, 'ada', 'DELETE', '/sessions/chat-1'), 204)).toBeUndefined();
  });

  it('answers a stale revision with 409 conflict and keeps what was stored', async () => {
    const handler = handlerOn(memoryServerSessionStore());
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('first'), expectedRevision: null }), 200);
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('second'), expectedRevision: 1 }), 200);
    const stale = (await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('stale'), expectedRevision: 1 }), 409)) as { error: { code: string; message: string } };
    expect(stale.error.code).toBe('conflict');
    expect(stale.error.message).toMatch(/revision 2, this save expected revision 1/);
    expect(await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('again'), expectedRevision: null }), 409)).toMatchObject({ error: { code: 'conflict' } });
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1'), 200)).toMatchObject({ revision: 2, title: 'second' });
  });

  it('keeps files, binary content included, with change sets, replacement and clearing', async () => {
    const handler = handlerOn(memoryServerSessionStore());
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)).toBeNull();
    const written = [
      { path: '/a.txt', kind: 'text', text: 'a', modified: 1 },
      { path: '/logo.bin', kind: 'binary', base64: 'AP8H', modified: 2 },
      { path: '/old.txt', kind: 'text', text: 'old', modified: 3 },
    ];
    await json(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written, deleted: [] }), 204);
    await json(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [], deleted: ['/old.txt'] }), 204);
    const files = (await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)) as { version: number; files: { path: string }[] };
    expect(files.version).toBe(1);
    expect(files.files.sort((first, second) => first.path.localeCompare(second.path))).toEqual(written.slice(0, 2));

    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1/files', { files: [{ path: '/dir', kind: 'directory', modified: 4 }] }), 204);
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)).toEqual({ version: 1, files: [{ path: '/dir', kind: 'directory', modified: 4 }] });
    await json(await call(handler, 'ada', 'DELETE', '/sessions/chat-1/files'), 204);
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)).toBeNull();
  });

  it('removes the files with the session', async () => {
    const handler = handlerOn(memoryServerSessionStore());
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('files'), expectedRevision: null }), 200);
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1/files', { files: [{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }] }), 204);
    await json(await call(handler, 'ada', 'DELETE', '/sessions/chat-1'), 204);
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)).toBeNull();
  });

  it("keeps users apart: a second user's list, loads and saves of the first user's ids see nothing or get 404", async () => {
    const store = memoryServerSessionStore();
    const handler = handlerOn(store);
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('Ada private'), expectedRevision: null }), 200);
    await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1/files', { files: [{ path: '/secret.txt', kind: 'text', text: 'ada', modified: 1 }] }), 204);
    const before = await store.load('ada', 'chat-1');

    expect(await json(await call(handler, 'bob', 'GET', '/sessions'), 200)).toEqual({ sessions: [] });
    expect(await json(await call(handler, 'bob', 'GET', '/sessions/chat-1'), 404)).toMatchObject({ error: { code: 'not-found' } });
    expect(await json(await call(handler, 'bob', 'GET', '/sessions/chat-1?missing=null'), 200)).toBeNull();
    expect(await json(await call(handler, 'bob', 'PUT', '/sessions/chat-1', { snapshot: conversation('Bob over'), expectedRevision: 1 }), 404)).toMatchObject({ error: { code: 'not-found' } });
    expect(await json(await call(handler, 'bob', 'PATCH', '/sessions/chat-1', { title: 'Hijacked' }), 404)).toMatchObject({ error: { code: 'not-found' } });
    expect(await json(await call(handler, 'bob', 'GET', '/sessions/chat-1/files'), 200)).toBeNull();
    await json(await call(handler, 'bob', 'DELETE', '/sessions/chat-1'), 204);
    await json(await call(handler, 'bob', 'DELETE', '/sessions/chat-1/files'), 204);
    // Sessions are keyed by (user, id): Bob's new chat-1 is his own.
    expect(await json(await call(handler, 'bob', 'PUT', '/sessions/chat-1', { snapshot: conversation('Bob own'), expectedRevision: null }), 200)).toEqual({ revision: 1, pieces: 100 });
    await json(await call(handler, 'bob', 'PUT', '/sessions/chat-1/files', { files: [] }), 204);

    expect(await store.load('ada', 'chat-1')).toEqual(before);
    expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([{ path: '/secret.txt', kind: 'text', text: 'ada', modified: 1 }]);
    expect((await json(await call(handler, 'ada', 'GET', '/sessions/chat-1'), 200)) as StoredSession).toMatchObject({ title: 'Ada private', revision: 1 });
    expect(((await json(await call(handler, 'bob', 'GET', '/sessions/chat-1'), 200)) as StoredSession).snapshot).toEqual(conversation('Bob own'));
  });

  it('asks for a user when authorize returns true, unless the app opted into shared sessions', async () => {
    const store = memoryServerSessionStore();
    const anonymous = createAgentHandler({ basePath: '/api/agent', authorize: () => true, sessions: { store }, onError: () => {} });
    const refused = (await json(await call(anonymous, null, 'GET', '/sessions'), 403)) as { error: { code: string; message: string } };
    expect(refused.error.code).toBe('no-user');
    expect(refused.error.message).toMatch(/return \{ userId \} from authorize/);
    expect(refused.error.message).toMatch(/withoutUsers: true/);
    expect((await call(anonymous, null, 'PUT', '/sessions/chat-1', { snapshot: conversation('a'), expectedRevision: null })).status).toBe(403);
    expect(await store.list(sharedSessionsUserId)).toEqual([]);
    // Other routes still work with true.
    expect((await call(anonymous, null, 'GET', '/tools')).status).toBe(200);

    const shared = createAgentHandler({ basePath: '/api/agent', authorize: () => true, sessions: { store, withoutUsers: true }, onError: () => {} });
    expect(await json(await call(shared, null, 'PUT', '/sessions/chat-1', { snapshot: conversation('Shared'), expectedRevision: null }), 200)).toEqual({ revision: 1, pieces: 100 });
    expect(await json(await call(shared, null, 'GET', '/sessions'), 200)).toMatchObject({ sessions: [{ id: 'chat-1', title: 'Shared' }] });
    expect(await store.load(sharedSessionsUserId, 'chat-1')).toMatchObject({ title: 'Shared' });
  });

  it('refuses a sessions option without a store at creation', () => {
    expect(() => createAgentHandler({ authorize: () => true, sessions: {} as never })).toThrow(/`sessions` must be \{ store \}/);
    expect(() => createAgentHandler({ authorize: () => true, sessions: { store: memoryServerSessionStore } as never })).toThrow(/ServerSessionStore such as memoryServerSessionStore\(\)/);
  });

  it('keeps 401 for false, and reports a userId that is not a string as a 500 to onError', async () => {
    const errors: unknown[] = [];
    const handler = handlerOn(memoryServerSessionStore(), { authorize: () => ({ userId: '' }), onError: (error) => errors.push(error) });
    expect((await call(handler, 'x', 'GET', '/sessions')).status).toBe(500);
    expect(String(errors[0])).toMatch(/userId is ""/);
    expect(await json(await call(handlerOn(memoryServerSessionStore()), null, 'GET', '/sessions'), 401)).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('refuses bad ids, bad bodies, wrong methods and bodies past the size limit with clear 4xx', async () => {
    const handler = handlerOn(memoryServerSessionStore(), { sessions: { store: memoryServerSessionStore(), maxBodyBytes: 2000 } });
    const bad = async (response: Response, status: number, code: string, message?: RegExp) => {
      const body = (await json(response, status)) as { error: { code: string; message: string } };
      expect(body.error.code).toBe(code);
      if (message) expect(body.error.message).toMatch(message);
    };
    await bad(await call(handler, 'ada', 'GET', `/sessions/${'a'.repeat(129)}`), 400, 'invalid-session-id', /at most 128 characters/);
    await bad(await call(handler, 'ada', 'GET', '/sessions/a%20b'), 400, 'invalid-session-id', /only letters, digits/);
    await bad(await call(handler, 'ada', 'GET', '/sessions/.hidden'), 400, 'invalid-session-id', /may not start with/);
    await bad(await call(handler, 'ada', 'GET', '/sessions/%E0%A4%A'), 400, 'invalid-session-id', /percent-encoding/);
    await bad(await call(handler, 'ada', 'GET', '/sessions/a/b'), 404, 'not-found');
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('a') }), 400, 'invalid-request', /expectedRevision/);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('a'), expectedRevision: 0.5 }), 400, 'invalid-request', /expectedRevision/);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: { hello: 1 }, expectedRevision: null }), 400, 'invalid-request', /agent snapshot/);
    // The envelope alone is not enough: what is inside is checked as a device opening it would.
    const envelope = { format: 'react-agent-kit/agent', version: agentSnapshotVersion };
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: { ...envelope, state: {} }, expectedRevision: null }), 400, 'invalid-request', /agent snapshot that would open.*state\.status/s);
    const damaged = conversation('a');
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: { ...damaged, state: { ...damaged.state, messages: [{ id: 'm0', role: 'robot', parts: [] }] } }, expectedRevision: null }), 400, 'invalid-request', /role/);
    expect((await call(handler, 'ada', 'GET', '/sessions/chat-1')).status).toBe(404);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', '[1]'), 400, 'invalid-request', /JSON object/);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', 'not json'), 400, 'invalid-request', /not valid JSON/);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('x'.repeat(3000)), expectedRevision: null }), 413, 'body-too-large');
    await bad(await call(handler, 'ada', 'PATCH', '/sessions/chat-1', { title: 3 }), 400, 'invalid-request', /"title"/);
    await bad(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [{ path: '/a', kind: 'binary', base64: '!!', modified: 0 }], deleted: [] }), 400, 'invalid-request', /base64/);
    await bad(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [] }), 400, 'invalid-request', /deleted/);
    await bad(await call(handler, 'ada', 'PUT', '/sessions/chat-1/files', {}), 400, 'invalid-request', /files/);
    await bad(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [], deleted: [7] }), 400, 'invalid-request', /deleted path/);
    const wrong = await call(handler, 'ada', 'POST', '/sessions');
    expect(wrong.headers.get('allow')).toBe('GET');
    await bad(wrong, 405, 'method-not-allowed');
    await bad(await call(handler, 'ada', 'POST', '/sessions/chat-1'), 405, 'method-not-allowed');
  });

  it('carries the binary files of a conversation as { $bytes: base64 } both ways, and refuses one that is not base64 with 400', async () => {
    const store = memoryServerSessionStore();
    const handler = handlerOn(store);
    const wire = (bytes: unknown) => ({ ...conversation('Draw a logo'), sandbox: { checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written: [{ path: '/logo.png', kind: 'binary', bytes, modified: 2 }], deleted: [] } }] } });
    expect(await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: wire({ $bytes: 'iVAA/w==' }), expectedRevision: null }), 200)).toEqual({ revision: 1, pieces: 100 });
    // The store holds bytes, as it does for a browser's save.
    expect((await store.load('ada', 'chat-1'))!.snapshot.sandbox!.checkpoints[0]!.changes.written[0]).toMatchObject({ bytes: new Uint8Array([137, 80, 0, 255]) });
    const loaded = (await json(await call(handler, 'ada', 'GET', '/sessions/chat-1'), 200)) as StoredSession;
    expect(loaded.snapshot).toEqual(wire({ $bytes: 'iVAA/w==' }));
    const refused = await json(await call(handler, 'ada', 'PUT', '/sessions/chat-2', { snapshot: wire({ $bytes: '%%%' }), expectedRevision: null }), 400);
    expect(refused).toMatchObject({ error: { code: 'invalid-request', message: 'The conversation cannot be read: the binary file "/logo.png" has content that is not valid base64.' } });
  });

  it('passes JSON that the model or a tool wrote as { $bytes } between two devices as it is, binary files as bytes, and sync goes on (issue 26, item 4)', async () => {
    const { device, server, closeAll } = sessionServer();
    try {
      const laptop = device().open();
      const phone = device().open();
      // A tool input that looks like the old binary encoding, and an output that is not even base64.
      const call = { id: 'c1', name: 'store_blob', messageId: 'm1', inputText: '{"$bytes":"aGk="}', input: { $bytes: 'aGk=' }, output: { $bytes: '!!' }, state: 'output-available', audit: [{ state: 'output-available', at: 2, by: 'runtime' }] };
      const reply = { id: 'm1', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'c1' }], status: 'done', createdAt: 1 };
      const start = conversation('Keep this blob');
      const logo = { path: '/logo.png', kind: 'binary' as const, bytes: new Uint8Array([137, 80, 0, 255]), modified: 2 };
      const snapshot = {
        ...start,
        state: { ...start.state, messages: [...start.state.messages, reply], toolCalls: [call] },
        sandbox: { checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written: [logo], deleted: [] } }] },
      } as unknown as AgentSnapshot;
      await laptop.save({ id: 'chat-1', snapshot }, null);
      await laptop.sync();
      const onServer = await server.load('chat-1');
      expect(onServer!.snapshot.state.toolCalls[0]).toMatchObject({ input: { $bytes: 'aGk=' }, output: { $bytes: '!!' } });

      const there = await phone.load('chat-1');
      expect(there!.snapshot.state.toolCalls[0]).toMatchObject({ input: { $bytes: 'aGk=' }, output: { $bytes: '!!' } });
      expect(there!.snapshot.sandbox!.checkpoints[0]!.changes.written[0]).toEqual(logo);
      // And sync keeps working both ways.
      await phone.save({ id: 'chat-1', snapshot: withUserMessage(there!.snapshot, 'from the phone') }, there!.revision);
      await phone.sync();
      const back = await laptop.load('chat-1');
      expect(back!.snapshot.state.messages.map((message) => message.id)).toEqual(['m0', 'm1', 'added-2']);
      expect(back!.snapshot.state.toolCalls[0]).toMatchObject({ input: { $bytes: 'aGk=' }, output: { $bytes: '!!' } });
      expect(back!.snapshot.sandbox!.checkpoints[0]!.changes.written[0]).toEqual(logo);
      expect([await laptop.pendingSync(), await phone.pendingSync()]).toEqual([0, 0]);
    } finally {
      await closeAll();
    }
  });

  it('leaves a session saved by a newer version of the kit untouched: 409 future-format', async () => {
    const store = memoryServerSessionStore();
    const handler = handlerOn(store);
    await store.save('ada', { id: 'chat-1', snapshot: { ...conversation('From the future'), version: agentSnapshotVersion + 1 } }, null);
    const refused = (await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('Over it'), expectedRevision: 1 }), 409)) as { error: { code: string; message: string } };
    expect(refused.error).toMatchObject({ code: 'future-format', message: expect.stringMatching(/newer version of react-agent-kit/) });
    expect((await store.load('ada', 'chat-1'))!.snapshot.version).toBe(agentSnapshotVersion + 1);
  });

  it('refuses before storing what a device would refuse: a sandbox path (400 naming it), a newer format (409), a title past the limit (400) (issue 26, item 9)', async () => {
    const store = memoryServerSessionStore();
    const handler = handlerOn(store);
    const refusal = async (response: Response, status: number) => ((await json(response, status)) as { error: { code: string; message: string } }).error;
    const passwd = { path: '/../../etc/passwd', kind: 'text', text: 'root:x:0:0', modified: 1 };
    expect(await refusal(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [passwd], deleted: [] }), 400)).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('"/../../etc/passwd"') });
    expect(await refusal(await call(handler, 'ada', 'PUT', '/sessions/chat-1/files', { files: [{ ...passwd, path: 'a\\b.txt' }] }), 400)).toMatchObject({ message: expect.stringContaining('"a\\\\b.txt"') });
    expect(await refusal(await call(handler, 'ada', 'POST', '/sessions/chat-1/files', { written: [], deleted: ['/../x'] }), 400)).toMatchObject({ message: expect.stringContaining('"/../x"') });
    expect(await json(await call(handler, 'ada', 'GET', '/sessions/chat-1/files'), 200)).toBeNull();
    const escaping = { ...conversation('Paths'), sandbox: { checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written: [passwd], deleted: [] } }] } };
    expect(await refusal(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: escaping, expectedRevision: null }), 400)).toMatchObject({ code: 'invalid-request', message: expect.stringContaining('"/../../etc/passwd"') });

    // A newer format is refused, not stored to be unopenable on every device.
    const newer = { ...conversation('From the future'), version: agentSnapshotVersion + 1 };
    expect(await refusal(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: newer, expectedRevision: null }), 409)).toMatchObject({ code: 'future-format' });
    expect(await store.load('ada', 'chat-1')).toBeNull();
    expect(await store.list('ada')).toEqual([]);

    expect(await json(await call(handler, 'ada', 'PUT', '/sessions/chat-1', { snapshot: conversation('Now'), expectedRevision: null }), 200)).toEqual({ revision: 1, pieces: 100 });
    expect(await refusal(await call(handler, 'ada', 'PATCH', '/sessions/chat-1', { title: 't'.repeat(maxSessionTitleLength + 1) }), 400)).toMatchObject({ code: 'invalid-request', message: expect.stringMatching(/at most 200 characters, this one has 201/) });
    expect(await json(await call(handler, 'ada', 'PATCH', '/sessions/chat-1', { title: 't'.repeat(maxSessionTitleLength) }), 204)).toBeUndefined();
  });

  it('answers /sessions with 404 when the handler has no sessions, and allows their methods in a CORS preflight when it has', async () => {
    const without = createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'ada' }), onError: () => {} });
    expect((await call(without, 'ada', 'GET', '/sessions')).status).toBe(404);
    const cors = handlerOn(memoryServerSessionStore(), { cors: { origins: ['https://app.example.com'] } });
    const preflight = await cors(new Request(`${base}/sessions/chat-1`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-method': 'PUT' } }));
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET, POST, PUT, PATCH, DELETE, OPTIONS');
  });

  it('works through toNodeHandler on a real Node server: PUT, PATCH and DELETE with bodies', async () => {
    const node = toNodeHandler(handlerOn(memoryServerSessionStore()));
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node:http drops the handler's promise
    const server = createServer(node);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`;
      const send = (method: string, path: string, body?: unknown) =>
        fetch(`${origin}${path}`, { method, headers: { 'x-user': 'ada', 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      expect(await (await send('PUT', '/sessions/chat-1', { snapshot: conversation('Over the wire'), expectedRevision: null })).json()).toEqual({ revision: 1, pieces: 100 });
      expect((await send('PATCH', '/sessions/chat-1', { title: 'Wired' })).status).toBe(204);
      expect(await (await send('GET', '/sessions')).json()).toMatchObject({ sessions: [{ id: 'chat-1', title: 'Wired', revision: 1 }] });
      expect((await send('DELETE', '/sessions/chat-1')).status).toBe(204);
      expect((await send('GET', '/sessions/chat-1')).status).toBe(404);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('takes a long conversation whole (past the 1 MiB of the other routes) through toNodeHandler, up to sessions.maxBodyBytes', async () => {
    const echo = defineTool({ name: 'echo', description: 'Echoes.', inputSchema: { type: 'object', properties: { text: { type: 'string' } } }, execute: (input: { text?: string }) => input.text ?? '' });
    const handler = handlerOn(memoryServerSessionStore(), { tools: [echo], sessions: { store: memoryServerSessionStore(), maxBodyBytes: 8 * 1024 * 1024 } });
    expect(handler.maxBodyBytes).toBe(8 * 1024 * 1024);
    // eslint-disable-next-line @typescript-eslint/no-misused-promises -- node:http drops the handler's promise
    const server = createServer(toNodeHandler(handler));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`;
      const send = (method: string, path: string, body: string) => fetch(`${origin}${path}`, { method, headers: { 'x-user': 'ada', 'content-type': 'application/json' }, body });
      // 10,000 messages of about 300 bytes: a 3 MB save.
      const texts = Array.from({ length: 10_000 }, (_, index) => `Message ${index}: ${'words of a long session '.repeat(10)}`);
      const body = JSON.stringify({ snapshot: conversation(...texts), expectedRevision: null });
      expect(body.length).toBeGreaterThan(3_000_000);
      const saved = await send('PUT', '/sessions/long', body);
      expect(saved.status, await saved.clone().text()).toBe(200);
      const loaded = (await (await fetch(`${origin}/sessions/long`, { headers: { 'x-user': 'ada' } })).json()) as StoredSession;
      expect(loaded.messageCount).toBe(10_000);
      expect((loaded.snapshot.state.messages[9_999]!.parts[0] as { text: string }).text).toBe(texts[9_999]);
      // The other routes keep their 1 MiB: a tool call that large is refused before the tool runs.
      expect((await send('POST', '/tools/echo', JSON.stringify({ input: { text: 'small' } }))).status).toBe(200);
      const tool = await send('POST', '/tools/echo', JSON.stringify({ input: { text: 'x'.repeat(1_100_000) } }));
      expect(tool.status).toBe(413);
      // And a session past its own limit is refused too.
      const tooLong = await send('PUT', '/sessions/longer', JSON.stringify({ snapshot: conversation('x'.repeat(9 * 1024 * 1024)), expectedRevision: null }));
      expect(tooLong.status).toBe(413);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

// In memory, "one backing" is one store object that both handlers hold (Postgres runs this with two pools).
describeHandlersOnOneBacking('memory store', async () => {
  const store = memoryServerSessionStore();
  return { stores: [store, store] };
});
