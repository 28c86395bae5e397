import { PersistenceError } from '../persistence/persistence-error';
import { deadlineOption, fetchWithDeadline, isRequestTimeout } from '../providers/fetch-deadline';
import { fileRecordFromJson, fileRecordToJson } from '../sandbox/storage/file-record-json';
import type { SandboxSnapshot, SandboxStorage } from '../sandbox/storage/sandbox-storage';
import { readSnapshot } from './snapshot-format';
import { snapshotFromJson, snapshotToJson } from './snapshot-json';
import type { SessionGrants, SessionStorage, SessionSummary, StoredSession } from './session-types';
import { deferredSessionStorage } from './deferred-session-storage';
import { indexedDbSessionStorage } from './indexed-db-session-storage';
import { syncKit } from './sync-kit';
import { isRevision } from './session-revision';
import type { HttpSessionStorage, HttpSessionStorageOptions } from './http-session-types';
import { chunksOf, headOf, piecesPerChunk, sameChunk } from './session-pieces';
import type { ChangesKit, ChangesMemory } from './session-changes';

export type { HttpSessionStorage, HttpSessionStorageOptions, SessionConflict } from './http-session-types';

/**
 * A `SessionStorage` on the app's backend: the session routes of `createAgentHandler({ sessions })`
 * (react-agent-kit/server) at `url` (the handler's base, e.g. `/api/agent`). It plugs into
 * `createAgent({ session })` and `useSessions` like the IndexedDB one: compare-and-set saves (a
 * stale save rejects with `PersistenceError` `conflict` and writes nothing), summaries derived by the
 * server, the session's files under it. Which user's sessions these are is the server's to say
 * (its `authorize` returns `{ userId }`); send what identifies the user in `headers` or cookies.
 *
 * Offline copy (on by default where there is IndexedDB; `offline: false` turns it off): the
 * agent and the list work on a copy of the sessions in IndexedDB, so the app keeps working while
 * the server cannot be reached, and a reload loses nothing. Changes go to the server as soon as
 * it answers (again on the browser's `online` event, on a timer, and with the next call); a load
 * brings the server's newer version down first. When a session changed here and on the server at
 * once, both versions are kept: the server's keeps the id, this device's becomes a new session
 * titled "<title> (offline copy)", on the server too, and `onConflict` is told. An agent that had
 * the session open stops saving (status `conflict`) instead of overwriting either. `sync()`
 * pushes now; `pendingSync()` counts what is left. Without the copy, a server that cannot be
 * reached is `unavailable`; the agent keeps working and saves again later.
 *
 * The stored sessions are data any HTTP client of the user can write (`PUT /sessions/{id}`), so
 * their "always allow" grants are dropped on load, with a notice in the thread, as a session
 * file's are (`grants: 'untrusted'`), unless `trustGrants` says why nothing else can write them.
 *
 * @example
 * ```ts
 * const storage = httpSessionStorage('/api/agent', {
 *   headers: () => ({ Authorization: `Bearer ${token()}` }),
 *   offline: { name: userId },
 *   onConflict: ({ title }) => toast(`Your offline changes were kept as "${title}".`),
 * });
 * const agent = createAgent({ model, session: { id: 'chat-1', storage } });
 * ```
 */
export function httpSessionStorage(url: string, options: HttpSessionStorageOptions = {}): HttpSessionStorage {
  if (typeof url !== 'string' || url === '') throw new TypeError('httpSessionStorage(url): url must be the base URL of the agent handler, e.g. "/api/agent".');
  const base = url.replace(/\/+$/, '');
  const grants = grantsOf(options.trustGrants);
  const remote = sessionRoutesClient(base, options);
  const { offline = true, onConflict, onSyncError } = options;
  const { name = `http ${base}`, indexedDB = (globalThis as { indexedDB?: IDBFactory }).indexedDB, waitForServerMs } = typeof offline === 'object' ? offline : {};
  const waitMs = deadlineOption('httpSessionStorage', 'offline.waitForServerMs', waitForServerMs, defaultWaitForServerMs);
  if (offline === false || indexedDB === undefined) return { ...remote, grants, sync: async () => {}, pendingSync: async () => 0 };
  const local = indexedDbSessionStorage({ name, indexedDB });
  // The copy holds what the server sent: its grants are as trustworthy as the server's.
  return deferredSessionStorage(() => import('./offline-session-copy').then((copy) => copy.offlineSessionCopy(remote, local, { records: `react-agent-kit:sessions:${name}:sync`, indexedDB, onConflict, onSyncError, kit: syncKit, grants, waitForServerMs: waitMs })), grants, local.tabs);
}

/** The storage's `grants`: trusted only with a reason the app wrote down. */
function grantsOf(trust: HttpSessionStorageOptions['trustGrants']): SessionGrants {
  if (trust === undefined) return 'untrusted';
  if (typeof trust !== 'object' || trust === null || typeof trust.reason !== 'string' || trust.reason.trim() === '') {
    throw new TypeError('httpSessionStorage: `trustGrants` must be { reason: "..." }, saying why nothing but this app can write the stored sessions (their "always allow" grants are kept on load).');
  }
  return 'trusted';
}

