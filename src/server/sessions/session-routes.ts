/**
 * The session routes of `createAgentHandler({ sessions })`, under the handler's base path:
 *
 * - `GET /sessions` → `{ sessions: SessionSummary[] }`, most recently updated first
 * - `GET /sessions/{id}` → the `StoredSession`, or 404 (with `?missing=null`: 200 `null`)
 * - `PUT /sessions/{id}` `{ snapshot, expectedRevision }` → `{ revision, pieces }`, or 409 `conflict`
 *   (409 `future-format` for a snapshot newer than this server reads, 400 for one a device would refuse)
 * - `PUT /sessions/{id}` `{ changes, expectedRevision }` → the same, for a saved session: only
 *   what changed (see `session-changes`); 409 `base-changed` when the server holds other chunks
 *   than the client had (it then sends the whole snapshot)
 * - `PATCH /sessions/{id}` `{ title }` → 204, or 404 (400 past `maxSessionTitleLength` characters)
 * - `DELETE /sessions/{id}` → 204 (with its files; a missing session is fine)
 * - `GET /sessions/{id}/files` → `{ version, files }` (binary content as base64) or `null`
 * - `POST /sessions/{id}/files` `{ written, deleted }` → 204 (one atomic change set)
 * - `PUT /sessions/{id}/files` `{ files }` → 204 (replaces them all)
 * - `DELETE /sessions/{id}/files` → 204
 *
 * Every route is scoped to the user `authorize` named: another user's id is a 404 like an id
 * that does not exist (never a 403, which would tell that it does).
 */
import { PersistenceError } from '../../core/index';
import {
  applySessionChanges,
  chunksOf,
  contentHash,
  fileRecordFromJson,
  fileRecordToJson,
  headOf,
  nextSessionRecord,
  piecesPerChunk,
  sameChunk,
  snapshotFromJson,
  snapshotToJson,
  type ChangesKit,
} from '../../core/internal';
import { agentSnapshotVersion, readSnapshot } from '../../core/sessions/index';
import { errorResponse, jsonResponse } from '../http-responses';
import { bodyErrorResponse, readJsonBody } from '../read-json-body';
import type { ServerSessionStore } from './server-session-store';

/**
 * Sessions kept on the server, per user.
 *
 * @example
 * ```ts
 * createAgentHandler({ authorize: async (request) => ({ userId: await userOf(request) }), sessions: { store: memoryServerSessionStore() } });
 * ```
 */
export interface SessionRoutesOptions {
  /** Where the sessions live, e.g. `postgresSessionStore({ connectionString })`. */
  store: ServerSessionStore;
  /**
   * For apps without users, whose `authorize` returns `true`: every request then shares the
   * sessions of one user, `sharedSessionsUserId`. Without it, such requests get a 403 that asks
   * `authorize` to return `{ userId }`. Default false.
   */
  withoutUsers?: boolean;
  /**
   * Largest body of a session save or a files upload, in bytes; a larger one gets 413. A
   * conversation's first save is whole (later ones send what changed, an older client's are whole
   * too), so this bounds how long one can grow on the server (about 300 bytes a message, more with
   * tool output and files). Default 32 MiB; the handler's own
   * `maxBodyBytes` (1 MiB) still applies to every other route.
   */
  maxBodyBytes?: number;
}

/** The default of `sessions.maxBodyBytes`: room for a conversation of tens of thousands of messages. */
export const defaultSessionMaxBodyBytes = 32 * 1024 * 1024;

/**
 * The user id under which `sessions: { withoutUsers: true }` keeps everyone's sessions.
 *
 * @example
 * ```ts
 * await store.list(sharedSessionsUserId); // what an app without users has saved
 * ```
 */
export const sharedSessionsUserId = 'shared';

/** What the session routes need from the handler. */
export interface SessionRouteContext {
  readonly store: ServerSessionStore;
  readonly userId: string;
  readonly maxBodyBytes: number;
  readonly bodyTimeoutMs: number;
  /** The slowest average a body may arrive at, in bytes a second (default 8 KiB). */
  readonly minBodyBytesPerSecond?: number;
}

const idPattern = /^[A-Za-z0-9_-][A-Za-z0-9_.:-]*$/;
const maxIdLength = 128;

/** Whether `path` (after the base path) is one of the session routes. */
export function isSessionPath(path: string): boolean {
  return path === '/sessions' || path.startsWith('/sessions/');
}

/**
 * Answers one session route for `context.userId`. A store's `PersistenceError` becomes a 400
 * (`invalid-record`), 409 (`conflict`, `future-format`) or 404; any other failure is thrown for
 * the handler's 500.
 *
 * @example
 * ```ts
 * if (isSessionPath(path)) return handleSessionRoute(request, path, { store, userId, maxBodyBytes, bodyTimeoutMs });
 * ```
 */
