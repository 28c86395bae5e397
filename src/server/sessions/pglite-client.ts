/**
 * PGlite (`@electric-sql/pglite`, Postgres compiled to WebAssembly) seen as the `PostgresPool` the
 * Postgres session store talks to, so the embedded store runs the very same SQL. PGlite is one
 * connection: a "connection" taken from this pool holds PGlite's own transaction (`transaction`),
 * which keeps every other query on the instance (the store's, another store's, the app's) waiting
 * until it commits or rolls back, so a transaction and its advisory lock live on that one connection.
 * `@electric-sql/pglite` is an optional peer dependency, loaded only when the store makes its own instance.
 */
import { PersistenceError } from '../../core/index';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from './postgres-client';

/** The part of a `PGlite` instance the store uses, described by shape so the kit's types do not need the package. */
export interface PgliteInstance {
  query(text: string, params?: unknown[]): Promise<PgliteResults>;
  transaction<Result>(body: (tx: PgliteTransaction) => Promise<Result>): Promise<Result>;
  close(): Promise<void>;
}

/** What PGlite's `query` returns. */
export interface PgliteResults {
  readonly rows: unknown[];
  readonly affectedRows?: number;
}

/** The transaction PGlite hands to `transaction`'s body. */
export interface PgliteTransaction {
  query(text: string, params?: unknown[]): Promise<PgliteResults>;
  rollback(): Promise<void>;
}

const installAdvice = 'pgliteSessionStore() needs the @electric-sql/pglite package, an optional peer dependency of react-agent-kit: npm install @electric-sql/pglite';

/**
 * A new PGlite database in `dataDir` (made if missing, its parent directories too; in memory when
 * omitted), loading `@electric-sql/pglite` on first use. Throws a `PersistenceError` of code
 * `unavailable` naming the install command when the package is not installed.
 *
 * @example
 * ```ts
 * const pglite = await createPglite('./.data/sessions');
 * ```
 */
export async function createPglite(dataDir?: string): Promise<PgliteInstance> {
  let module: { PGlite?: { create?: (dataDir?: string) => Promise<unknown> } };
  try {
    module = await import('@electric-sql/pglite');
  } catch (error) {
    throw new PersistenceError('unavailable', installAdvice, { cause: error });
  }
  if (typeof module.PGlite?.create !== 'function') throw new PersistenceError('unavailable', `${installAdvice} (the installed one has no PGlite.create).`);
  // PGlite makes the directory itself, not its parents (a fresh checkout's ./.data/sessions); a URL (memory://, idb://) is not a path.
  if (dataDir !== undefined && !/^[a-z][a-z0-9+.-]*:\/\//i.test(dataDir)) {
    const [{ mkdir }, { dirname, resolve }] = await Promise.all([import('node:fs/promises'), import('node:path')]);
    await mkdir(dirname(resolve(dataDir)), { recursive: true });
  }
  return (await module.PGlite.create(dataDir)) as PgliteInstance;
}

/**
 * Whether `@electric-sql/pglite` can be loaded (an optional peer: it may not be installed).
 *
 * @example
 * ```ts
 * if (!(await pgliteInstalled())) console.log('npm install @electric-sql/pglite');
 * ```
 */
export function pgliteInstalled(): Promise<boolean> {
  return import('@electric-sql/pglite').then(
    () => true,
    () => false,
  );
}

/**
 * A `PostgresPool` on a PGlite instance, which `instance` gives on first use (and again after it
 * failed). `end` closes the instance only when `owned`.
 *
 * @example
 * ```ts
 * const pool = pglitePool(async () => pglite, false);
 * await migratePostgresSchema(pool);
 * ```
 */
export function pglitePool(instance: () => Promise<PgliteInstance>, owned: boolean): PostgresPool {
  let opening: Promise<PgliteInstance> | undefined;
  function get(): Promise<PgliteInstance> {
    opening ??= instance().catch((error: unknown) => {
      opening = undefined;
      throw error;
    });
    return opening;
  }
  return {
    async query(text, values) {
      return toResult(await (await get()).query(text, values));
    },
    async connect() {
      return transactionClient(await get());
    },
    async end() {
      if (!owned || opening === undefined) return;
      const pglite = await opening.catch(() => undefined);
      opening = undefined;
      await pglite?.close();
    },
  };
}

const noRows: PostgresQueryResult = { rows: [], rowCount: null };

/**
 * A client that holds one PGlite transaction: `BEGIN` is the transaction already begun, `COMMIT`
 * and `ROLLBACK` end it (and report how that went), `release` without either rolls it back.
 */
function transactionClient(pglite: PgliteInstance): Promise<PostgresPoolClient> {
  return new Promise((resolveClient, rejectClient) => {
    let settle!: (outcome: 'commit' | 'rollback') => void;
    const outcome = new Promise<'commit' | 'rollback'>((resolve) => (settle = resolve));
    let started = false;
    const done = pglite.transaction(async (tx) => {
      started = true;
      resolveClient(client(tx));
      if ((await outcome) === 'rollback') await tx.rollback();
    });
    // Before it started, a failure is the connect's; after, COMMIT or ROLLBACK reports it.
    done.catch((error: unknown) => {
      if (!started) rejectClient(error);
    });
    function client(tx: PgliteTransaction): PostgresPoolClient {
      return {
        async query(text, values) {
          const statement = text.trim().toUpperCase();
          if (statement === 'BEGIN') return noRows;
          if (statement === 'COMMIT' || statement === 'ROLLBACK') {
            settle(statement === 'COMMIT' ? 'commit' : 'rollback');
            await done;
            return noRows;
          }
          return toResult(await tx.query(text, values));
        },
        release() {
          settle('rollback');
        },
      };
    }
  });
}

function toResult(results: PgliteResults): PostgresQueryResult {
  return { rows: results.rows as Record<string, unknown>[], rowCount: results.affectedRows ?? null };
}
