import type { FileRecord, SandboxSnapshot, StorageChanges } from '../../core/sandbox/index';
import type { SessionSummary, SessionWrite, StoredSession } from '../../core/sessions/index';

/**
 * Where a backend keeps its users' sessions. Every method is scoped to one user: a user never
 * sees or changes another's. Sessions are keyed by `(userId, id)`: two users may each have a
 * session `chat-1`, and neither ever sees the other's. Failures are `PersistenceError` (code
 * `'conflict'` for a save whose `expectedRevision` is stale; `'future-format'` for data of a
 * newer format, which is left untouched).
 *
 * The kit has `memoryServerSessionStore()` (tests, one process) and `postgresSessionStore(…)`;
 * `createAgentHandler({ sessions: { store } })` serves one over HTTP. Implement it to keep
 * sessions elsewhere, and run `describeServerSessionStore` (the contract suite) against yours.
 *
 * @example
 * ```ts
 * const store: ServerSessionStore = memoryServerSessionStore();
 * const revision = await store.save('user-1', { id: 'chat-1', snapshot: agent.snapshot() }, null); // 1
 * await store.save('user-1', { id: 'chat-1', snapshot: agent.snapshot() }, revision); // 2
 * await store.load('user-2', 'chat-1'); // null: another user's session is not there for them
 * ```
 */
export interface ServerSessionStore {
  /** The user's sessions, most recently updated first. */
  list(userId: string): Promise<SessionSummary[]>;
  /** The user's session, or `null` when this user has none with this id. */
  load(userId: string, id: string): Promise<StoredSession | null>;
  /**
   * Saves atomically, only if the user's stored revision is still `expectedRevision` (`null`:
   * the session must not exist yet); resolves with the new revision. Otherwise rejects with a
   * `PersistenceError` of code `conflict` and writes nothing, as `SessionStorage.save` does.
   */
  save(userId: string, session: SessionWrite, expectedRevision: number | null): Promise<number>;
  /** Sets the title (and `titled`), keeping the revision; `false` when the user has no such session. */
  rename(userId: string, id: string, title: string): Promise<boolean>;
  /**
   * Removes the user's session with its files; removing a missing one is fine. Also collects the
   * user's orphan files (see `ServerSessionStoreOptions.orphanFilesAfterMs`), as a save that
   * creates a session does.
   */
  remove(userId: string, id: string): Promise<void>;
  /** The session's saved files, or `null` when none were ever saved. */
  loadFiles(userId: string, id: string): Promise<SandboxSnapshot | null>;
  /** Applies one change set to the session's files atomically (all of it or none of it). */
  saveFiles(userId: string, id: string, changes: StorageChanges): Promise<void>;
  /** Replaces the session's files with `files` atomically (`SandboxStorage.saveAll`). */
  replaceFiles(userId: string, id: string, files: readonly FileRecord[]): Promise<void>;
  /** Removes every saved file of the session. */
  clearFiles(userId: string, id: string): Promise<void>;
  /** Releases what the store holds; later calls fail with code `closed`. */
  close(): Promise<void>;
}

/**
 * How long files that no session holds are kept after their last write: a new session's files
 * arrive before its first save (a device pushes them first), so they may wait that long for it.
 * Files written for a session that was removed (by a device that did not know yet), or for one
 * that never came, are orphans after that, and are collected.
 *
 * @example
 * ```ts
 * postgresSessionStore({ connectionString, orphanFilesAfterMs: defaultOrphanFilesAfterMs * 7 }); // a week
 * ```
 */
export const defaultOrphanFilesAfterMs = 24 * 60 * 60 * 1000;

/**
 * What every server store of the kit takes besides where it keeps its data.
 *
 * @example
 * ```ts
 * const store = memoryServerSessionStore({ orphanFilesAfterMs: 60 * 60 * 1000 });
 * ```
 */
export interface ServerSessionStoreOptions {
  /**
   * Files of a session id that has no session (never saved, or removed) are collected this long
   * after their last write, when the same user removes a session or creates one. Default
   * `defaultOrphanFilesAfterMs` (24 hours); a session's own files are never collected.
   */
  readonly orphanFilesAfterMs?: number;
  /** The clock, in milliseconds since the epoch (tests move it). Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * The options with their defaults; throws a `TypeError` for a grace period that is not a
 * number of 0 or more.
 *
 * @example
 * ```ts
 * const { orphanFilesAfterMs, now } = resolveStoreOptions(options);
 * ```
 */
export function resolveStoreOptions(options: ServerSessionStoreOptions | undefined): Required<ServerSessionStoreOptions> {
  const { orphanFilesAfterMs = defaultOrphanFilesAfterMs, now = Date.now } = options ?? {};
  if (typeof orphanFilesAfterMs !== 'number' || !(orphanFilesAfterMs >= 0)) {
    throw new TypeError(`orphanFilesAfterMs must be a number of milliseconds, 0 or more; got ${JSON.stringify(orphanFilesAfterMs)}.`);
  }
  if (typeof now !== 'function') throw new TypeError('now must be a function that returns the time in milliseconds.');
  return { orphanFilesAfterMs, now };
}
