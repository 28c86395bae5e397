/**
 * Sessions: a conversation and its workspace, kept in storage so that nothing is lost on a
 * reload, a crash or a closed tab. This file holds the contracts shared by the agent (which
 * loads and saves its session), the storages (IndexedDB, memory, your own) and the UI.
 */
import type { FileRecord } from '../sandbox/storage/file-record';
import type { FileRead } from '../sandbox/sandbox-types';
import type { SandboxStorage } from '../sandbox/storage/sandbox-storage';
import type { SandboxCheckpointRecord } from '../sandbox/checkpoints/checkpoint-record';
import type { AgentState } from '../store/state';

export type { SandboxCheckpointRecord } from '../sandbox/checkpoints/checkpoint-record';

/**
 * The version of the snapshot format this code writes (see `readSnapshot`, which migrates older
 * ones). 2: tool calls may be in `approval-responded` (an older app refuses them as newer data).
 * 3: user messages may have `file` parts (attachments); nothing to migrate from 2.
 * 4: as JSON, bytes are encoded only in file records (`snapshot-json`); a `{ "$bytes": … }` the
 * model or a tool wrote is data. Nothing to migrate in memory; JSON of 3 and before is read by the
 * same rule. An older app, whose reader decodes `{ $bytes }` anywhere, refuses 4 as newer data
 * instead of misreading it.
 */
export const agentSnapshotVersion = 6;


/**
 * A serializable copy of everything an agent holds: its state (messages, tool calls with their
 * audit trails, pending approvals and questions, always-allow decisions, usage) and, with a
 * sandbox, its checkpoints and (in exports) its files. `agent.snapshot()` makes one;
 * `createAgent({ snapshot })` starts from one.
 *
 * @example
 * ```ts
 * const copy: AgentSnapshot = agent.snapshot();
 * localStorage.setItem('chat', JSON.stringify(copy));
 * ```
 */
export interface AgentSnapshot {
  readonly format: 'react-agent-kit/agent';
  readonly version: number;
  readonly state: AgentState;
  readonly sandbox?: {
    /** The files; absent when they are stored elsewhere (a session storage keeps them per file). */
    readonly files?: readonly FileRecord[];
    readonly checkpoints: readonly SandboxCheckpointRecord[];
    /**
     * What the model has read of the files (see `Sandbox.noteRead`), so the stale-write guard
     * still lets it edit them after a reload. Absent in older snapshots: the model reads again.
     */
    readonly reads?: readonly FileRead[];
  };
}

/**
 * A session as a list shows it.
 *
 * @example
 * ```ts
 * sessions.map((session: SessionSummary) => `${session.title} (${session.messageCount})`);
 * ```
 */
export interface SessionSummary {
  readonly id: string;
  /** The title given with `rename`, or the start of the first user message. */
  readonly title: string;
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly messageCount: number;
  /** Bumped by every save of the session's content (not by a rename). */
  readonly revision: number;
}

/** A stored session: its summary and its snapshot (files are in `SessionStorage.files(id)`). */
export interface StoredSession extends SessionSummary {
  /** True once a person renamed it: saves no longer derive the title from the conversation. */
  readonly titled: boolean;
  readonly snapshot: AgentSnapshot;
}

/** What an agent writes: the storage derives the summary fields. */
export interface SessionWrite {
  readonly id: string;
  readonly snapshot: AgentSnapshot;
}

/**
 * Whether the "always allow" grants stored in a session storage are kept on load (see
 * `SessionStorage.grants`).
 *
 * @example
 * ```ts
 * const grants: SessionGrants = storage.grants ?? 'trusted';
 * ```
 */
export type SessionGrants = 'trusted' | 'untrusted';

/**
 * Where sessions are kept. The kit has `indexedDbSessionStorage` and `memorySessionStorage`
 * (react-agent-kit/sessions); implement it to keep sessions elsewhere (a server, say). Every
 * failure is a `PersistenceError`; stored data of a newer format is refused (`future-format`)
 * and never overwritten.
 *
 * @example
 * ```ts
 * const storage: SessionStorage = indexedDbSessionStorage({ name: 'my-app' });
 * const agent = createAgent({ model, session: { id: 'chat-1', storage } });
 * ```
 */
export interface SessionStorage {
  /** Every session, most recently updated first. */
  list(): Promise<SessionSummary[]>;
  /** The session, or `null` when there is none with this id. */
  load(id: string): Promise<StoredSession | null>;
  /**
   * Saves atomically, only if the stored revision is still `expectedRevision` (`null`: the
   * session must not exist yet); resolves with the new revision. Otherwise rejects with a
   * `PersistenceError` of code `conflict` and writes nothing: another tab or agent saved first.
   * Treat a saved snapshot as immutable, as agent state is: a storage may skip messages, tool calls
   * and checkpoints that are the very same objects it saved or loaded before (the IndexedDB one
   * writes only the chunks that changed), so change one by making a new object, never in place.
   */
  save(session: SessionWrite, expectedRevision: number | null): Promise<number>;
  /** Sets the title (and `titled`); the revision stays, so an agent saving the session is not disturbed. */
  rename(id: string, title: string): Promise<void>;
  /** Removes the session and its files. Removing a missing session is fine. */
  remove(id: string): Promise<void>;
  /** Where the session's workspace files are kept (incremental saves, see `persistSandbox`). */
  files(id: string): SandboxStorage;
  /**
   * Whether an agent keeps the "always allow" grants of a session loaded from here. `'trusted'`
   * (the default when absent): the app's own storage, which only this app writes, so the grants
   * are this user's own decisions. `'untrusted'`: a storage that others can write to (the server
   * behind `httpSessionStorage`, which any HTTP client of the user can `PUT` to); its grants are
   * dropped on load, with a notice in the thread, as a session file's are. Either way a decided
   * approval that did not run is asked again.
   */
  readonly grants?: SessionGrants;
  /**
   * The name under which the tabs of one browser share the sessions stored here live
   * (`session.tabs`): storages that every tab of the origin reads alike set it (IndexedDB: its
   * database name). Absent: no sharing (a memory storage is each tab's own).
   */
  readonly tabs?: string;
  /** Tells about saves made by other tabs or agents, when the storage can (IndexedDB uses a BroadcastChannel). */
  subscribe?(listener: (change: { id: string; revision: number | null }) => void): () => void;
  close(): Promise<void>;
}
