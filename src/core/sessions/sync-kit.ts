import { openDatabase, requestResult, settleTransaction } from '../persistence/idb-request';
import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';
import { createId } from '../store/ids';
import { contentHash } from '../sandbox/tree/content-hash';
import { byRecentUpdate } from './session-summary';
import { isRevision } from './session-revision';

/**
 * The kit's own functions that the lazily loaded offline copy (`offline-session-copy.ts` and its
 * sync steps) uses, handed to it rather than imported: a lazy chunk that imports modules of the
 * main bundle makes a library build move them into a shared chunk of their own, which costs about
 * 0.5 kB more up front (as for the hooks runner, see `run/hook-kit.ts`).
 *
 * @example
 * ```ts
 * const { offlineSessionCopy } = await import('./offline-session-copy');
 * const storage = offlineSessionCopy(remote, local, { records, indexedDB, kit: syncKit });
 * ```
 */
export const syncKit = { PersistenceError, toPersistenceError, createId, byRecentUpdate, isRevision, openDatabase, requestResult, settleTransaction, contentHash };

export type SyncKit = typeof syncKit;
