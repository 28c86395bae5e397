/**
 * What the offline copy's sync steps work with: the copy here, the server, the sync records, and
 * a way to tell listeners; plus copying a session's files between the two.
 */
import type { FileRecord } from '../sandbox/storage/file-record';
import type { SessionChange } from './session-broadcast';
import type { SessionConflict } from './http-session-types';
import type { SessionStorage } from './session-types';
import type { SyncKit } from './sync-kit';
import type { SyncRecords } from './sync-records';

/** What the sync steps work with. */
export interface OfflineSync {
  /** The copy here (an `indexedDbSessionStorage`): the revisions an agent sees are its revisions. */
  readonly local: SessionStorage;
  /** The server (the plain HTTP client). */
  readonly remote: SessionStorage;
  readonly records: SyncRecords;
  /** The kit functions the steps use (see `sync-kit`). */
  readonly kit: SyncKit;
  /** Tells this storage's listeners about a change the sync made to the copy. */
  notify(change: SessionChange): void;
  onConflict?: ((conflict: SessionConflict) => void) | undefined;
}

/**
 * The files of session `id` in `storage`.
 *
 * @example
 * ```ts
 * const files = await readFiles(remote, 'chat-1');
 * ```
 */
export async function readFiles(storage: SessionStorage, id: string): Promise<FileRecord[]> {
  const files = storage.files(id);
  try {
    return (await files.load())?.files ?? [];
  } finally {
    await files.close();
  }
}

/**
 * Replaces the files of session `id` in `storage` with `records`.
 *
 * @example
 * ```ts
 * await writeFiles(local, 'chat-1', await readFiles(remote, 'chat-1'));
 * ```
 */
export async function writeFiles(storage: SessionStorage, id: string, records: readonly FileRecord[]): Promise<void> {
  const files = storage.files(id);
  try {
    await files.saveAll(records);
  } finally {
    await files.close();
  }
}
