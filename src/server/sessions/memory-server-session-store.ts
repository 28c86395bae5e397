import { memorySessionStorage } from '../../core/sessions/index';
import { perUserSessionStore } from './per-user-session-store';
import type { ServerSessionStore, ServerSessionStoreOptions } from './server-session-store';

/**
 * A `ServerSessionStore` in the server's memory: for tests, demos and a single process that may
 * forget everything on restart (any number of handlers in that process share it). Each user's
 * sessions live in their own `memorySessionStorage`, so the rules are the browser's to the letter:
 * compare-and-set saves, summaries derived from the snapshot, snapshots checked on the way in,
 * newer formats refused, everything copied in and out. `options`: when orphan files are collected.
 *
 * @example
 * ```ts
 * import { createAgentHandler, memoryServerSessionStore } from 'react-agent-kit/server';
 *
 * const handler = createAgentHandler({
 *   authorize: async (request) => ({ userId: (await getUser(request)).id }),
 *   sessions: { store: memoryServerSessionStore() },
 * });
 * ```
 */
export function memoryServerSessionStore(options?: ServerSessionStoreOptions): ServerSessionStore {
  return perUserSessionStore(() => memorySessionStorage(), 'memory server session store', options);
}
