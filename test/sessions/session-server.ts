/**
 * A session server in process for the HTTP session storage's tests: the real handler's session
 * routes, and devices whose network can be cut (their fetch then rejects with a TypeError, as a
 * browser's does), each with its own IndexedDB (fake-indexeddb) for the offline copy.
 */
import { IDBFactory } from 'fake-indexeddb';
import { httpSessionStorage, type HttpSessionStorage, type SessionConflict } from '../../src/core/sessions/index';
import { createAgentHandler, memoryServerSessionStore } from '../../src/server/index';

let databases = 0;

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
  /** A storage with the offline copy (a new one is a reload, or another tab). */
  open(): HttpSessionStorage;
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
  const fetchOf = (device?: Pick<Device, 'online' | 'requests'>): typeof fetch =>
    async (url, init) => {
      const target = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
      if (device && !device.online) throw new TypeError('Failed to fetch');
      device?.requests.push(`${init?.method ?? 'GET'} ${target.replace('http://app.test/api/agent', '')}`);
      return handler(new Request(target, init));
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
      open() {
        const storage = httpSessionStorage('http://app.test/api/agent', {
          headers: (): Record<string, string> => (device.signedOut ? {} : { 'x-user': 'ada' }),
          fetch: fetchOf(device),
          offline: { name, indexedDB: device.indexedDB },
          onConflict: (conflict) => device.conflicts.push(conflict),
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
