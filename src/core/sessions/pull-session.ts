/**
 * Bringing the server's version of a session down into the offline copy: its files, then its
 * record, replacing what the copy held (only ever called when the copy has nothing the server
 * lacks, or once that was kept elsewhere).
 */
import type { FileRecord } from '../sandbox/storage/file-record';
import type { StoredSession } from './session-types';
import { readFiles, writeFiles, type OfflineSync } from './offline-sync';

/**
 * Makes the copy of session `server.id` the server's version, files first; `local` is the copy's
 * record (`null`: none), and a save made here meanwhile makes this fail with `conflict`. `files`:
 * the server's files, when already read.
 *
 * @example
 * ```ts
 * await pullSession(sync, server, await local.load(server.id));
 * ```
 */
export async function pullSession(sync: OfflineSync, server: StoredSession, local: StoredSession | null, files?: readonly FileRecord[]): Promise<void> {
  const { id } = server;
  // Everything from the server first, so that what follows are local writes only.
  const serverFiles = files ?? (await readFiles(sync.remote, id));
  // File storages handed out before this point belong to the version being replaced.
  await sync.records.update(id, (now) => ({ ...now, replaced: (now.replaced ?? 0) + 1 }));
  await writeFiles(sync.local, id, serverFiles);
  const revision = await sync.local.save({ id, snapshot: server.snapshot }, local?.revision ?? null);
  if (server.titled) await sync.local.rename(id, server.title);
  await sync.records.update(id, (now) => ({
    id,
    serverRevision: server.revision,
    localRevision: revision,
    fileChanges: now.fileChanges,
    filesPushed: now.fileChanges,
    ...(now.replaced !== undefined ? { replaced: now.replaced } : {}),
  }));
  sync.notify({ id, revision });
}
