/**
 * AG-UI threads kept in the server's session store: a thread is the session of the same id,
 * of the user `authorize` names, so any instance of the handler can serve its next run (nothing
 * stays in memory between requests). The stored conversation is the truth for what the server
 * did (its calls, their results, what waits for a person); a request only adds to it.
 */
import { readSnapshot } from '../../core/sessions/index';
import type { Agent, AgentState } from '../../core/index';
import type { ServerSessionStore } from '../sessions/server-session-store';

/**
 * Where threads are kept: `agUiHandler({ sessions: { store } })`.
 *
 * @example
 * ```ts
 * agUiHandler({ model, authorize: (request) => ({ userId: userOf(request) }), sessions: { store: postgresSessionStore({ connectionString }) } });
 * ```
 */
export interface AgUiSessionsOptions {
  /** The server's session store, e.g. `memoryServerSessionStore()` or `postgresSessionStore({ connectionString })`. */
  store: ServerSessionStore;
  /**
   * For apps without users (an `authorize` that returns `true`): every caller shares the threads
   * of one user, `sharedSessionsUserId`. Without it such requests get a 403. Default false.
   */
  withoutUsers?: boolean;
}

/** A thread as loaded: its state (none for a new thread) and the revision a save must follow. */
export interface LoadedThread {
  state: AgentState | undefined;
  revision: number | null;
}

/**
 * @example
 * ```ts
 * const thread = await loadThread(store, 'ada', input.threadId);
 * ```
 */
export async function loadThread(store: ServerSessionStore, userId: string, threadId: string): Promise<LoadedThread> {
  const stored = await store.load(userId, threadId);
  if (!stored) return { state: undefined, revision: null };
  // Others may write the same store (the session routes): the stored state is checked like any snapshot.
  return { state: readSnapshot(stored.snapshot).state, revision: stored.revision };
}

/**
 * The save of a thread after its run: the agent's conversation, under the revision it was loaded
 * at (another instance that saved the thread in between makes it a conflict, not a lost update).
 *
 * @example
 * ```ts
 * const save = threadSaver(store, 'ada', input.threadId, thread.revision, agent);
 * await save();
 * ```
 */
export function threadSaver(store: ServerSessionStore, userId: string, threadId: string, revision: number | null, agent: Agent): () => Promise<void> {
  return async () => {
    await store.save(userId, { id: threadId, snapshot: agent.snapshot({ files: false }) }, revision);
  };
}