export async function handleSessionRoute(request: Request, path: string, context: SessionRouteContext): Promise<Response> {
  const { store, userId } = context;
  if (path === '/sessions' || path === '/sessions/') {
    if (request.method !== 'GET') return methodNotAllowed('GET');
    return jsonResponse({ sessions: await store.list(userId) });
  }
  const match = /^\/sessions\/([^/]+)(\/files)?\/?$/.exec(path);
  if (!match) return errorResponse(404, 'not-found', 'Session routes are /sessions, /sessions/{id} and /sessions/{id}/files.');
  const id = checkId(match[1]!);
  if (id instanceof Response) return id;
  try {
    return match[2] ? await filesRoute(request, id, context) : await sessionRoute(request, id, context);
  } catch (error) {
    if (!(error instanceof PersistenceError)) throw error;
    if (error.code === 'invalid-record') return errorResponse(400, 'invalid-request', error.message);
    if (error.code === 'conflict' || error.code === 'future-format') return errorResponse(409, error.code, error.message);
    throw error;
  }
}

async function sessionRoute(request: Request, id: string, context: SessionRouteContext): Promise<Response> {
  const { store, userId } = context;
  switch (request.method) {
    case 'GET': {
      const session = await store.load(userId, id);
      // Binary content (files in checkpoints) travels as base64, as the browser's storage reads it.
      if (session !== null) return jsonResponse({ ...session, snapshot: snapshotToJson(session.snapshot), pieces: piecesPerChunk });
      // `?missing=null` asks for 200 `null` rather than 404: a client opening a conversation that is
      // not saved yet (every new one) is not failing, and browsers log every 404 as an error.
      return new URL(request.url).searchParams.get('missing') === 'null' ? jsonResponse(null) : notFound(id);
    }
    case 'PUT': {
      const body = await readObject(request, context, '{ snapshot, expectedRevision }');
      if (body instanceof Response) return body;
      const { expectedRevision } = body;
      let { snapshot } = body;
      if (expectedRevision !== null && !(typeof expectedRevision === 'number' && Number.isSafeInteger(expectedRevision) && expectedRevision > 0)) {
        return errorResponse(400, 'invalid-request', `"expectedRevision" must be the revision the session was loaded at (a positive whole number), or null for a new session; got ${JSON.stringify(expectedRevision)}.`);
      }
      if (body.changes !== undefined) {
        // What changed, against the chunks this server holds: the whole snapshot is made here and
        // then checked and saved as a whole one is (the store's compare-and-set included).
        if (expectedRevision === null) return errorResponse(400, 'invalid-request', 'Send a new session whole, as "snapshot"; "changes" apply to a saved one.');
        const whole = await withChanges(store, userId, id, expectedRevision, body.changes);
        if (whole instanceof Response) return whole;
        snapshot = whole;
      }
      if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
        return errorResponse(400, 'invalid-request', 'Send the conversation as "snapshot": what agent.snapshot() returns.');
      }
      // Bytes are decoded only where the format holds them (file records), so model data stays JSON.
      let decoded: unknown;
      try {
        decoded = snapshotFromJson(snapshot);
      } catch (error) {
        return errorResponse(400, 'invalid-request', (error as Error).message);
      }
      // Checked as every device will read it, so nothing that would not open is kept: a damaged
      // snapshot is a 400 that says what is wrong; one of a newer format than this server reads
      // is a 409 `future-format` (storing it would leave a session that no device of this version
      // opens, and that this server could not check).
      try {
        readSnapshot(decoded);
      } catch (error) {
        if (error instanceof PersistenceError && error.code === 'corrupt') return errorResponse(400, 'invalid-request', `"snapshot" is not an agent snapshot that would open (what agent.snapshot() returns): ${error.message}`);
        if (error instanceof PersistenceError && error.code === 'future-format') {
          const version = (decoded as { version?: unknown }).version;
          return errorResponse(409, 'future-format', `This conversation is in snapshot format ${String(version)}, newer than this server's react-agent-kit reads (up to ${agentSnapshotVersion}); nothing was stored. Update the server.`);
        }
        throw error;
      }
      try {
        const revision = await store.save(userId, { id, snapshot: decoded as never }, expectedRevision);
        // `pieces`: the next save may send only what changed (a client of an older server never sees it).
        return jsonResponse({ revision, pieces: piecesPerChunk });
      } catch (error) {
        // Updating a session this user does not have (never had, removed, or someone else's): not found.
        if (error instanceof PersistenceError && error.code === 'conflict' && expectedRevision !== null && (await store.load(userId, id)) === null) return notFound(id);
        throw error;
      }
    }
    case 'PATCH': {
      const body = await readObject(request, context, '{ title }');
      if (body instanceof Response) return body;
      if (typeof body.title !== 'string') return errorResponse(400, 'invalid-request', `Send the new title as "title", a string; got ${JSON.stringify(body.title)}.`);
      return (await store.rename(userId, id, body.title)) ? noContent() : notFound(id);
    }
    case 'DELETE':
      await store.remove(userId, id);
      return noContent();
    default:
      return methodNotAllowed('GET, PUT, PATCH, DELETE');
  }
}

