/**
 * What happens when a session changed both here (offline, say) and on the server (another device
 * saved first): neither overwrites the other. The server's version keeps the id, since that is
 * what the other devices see, and becomes the copy here; this device's version, record and files,
 * is kept as a new session (a fresh id, its title marked as an offline copy), here and, with the
 * next push, on the server.
 */
import type { SessionStorage, StoredSession } from './session-types';
import { readFiles, writeFiles, type OfflineSync } from './offline-sync';
import { pullSession } from './pull-session';
import { fitSessionTitle, maxSessionTitleLength } from './session-summary';
import type { SyncRecord } from './sync-records';

/**
 * How a session kept because of a conflict is titled.
 *
 * @example
 * ```ts
 * offlineCopyTitle('Plan the launch'); // 'Plan the launch (offline copy)'
 * ```
 */
export const offlineCopyTitle = (title: string): string => `${fitSessionTitle(title, maxSessionTitleLength - offlineCopySuffix.length)}${offlineCopySuffix}`;

// The mark stays whole: a long title is cut before it, so the copy still fits the title limit.
const offlineCopySuffix = ' (offline copy)';

/**
 * Keeps `local` (this device's version of the session, with its sync record `record`) as a new
 * session, makes `server`'s version the copy under the id, and reports both ids. A save made here
 * meanwhile stops it with `conflict` before anything is replaced (the next push settles again).
 *
 * @example
 * ```ts
 * await keepBothVersions(sync, await local.load('chat-1'), await records.get('chat-1'), await remote.load('chat-1'));
 * ```
 */
export async function keepBothVersions(sync: OfflineSync, local: StoredSession, record: SyncRecord, server: StoredSession): Promise<void> {
  const { id } = local;
  const serverFiles = await readFiles(sync.remote, id);
  const copyId = sync.kit.createId('session', '-');
  const title = offlineCopyTitle(record.title ?? local.title);
  // This device's version first, under its new id: from here on, nothing can be lost.
  await writeFiles(sync.local, copyId, await readFiles(sync.local, id));
  const copyRevision = await sync.local.save({ id: copyId, snapshot: local.snapshot }, null);
  await sync.local.rename(copyId, title);
  await sync.records.update(copyId, (now) => ({ ...now, title, fileChanges: now.fileChanges + 1 }));
  try {
    await pullSession(sync, server, local, serverFiles, async (fileChanges) => {
      // Files changed here after the copy took them (the agent still working): the copy takes them again.
      if (fileChanges !== record.fileChanges) await writeFiles(sync.local, copyId, await readFiles(sync.local, id));
    });
  } catch (error) {
    // Saved here meanwhile: nothing here was replaced, and this copy is already behind; the next push makes a fresh one.
    if ((error as { code?: string }).code === 'conflict') await removeCopy(sync.local, sync, copyId);
    throw error;
  }
  sync.notify({ id: copyId, revision: copyRevision });
  try {
    sync.onConflict?.({ id, copyId, title });
  } catch {
    // The app's callback must not undo the sync: both versions are stored already.
  }
}

async function removeCopy(local: SessionStorage, sync: OfflineSync, copyId: string): Promise<void> {
  await local.remove(copyId);
  await sync.records.delete(copyId);
}
