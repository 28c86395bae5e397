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
  /** Removes the user's session with its files; removing a missing one is fine. */
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
