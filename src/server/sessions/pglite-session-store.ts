import { createPglite, pgliteInstalled, pglitePool, type PgliteInstance } from './pglite-client';
import { answeringWhileStarting, isFreshDataDir } from './pglite-fresh-start';
import { postgresSessionStore } from './postgres-session-store';
import type { ServerSessionStore, ServerSessionStoreOptions } from './server-session-store';

/**
 * Where `pgliteSessionStore` keeps sessions: a directory for its own PGlite database (made if
 * missing; omitted, the database lives in memory and ends with the store), or the app's own
 * `PGlite` instance (the store uses it and leaves it open on `close`).
 */
export type PgliteSessionStoreOptions = ({ readonly dataDir?: string } | { readonly pglite: PgliteInstance }) & ServerSessionStoreOptions;

/**
 * A `ServerSessionStore` on PGlite, Postgres compiled to WebAssembly and run in this process: the
 * same store, tables and SQL as `postgresSessionStore`, with no database server to run. It is the
 * embedded default for `npm run dev` and small deployments; moving to a real PostgreSQL server is
 * swapping it for `postgresSessionStore({ connectionString })`. PGlite is one connection, so one
 * process should open a `dataDir` at a time; stores sharing one instance (`{ pglite }`) are fine.
 * In a fresh `dataDir` (missing or empty) or in memory, PGlite runs initdb first (seconds): until
 * the store's first write, reads answer at once from what an empty database holds (no sessions)
 * and start the database in the background, so a first page need not wait for it.
 *
 * `@electric-sql/pglite` is an optional peer dependency: `npm install @electric-sql/pglite`.
 *
 * @example
 * ```ts
 * import { createAgentHandler, pgliteSessionStore } from 'react-agent-kit/server';
 *
 * const sessions = pgliteSessionStore({ dataDir: './.data/sessions' });
 * const handler = createAgentHandler({ model, sessions, authorize: async () => ({ userId: 'me' }) });
 * await sessions.close(); // on shutdown
 * ```
 */
export function pgliteSessionStore(options: PgliteSessionStoreOptions = {}): ServerSessionStore {
  const given = (options as { pglite?: PgliteInstance } | undefined)?.pglite;
  const dataDir = (options as { dataDir?: unknown } | undefined)?.dataDir;
  if (given !== undefined && (typeof given?.query !== 'function' || typeof given.transaction !== 'function')) {
    throw new TypeError('pgliteSessionStore({ pglite }) needs a PGlite instance (with query and transaction).');
  }
  if (given === undefined && dataDir !== undefined && (typeof dataDir !== 'string' || dataDir === '')) {
    throw new TypeError(`pgliteSessionStore({ dataDir }) needs a directory path, got ${JSON.stringify(dataDir) ?? typeof dataDir}; omit it to keep sessions in memory.`);
  }
  // Looked at before the store's first call can make PGlite write there. Without the package, every
  // call goes to the store, which answers with the install command (not an empty list).
  const fresh =
    given === undefined
      ? Promise.all([isFreshDataDir(dataDir as string | undefined), pgliteInstalled()]).then(([empty, installed]) => empty && installed)
      : undefined;
  const pool = pglitePool(given === undefined ? () => createPglite(dataDir as string | undefined) : () => Promise.resolve(given), given === undefined);
  const store = postgresSessionStore({ pool, orphanFilesAfterMs: options.orphanFilesAfterMs, now: options.now });
  const closing: ServerSessionStore = {
    ...store,
    async close() {
      await store.close();
      await pool.end();
    },
  };
  // A database of its own in a fresh directory holds nothing yet: reads need not wait for initdb.
  return fresh === undefined ? closing : answeringWhileStarting(closing, fresh);
}
