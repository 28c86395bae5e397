/**
 * react-agent-kit/sessions: where sessions are kept (IndexedDB, memory) and session files
 * (export and import a conversation with its sandbox files as one file). The agent loads and saves
 * its session itself: `createAgent({ session: { id, storage } })`.
 *
 * @module react-agent-kit/sessions
 */
export { agentSnapshotVersion } from './session-types';
export type { AgentSnapshot, SandboxCheckpointRecord, SessionGrants, SessionStorage, SessionSummary, SessionWrite, StoredSession } from './session-types';
// Where sessions are kept.
export { indexedDbSessionStorage } from './indexed-db-session-storage';
export type { IndexedDbSessionStorageOptions } from './indexed-db-session-storage';
export { memorySessionStorage } from './memory-session-storage';
export { httpSessionStorage } from './http-session-storage';
export type { HttpSessionStorage, HttpSessionStorageOptions, SessionConflict } from './http-session-storage';
export { fitSessionTitle, maxSessionTitleLength, sessionTitle, sessionMessageCount, untitledSessionTitle } from './session-summary';
export type { SessionChange } from './session-broadcast';
// One file per conversation: export, import, and the snapshot format behind them.
export { readSessionFile, writeSessionFile } from './session-file';
export { readSnapshot } from './snapshot-format';
export { PersistenceError } from '../persistence/persistence-error';
export type { PersistenceErrorCode } from '../persistence/persistence-error';
