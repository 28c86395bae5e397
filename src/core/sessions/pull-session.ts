/**
 * Bringing the server's version of a session down into the offline copy: its record, then its
 * files, replacing what the copy held (only ever called when the copy has nothing the server
 * lacks, or once that was kept elsewhere).
 */
import type { FileRecord } from '../sandbox/storage/file-record';
import type { StoredSession } from './session-types';
import { readFiles, writeFiles, type OfflineSync } from './offline-sync';
import { fitSessionTitle } from './session-summary';

/**
 * Makes the copy of session `server.id` the server's version; `local` is the copy's record
 * (`null`: none). The server's files are read first (`files`: when already read); then the record
 * is saved with compare-and-set, so a save made here meanwhile makes this fail with `conflict`
 * before anything here was replaced; then file storages handed out before refuse to write, and
 * `beforeFiles` gets the count of file changes made here up to that moment (a caller keeping this
 * device's version elsewhere copies late changes first); only then are the files replaced.
 *
 * @example
 * ```ts
 * await pullSession(sync, server, await local.load(server.id));
 * ```
 */
export async function pullSession(
  sync: OfflineSync,
  server: StoredSession,
  local: StoredSession | null,
  files?: readonly FileRecord[],
  beforeFiles?: (fileChanges: number) => Promise<void>,
): Promise<void> {
  const { id } = server;
  const serverFiles = files ?? (await readFiles(sync.remote, id));
  const revision = await sync.local.save({ id, snapshot: server.snapshot }, local?.revision ?? null);
  let fileChanges = 0;
  await sync.records.update(id, (now) => {
    fileChanges = now.fileChanges;
    return { ...now, replaced: (now.replaced ?? 0) + 1 };
  });
  await beforeFiles?.(fileChanges);
  await writeFiles(sync.local, id, serverFiles);
  // Cut to the limit: a title the server kept from before there was one is still taken.
  if (server.titled) await sync.local.rename(id, fitSessionTitle(server.title));
  await sync.records.update(id, (now) => ({
    id,
    serverRevision: server.revision,
    localRevision: revision,
    fileChanges: now.fileChanges,
    filesPushed: now.fileChanges,
    ...(now.replaced !== undefined ? { replaced: now.replaced } : {}),
    // Removed here while this ran: the removal still goes to the server.
    ...(now.removed ? { removed: now.removed } : {}),
  }));
  sync.notify({ id, revision });
}