/** The kit functions `session-changes` uses, handed over so that its lazy chunk imports nothing of the main bundle. */
const changesKit: ChangesKit = { chunksOf, headOf, sameChunk, snapshotToJson, contentHash: syncKit.contentHash };

/** How long a request to the session routes may take, answer included, by default. */
const defaultRequestTimeoutMs = 30_000;
/** How long `list` and `load` of the offline copy wait for the server before they answer from the copy, by default. */
const defaultWaitForServerMs = 3_000;

/** The plain client of the session routes at `base`: every call is a request. */
function sessionRoutesClient(base: string, options: HttpSessionStorageOptions): SessionStorage {
  let closed = false;
  const requestTimeoutMs = deadlineOption('httpSessionStorage', 'requestTimeoutMs', options.requestTimeoutMs, defaultRequestTimeoutMs);

  async function request(method: string, path: string, body?: unknown): Promise<Response> {
    if (closed) throw new PersistenceError('closed', 'The HTTP session storage was closed.');
    const headers = new Headers(typeof options.headers === 'function' ? await options.headers() : options.headers);
    if (body !== undefined) headers.set('content-type', 'application/json');
    let response: Response;
    try {
      // The whole answer is read within the deadline: a server that stalls mid-body is given up too.
      response = await fetchWithDeadline(
        options.fetch ?? ((input, init) => fetch(input, init)),
        `${base}${path}`,
        {
          method,
          headers,
          credentials: options.credentials ?? 'same-origin',
          ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        },
        { timeoutMs: requestTimeoutMs, until: 'answer' },
      );
    } catch (error) {
      // Given up at the deadline counts as not reached (the offline copy goes on from the copy).
      const reason = isRequestTimeout(error) ? `no answer to ${method} ${path} within ${requestTimeoutMs} ms` : error instanceof Error ? error.message : String(error);
      throw new PersistenceError('unavailable', `The session server at ${base} could not be reached (${reason}).`, { cause: error });
    }
    if (response.ok || response.status === 404 || response.status === 409) return response;
    // A 503 with `retry-after` (a server reading as many large saves as it takes at once) says when to send it again.
    const retryAfterMs = response.status === 503 ? secondsOf(response.headers.get('retry-after')) : undefined;
    throw new PersistenceError(response.status === 413 ? 'quota-exceeded' : response.status >= 500 ? 'unavailable' : 'failed', `The session server answered ${method} ${path} with ${response.status}: ${(await errorOf(response)).message}`, { retryAfterMs });
  }

  const sessionPath = (id: string) => `/sessions/${encodeURIComponent(id)}`;

  // What the server holds of the sessions saved or loaded last, so a save sends only what changed
  // (`session-changes`, loaded with the first save or load that needs it). A chunk that cannot
  // load (offline before it was ever fetched) means whole snapshots, and another try next time.
  let loading: Promise<ChangesMemory | undefined> | undefined;
  const changes = () => (loading ??= import('./session-changes').then((module) => module.changesMemory(changesKit), () => (loading = undefined)));

  function files(id: string): SandboxStorage {
    const path = `${sessionPath(id)}/files`;
    return {
      async load() {
        const response = await request('GET', path);
        if (response.status === 404) return null;
        const value = (await readJson(response, 'the files')) as { version?: unknown; files?: unknown } | null;
        if (value === null) return null;
        if (typeof value !== 'object' || !Array.isArray(value.files) || typeof value.version !== 'number') throw corrupt('the files are not a saved tree');
        return { version: value.version, files: value.files.map((record) => fileRecordFromJson(record, 'loading the session files')) } satisfies SandboxSnapshot;
      },
      async save(changes) {
        await expectDone(await request('POST', path, { written: changes.written.map(fileRecordToJson), deleted: changes.deleted }), 'saving the files');
      },
      async saveAll(records) {
        await expectDone(await request('PUT', path, { files: records.map(fileRecordToJson) }), 'saving the files');
      },
      async clear() {
        await expectDone(await request('DELETE', path), 'clearing the files');
      },
      async close() {},
    };
  }

  return {
    async list() {
      const value = (await readJson(await request('GET', '/sessions'), 'the session list')) as { sessions?: unknown };
      if (!Array.isArray(value?.sessions)) throw corrupt('the session list is not a list');
      return value.sessions.map(readSummary);
    },
    async load(id) {
      // A session not saved yet is `null`, not a 404 (which the browser would log as an error);
      // a server that answers 404 anyway (an older kit) means the same.
      const response = await request('GET', `${sessionPath(id)}?missing=null`);
      if (response.status === 404) return null;
      const value = (await readJson(response, `session "${id}"`)) as Record<string, unknown> | null;
      if (value === null) return null;
      const summary = readSummary(value);
      if (summary.id !== id) throw corrupt(`asked for session "${id}", the server sent "${summary.id}"`);
      const snapshot = readSnapshot(snapshotFromJson(value.snapshot, corrupt));
      if (value.pieces === piecesPerChunk) (await changes())?.remember(id, snapshot, summary.revision);
      return { ...summary, titled: value.titled === true, snapshot } satisfies StoredSession;
    },
    async save(session, expectedRevision) {
      const { id, snapshot } = session;
      const pieces = await changes();
      // When the server has this session's chunks as of `expectedRevision`: only what changed goes.
      let sent = pieces?.changes(id, snapshot, expectedRevision);
      let response: Response | undefined;
      let refusal: { code?: string; message: string } | undefined;
      if (sent) {
        response = await request('PUT', sessionPath(id), { changes: sent.changes, expectedRevision });
        refusal = response.status === 409 ? await errorOf(response) : undefined;
        // It holds other chunks (an older server's write, say): the whole snapshot goes instead.
        if (refusal?.code === 'base-changed') response = sent = refusal = undefined;
      }
      // Bytes only where the snapshot holds bytes (binary files) travel as { $bytes: base64 }.
      response ??= await request('PUT', sessionPath(id), { snapshot: snapshotToJson(snapshot), expectedRevision });
      if (response.status === 409) {
        const { code, message } = refusal ?? (await errorOf(response));
        // A session saved by a newer version of the kit stays as it is, and says so.
        if (code === 'future-format') throw new PersistenceError('future-format', message);
        throw new PersistenceError('conflict', `Session "${session.id}" was saved elsewhere first (${message}); nothing was written.`);
      }
      if (response.status === 404) {
        // Updating a session the server no longer has: it was removed elsewhere.
        if (expectedRevision !== null) throw new PersistenceError('conflict', `Session "${session.id}" was removed on the server; nothing was written.`);
        throw new PersistenceError('failed', `The server has no session routes at ${base}/sessions (404).`);
      }
      const value = (await readJson(response, 'the save')) as { revision?: unknown } | null;
      // A revision no server gives (1e308, 2**53, 0, -1) would be sent back with every later save: refused here, so the push fails and the next one asks the server again.
      if (!isRevision(value?.revision)) throw corrupt(`the save of session "${session.id}" was answered with ${JSON.stringify(value?.revision) ?? 'no revision'}, not a revision (a positive whole number)`);
      // A server that takes changes says so (`pieces`, its chunk size); one of an older kit never does.
      if ((value as { pieces?: unknown }).pieces === piecesPerChunk) pieces?.remember(id, snapshot, value.revision, sent);
      return value.revision;
    },
    async rename(id, title) {
      const response = await request('PATCH', sessionPath(id), { title });
      if (response.status === 404) throw new PersistenceError('failed', `There is no session "${id}" to rename.`);
      await expectDone(response, 'renaming');
    },
    async remove(id) {
      await request('DELETE', sessionPath(id));
    },
    files,
    async close() {
      closed = true;
    },
  };
}

