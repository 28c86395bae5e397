/**
 * Bringing one session of an offline copy and the server together: push what changed here (the
 * files first, then the record that refers to them, compare-and-set on the server revision this
 * copy last matched), bring down what changed there, pass a removal on. When both changed, both
 * versions are kept (see `keepBothVersions`). Every step can stop half-way (the server goes away):
 * what is written first never depends on what comes after, so the next attempt starts over.
 */
import type { StoredSession } from './session-types';
import { keepBothVersions } from './keep-both-versions';
import { readFiles, writeFiles, type OfflineSync } from './offline-sync';
import { fitSessionTitle } from './session-summary';
import { pullSession } from './pull-session';
import { needsPush, type PushSent, type SyncRecord } from './sync-records';

/**
 * Pushes session `id` when it has changes the server has not seen; does nothing otherwise.
 * Rejects with `unavailable` when the server cannot be reached (the changes stay to push).
 *
 * @example
 * ```ts
 * await pushSession(sync, 'chat-1');
 * ```
 */
export async function pushSession(sync: OfflineSync, id: string): Promise<void> {
  const record = await sync.records.get(id);
  if (record.removed) return pushRemoval(sync, record);
  const local = await sync.local.load(id);
  if (local === null || !needsPush(record, local.revision)) return;
  let serverRevision = record.serverRevision;
  if (local.revision !== record.localRevision || record.fileChanges !== record.filesPushed) {
    // The files are not compare-and-set: look before writing them over another device's.
    if (record.fileChanges !== record.filesPushed || serverRevision === null) {
      const server = await sync.remote.load(id);
      if (server === null ? serverRevision !== null : server.revision !== serverRevision) return settle(sync, local, record, server);
      await pushFiles(sync, id, serverRevision === null ? undefined : record.changedFiles);
    }
    // Noted before it is sent, so that a push whose answer is lost is known when it landed.
    const sent: PushSent = { fingerprint: fingerprint(sync, local.snapshot), localRevision: local.revision, fileChanges: record.fileChanges };
    await sync.records.update(id, (now) => ({ ...now, unanswered: [...(now.unanswered ?? []), sent].slice(-unansweredKept) }));
    try {
      serverRevision = await sync.remote.save({ id, snapshot: local.snapshot }, serverRevision);
    } catch (error) {
      if ((error as { code?: string }).code !== 'conflict') throw error;
      return settle(sync, local, record, await sync.remote.load(id), error);
    }
  }
  if (record.title !== undefined) {
    // A session another device removed has no title to take: the rename is dropped with it.
    await sync.remote.rename(id, record.title).catch((error: unknown) => {
      if ((error as { code?: string }).code !== 'failed') throw error;
    });
  }
  await sync.records.update(id, (now) => {
    const { unanswered: _answered, changedFiles, ...rest } = now;
    // Files changed meanwhile keep the list (those pushed now go again: harmless).
    const still = now.fileChanges !== record.fileChanges && changedFiles ? { changedFiles } : {};
    return { ...rest, ...still, serverRevision, localRevision: local.revision, filesPushed: record.fileChanges, ...(now.title === record.title ? { title: undefined } : {}) };
  });
}

/**
 * Sends the session's files to the server: the ones at `paths` (written, or deleted when no
 * longer here) as one change set, or the whole tree when `paths` is not known.
 */
async function pushFiles(sync: OfflineSync, id: string, paths: readonly string[] | undefined): Promise<void> {
  const here = await readFiles(sync.local, id);
  if (paths === undefined) return writeFiles(sync.remote, id, here);
  const byPath = new Map(here.map((file) => [file.path, file]));
  const files = sync.remote.files(id);
  try {
    await files.save({ written: paths.flatMap((path) => byPath.get(path) ?? []), deleted: paths.filter((path) => !byPath.has(path)) });
  } finally {
    await files.close();
  }
}

/** How many unanswered pushes a record remembers: each retry while the network comes and goes is one. */
const unansweredKept = 8;

