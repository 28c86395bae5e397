import { requestResult } from '../../persistence/idb-request';
import { PersistenceError } from '../../persistence/persistence-error';
import { sandboxFormatVersion } from './sandbox-storage';

/**
 * Upgrades stored data by one format version, inside the transaction that checks the format
 * (over the `files` and `meta` stores), so a migration is all-or-nothing. Entry `n` of a
 * migration list upgrades version `n` to `n + 1`.
 *
 * @example
 * ```ts
 * // A future v2 that renamed `modified` to `modifiedAt` would add, at index 1:
 * const toV2: FormatMigration = async (transaction) => {
 *   // read each record of transaction.objectStore('files') and put it back in the new shape
 * };
 * ```
 */
export type FormatMigration = (transaction: IDBTransaction) => Promise<void>;

/**
 * The migrations of the IndexedDB format. Format 1 is the first, so there is nothing to migrate
 * yet; the list exists so that format 2 only has to add its entry at index 1.
 *
 * @example
 * ```ts
 * sandboxFormatMigrations.length; // 0 while format 1 is the only one
 * ```
 */
export const sandboxFormatMigrations: readonly (FormatMigration | undefined)[] = [];

/** The `meta` record that holds the format version. */
export const formatKey = 'format';

/**
 * Reads the stored format version and brings it to `targetVersion`: a fresh database gets the
 * current version written; an older one is migrated step by step; a newer one is refused with
 * code `future-format` and the transaction is aborted, so nothing of it is changed.
 *
 * @example
 * ```ts
 * const transaction = database.transaction(['files', 'meta'], 'readwrite');
 * await checkFormat(transaction);
 * ```
 */
export async function checkFormat(
  transaction: IDBTransaction,
  migrations: readonly (FormatMigration | undefined)[] = sandboxFormatMigrations,
  targetVersion: number = sandboxFormatVersion,
): Promise<number> {
  const meta = transaction.objectStore('meta');
  const stored = await requestResult<unknown>(meta.get(formatKey), 'reading the format version');
  if (stored === undefined) {
    meta.put({ version: targetVersion }, formatKey);
    return targetVersion;
  }
  const version = (stored as { version?: unknown }).version;
  if (typeof version !== 'number' || !Number.isInteger(version) || version < 1) {
    transaction.abort();
    throw new PersistenceError('corrupt', `The stored format version ${JSON.stringify(version)} is not valid.`);
  }
  if (version > targetVersion) {
    transaction.abort();
    throw new PersistenceError(
      'future-format',
      `The saved sandbox uses format ${version}, but this version of react-agent-kit reads up to format ${targetVersion}. ` +
        'It was left untouched; update react-agent-kit to open it.',
    );
  }
  for (let from = version; from < targetVersion; from += 1) {
    const migration = migrations[from];
    if (migration === undefined) {
      transaction.abort();
      throw new PersistenceError('corrupt', `There is no migration from format ${from} to ${from + 1}.`);
    }
    await migration(transaction);
  }
  if (version !== targetVersion) meta.put({ version: targetVersion }, formatKey);
  return version;
}
