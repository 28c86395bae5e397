/**
 * A session server in process for the HTTP session storage's tests: the real handler's session
 * routes, and devices whose network can be cut (their fetch then rejects with a TypeError, as a
 * browser's does), each with its own IndexedDB (fake-indexeddb) for the offline copy.
 */
import { IDBFactory } from 'fake-indexeddb';
import type { AgentSnapshot, Message } from '../../src/core/index';
import { httpSessionStorage, type HttpSessionStorage, type HttpSessionStorageOptions, type SessionConflict, type StoredSession } from '../../src/core/sessions/index';
import { createAgentHandler, memoryServerSessionStore } from '../../src/server/index';

/**
 * Stands between a device and the server: gets each request (`answer()` sends it on) and returns
 * what the device receives. `stalled` is one that never answers (a server or proxy that accepted
 * the connection and hangs); it ignores the request's signal, as a stuck proxy would.
 */
export type NetworkHook = (method: string, path: string, answer: () => Promise<Response>) => Promise<Response>;

/** A server (or proxy) that accepts every request and never answers. */
export const stalled: NetworkHook = () => new Promise<Response>(() => {});

let databases = 0;

/** Options of a device's storage beyond those the device sets (deadlines, trust). */
export type DeviceOptions = Pick<HttpSessionStorageOptions, 'requestTimeoutMs' | 'trustGrants'> & { waitForServerMs?: number };

/** One browser: its IndexedDB, whether it is online, and storages over it (one per tab or reload). */
export interface Device {
  readonly indexedDB: IDBFactory;
  online: boolean;
  /** Its requests go without the user's header: the server answers 403. */
  signedOut: boolean;
  /** Requests it made, as `METHOD /path`. */
  readonly requests: string[];
  /** What its storages reported through `onConflict`. */
  readonly conflicts: SessionConflict[];
  /** What its storages reported through `onSyncError`, as `id: code`. */
  readonly syncErrors: string[];
  /** Set to stand between this device and the server (drop an answer, answer 504 …). */
  hook: NetworkHook | undefined;
  /** A storage with the offline copy (a new one is a reload, or another tab); `options`: its deadlines, say. */
  open(options?: DeviceOptions): HttpSessionStorage;
}

/**
 * A server with its session routes, and `device()` for each browser of user `ada`.
 *
 * @example
 * ```ts
 * const { device, server } = sessionServer();
 * const laptop = device();
 * laptop.online = false;
 * ```
 */
export function sessionServer() {
  const handler = createAgentHandler({
    basePath: '/api/agent',
    authorize: (request) => {
      const user = request.headers.get('x-user');
      return user === null ? false : { userId: user };
    },
    sessions: { store: memoryServerSessionStore() },
    onError: () => {},
  });
  const fetchOf = (device?: Pick<Device, 'online' | 'requests' | 'hook'>): typeof fetch =>
    async (url, init) => {
      const target = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      if (device && !device.online) throw new TypeError('Failed to fetch');
      const method = init?.method ?? 'GET';
      const path = target.replace('http://app.test/api/agent', '');
      device?.requests.push(`${method} ${path}`);
      const answer = () => handler(new Request(target, init));
      return device?.hook ? device.hook(method, path.replace(/\?.*$/, ''), answer) : answer();
    };
  const opened: HttpSessionStorage[] = [];
  /** What the server holds, read without any copy. */
  const server = httpSessionStorage('http://app.test/api/agent', { headers: { 'x-user': 'ada' }, fetch: fetchOf(), offline: false });
  function device(): Device {
    const name = `device-${(databases += 1)}`;
    const device: Device = {
      indexedDB: new IDBFactory(),
      online: true,
      signedOut: false,
      requests: [],
      conflicts: [],
      syncErrors: [],
      hook: undefined,
      open({ waitForServerMs, ...options }: DeviceOptions = {}) {
        const storage = httpSessionStorage('http://app.test/api/agent', {
          ...options,
          headers: (): Record<string, string> => (device.signedOut ? {} : { 'x-user': 'ada' }),
          fetch: fetchOf(device),
          offline: { name, indexedDB: device.indexedDB, ...(waitForServerMs !== undefined ? { waitForServerMs } : {}) },
          onConflict: (conflict) => device.conflicts.push(conflict),
          onSyncError: (error, id) => device.syncErrors.push(`${id}: ${(error as { code?: string }).code}`),
        });
        opened.push(storage);
        return storage;
      },
    };
    return device;
  }
  /** Closes every storage opened (for afterEach). */
  const closeAll = () => Promise.all(opened.splice(0).map((storage) => storage.close()));
  return { server, device, closeAll };
}

/**
 * The texts of a stored session's messages, in order.
 *
 * @example
 * ```ts
 * expect(texts(await server.load('chat-1'))).toEqual(['Plan the launch']);
 * ```
 */
export const texts = (session: StoredSession | null): string[] =>
  (session?.snapshot.state.messages ?? []).map((message: Message) => message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''));

/**
 * `snapshot` with one more user message.
 *
 * @example
 * ```ts
 * await storage.save({ id: 'chat-1', snapshot: withUserMessage(before.snapshot, 'and the venue') }, before.revision);
 * ```
 */
export function withUserMessage(snapshot: AgentSnapshot, words: string): AgentSnapshot {
  const index = snapshot.state.messages.length;
  const message: Message = { id: `added-${index}`, role: 'user', parts: [{ type: 'text', id: `added-text-${index}`, text: words, status: 'done' }], status: 'done', createdAt: index };
  return { ...snapshot, state: { ...snapshot.state, messages: [...snapshot.state.messages, message] } };
}