/** The kit functions the changes are applied with (see `session-changes`). */
const changesKit: ChangesKit = { chunksOf, headOf, sameChunk, snapshotToJson, contentHash };

/**
 * The whole snapshot (JSON) that `changes` make of the stored session, or the answer when they
 * cannot apply: 404 (no such session), a store's `conflict` (another revision: refused as a whole
 * save would be), 409 `base-changed` (the chunks here are not those the client had: it sends the
 * whole snapshot instead), 400 (not well-formed).
 */
async function withChanges(store: ServerSessionStore, userId: string, id: string, expectedRevision: number, changes: unknown): Promise<unknown> {
  const stored = await store.load(userId, id);
  if (stored === null) return notFound(id);
  // Throws the store's own `conflict` (or `future-format`) for a session at another revision.
  nextSessionRecord(stored, { id, snapshot: stored.snapshot }, expectedRevision, 0);
  let whole: unknown;
  try {
    whole = applySessionChanges(changesKit, stored.snapshot, changes, piecesPerChunk);
  } catch (error) {
    return errorResponse(400, 'invalid-request', (error as Error).message);
  }
  if (whole === 'base-changed') return errorResponse(409, 'base-changed', `Session "${id}" holds other chunks than the ones these changes were made against; nothing was written. Send the whole snapshot.`);
  return whole;
}

async function filesRoute(request: Request, id: string, context: SessionRouteContext): Promise<Response> {
  const { store, userId } = context;
  switch (request.method) {
    case 'GET': {
      const saved = await store.loadFiles(userId, id);
      return jsonResponse(saved === null ? null : { version: saved.version, files: saved.files.map(fileRecordToJson) });
    }
    case 'POST': {
      const body = await readObject(request, context, '{ written, deleted }');
      if (body instanceof Response) return body;
      if (!Array.isArray(body.written) || !Array.isArray(body.deleted)) return errorResponse(400, 'invalid-request', 'Send the change set as { written: [file records], deleted: [paths] }.');
      const written = body.written.map((value: unknown) => fileRecordFromJson(value, 'reading the written files'));
      await store.saveFiles(userId, id, { written, deleted: body.deleted as string[] });
      return noContent();
    }
    case 'PUT': {
      const body = await readObject(request, context, '{ files }');
      if (body instanceof Response) return body;
      if (!Array.isArray(body.files)) return errorResponse(400, 'invalid-request', 'Send the whole tree as { files: [file records] }.');
      await store.replaceFiles(userId, id, body.files.map((value: unknown) => fileRecordFromJson(value, 'reading the files')));
      return noContent();
    }
    case 'DELETE':
      await store.clearFiles(userId, id);
      return noContent();
    default:
      return methodNotAllowed('GET, POST, PUT, DELETE');
  }
}

async function readObject(request: Request, context: SessionRouteContext, shape: string, reviver?: (key: string, value: unknown) => unknown): Promise<Record<string, unknown> | Response> {
  const body = await readJsonBody(request, { maxBytes: context.maxBodyBytes, timeoutMs: context.bodyTimeoutMs, minBytesPerSecond: context.minBodyBytesPerSecond, reviver });
  if (!body.ok) return bodyErrorResponse(body);
  if (typeof body.value !== 'object' || body.value === null || Array.isArray(body.value)) return errorResponse(400, 'invalid-request', `Send a JSON object: ${shape}.`);
  return body.value as Record<string, unknown>;
}


function checkId(segment: string): string | Response {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    return errorResponse(400, 'invalid-session-id', `The session id ${JSON.stringify(segment)} is not valid percent-encoding.`);
  }
  if (id.length > maxIdLength) return errorResponse(400, 'invalid-session-id', `A session id has at most ${maxIdLength} characters; this one has ${id.length}.`);
  if (!idPattern.test(id)) {
    return errorResponse(400, 'invalid-session-id', `The session id ${JSON.stringify(id)} may hold only letters, digits, "-", "_", "." and ":" (and may not start with "." or ":").`);
  }
  return id;
}

function notFound(id: string): Response {
  return errorResponse(404, 'not-found', `There is no session ${JSON.stringify(id)} for this user; it may have been removed.`);
}

function noContent(): Response {
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
}

function methodNotAllowed(allowed: string): Response {
  return errorResponse(405, 'method-not-allowed', `Use ${allowed} for this route.`, { allow: allowed });
}
