import type { FileRecord, SandboxSnapshot, StorageChanges } from '../../core/sandbox/index';
import type { SessionSummary, SessionWrite, StoredSession } from '../../core/sessions/index';

/** Where a backend keeps its users' sessions. Every method is scoped to one user: a user never sees or changes another's. Failures are PersistenceError (code 'conflict' for a save whose expectedRevision is stale; 'future-format' for data of a newer format). */
export interface ServerSessionStore {
  list(userId: string): Promise<SessionSummary[]>;             // most recently updated first
  load(userId: string, id: string): Promise<StoredSession | null>;
  save(userId: string, session: SessionWrite, expectedRevision: number | null): Promise<number>; // compare-and-set, as SessionStorage.save (src/core/sessions/session-types.ts)
  rename(userId: string, id: string, title: string): Promise<boolean>; // false: no such session of this user
  remove(userId: string, id: string): Promise<void>;          // with its files; missing is fine
  loadFiles(userId: string, id: string): Promise<SandboxSnapshot | null>;
  saveFiles(userId: string, id: string, changes: StorageChanges): Promise<void>;   // atomic
  replaceFiles(userId: string, id: string, files: readonly FileRecord[]): Promise<void>; // atomic saveAll
  clearFiles(userId: string, id: string): Promise<void>;
  close(): Promise<void>;   // ends the pool only when the store created it
}