function corrupt(problem: string): PersistenceError {
  return new PersistenceError('corrupt', `The session server sent something unexpected: ${problem}.`);
}

async function readJson(response: Response, what: string): Promise<unknown> {
  try {
    return JSON.parse(await response.text()) as unknown;
  } catch (error) {
    throw new PersistenceError('corrupt', `The session server sent ${what} as something that is not JSON.`, { cause: error });
  }
}

async function expectDone(response: Response, doing: string): Promise<void> {
  if (response.status === 404) throw new PersistenceError('failed', `The session server found nothing to do ${doing} (404): ${(await errorOf(response)).message}`);
  await response.body?.cancel();
}

/** A `retry-after` of whole seconds, in milliseconds (a date or anything else: undefined). */
function secondsOf(value: string | null): number | undefined {
  return value !== null && /^\d{1,9}$/.test(value.trim()) ? Number(value.trim()) * 1000 : undefined;
}

/** The `{ error: { code, message } }` of a refusal (the status text when the body is not one). */
async function errorOf(response: Response): Promise<{ code?: string; message: string }> {
  try {
    const { error } = (await response.json()) as { error?: { code?: unknown; message?: unknown } };
    return { ...(typeof error?.code === 'string' ? { code: error.code } : {}), message: typeof error?.message === 'string' ? error.message : response.statusText };
  } catch {
    return { message: response.statusText };
  }
}

function readSummary(value: unknown): SessionSummary {
  const record = value as Record<string, unknown> | null;
  if (typeof record !== 'object' || record === null) throw corrupt('a session is not an object');
  const { id, title, createdAt, updatedAt, messageCount, revision } = record;
  if (typeof id !== 'string' || typeof title !== 'string') throw corrupt('a session has no id or title');
  for (const [name, number] of Object.entries({ createdAt, updatedAt, messageCount })) {
    if (typeof number !== 'number' || !Number.isFinite(number)) throw corrupt(`session "${id}" has no ${name}`);
  }
  if (!isRevision(revision)) throw corrupt(`session "${id}" has the revision ${JSON.stringify(revision) ?? 'undefined'}, not a positive whole number`);
  return { id, title, createdAt: createdAt as number, updatedAt: updatedAt as number, messageCount: messageCount as number, revision };
}