/** A short fingerprint of a snapshot as JSON (what the server keeps and sends back). */
function fingerprint(sync: OfflineSync, snapshot: unknown): string {
  return sync.kit.contentHash(JSON.stringify(snapshot));
}

/**
 * Brings session `id` up to date with the server (whose record is `server`): pushes it when it
 * changed here, brings the server's version down when it changed there (or is not here yet),
 * takes a title given there, and removes it here when the server removed it and nothing here
 * changed.
 *
 * @example
 * ```ts
 * await syncSession(sync, 'chat-1', await remote.load('chat-1'));
 * ```
 */
export async function syncSession(sync: OfflineSync, id: string, server: StoredSession | null): Promise<void> {
  const record = await sync.records.get(id);
  const local = record.removed ? null : await sync.local.load(id);
  if (record.removed || (local !== null && needsPush(record, local.revision))) return pushSession(sync, id);
  if (server === null) {
    if (local !== null && record.serverRevision !== null) await removeHere(sync, id);
    return;
  }
  // An answer older than what this copy already matched (a stale cache, a lagging replica) is not the server's news: this copy is kept.
  if (local !== null && goesBack(record, server)) return;
  if (local === null || server.revision !== record.serverRevision) return pullSession(sync, server, local);
  if (server.titled && fitSessionTitle(server.title) !== local.title) {
    await sync.local.rename(id, fitSessionTitle(server.title));
    sync.notify({ id, revision: local.revision });
  }
}

/** Whether the server's answer is older than the server revision this copy already matched. */
const goesBack = (record: SyncRecord, server: StoredSession): boolean => record.serverRevision !== null && server.revision < record.serverRevision;

/** Removes session `id` here, as the server did. */
async function removeHere(sync: OfflineSync, id: string): Promise<void> {
  await sync.local.remove(id);
  await sync.records.delete(id);
  sync.notify({ id, revision: null });
}

/** A removal made here: passed on, unless another device changed the session since (then it stays, nothing lost). */
async function pushRemoval(sync: OfflineSync, record: SyncRecord): Promise<void> {
  const server = record.serverRevision === null ? null : await sync.remote.load(record.id);
  if (server === null || server.revision === record.serverRevision) await sync.remote.remove(record.id);
  await sync.records.delete(record.id);
}

/**
 * The server's session is not the one this copy last matched: settle without losing either side.
 * `refusal`: the server's answer that told, rethrown when there is nothing to settle.
 */
async function settle(sync: OfflineSync, local: StoredSession, record: SyncRecord, server: StoredSession | null, refusal?: unknown): Promise<void> {
  if (server !== null && goesBack(record, server)) {
    // Settling against it would bring an older version down over this one: try again later.
    throw new sync.kit.PersistenceError('unavailable', `The session server answered session "${local.id}" at revision ${server.revision}, older than revision ${record.serverRevision} which this device already had (a stale cache or replica?); it is sent again later.`);
  }
  if (server === null) {
    if (record.serverRevision === null) throw refusal;
    // Removed on the server while it changed here: it goes up again as a new session.
    await sync.records.update(local.id, (now) => ({ ...now, serverRevision: null }));
    return pushSession(sync, local.id);
  }
  // Another tab of this browser pushed this very version (browsers without Web Locks): nothing to keep twice.
  const there = fingerprint(sync, server.snapshot);
  if (there === fingerprint(sync, local.snapshot)) {
    return sync.records.update(local.id, (now) => ({ ...now, serverRevision: server.revision, localRevision: local.revision }));
  }
  // A push of ours that landed although its answer was lost (the network went after the server
  // wrote it), with saves made here since: the server is at our own older version, so push on top.
  const landed = (await sync.records.get(local.id)).unanswered?.find((sent) => sent.fingerprint === there);
  if (landed !== undefined) {
    await sync.records.update(local.id, (now) => {
      const { unanswered: _answered, ...rest } = now;
      return { ...rest, serverRevision: server.revision, localRevision: landed.localRevision, filesPushed: landed.fileChanges };
    });
    return pushSession(sync, local.id);
  }
  return keepBothVersions(sync, local, record, server);
}
