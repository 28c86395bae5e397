/**
 * The part of node-postgres (`pg`) the Postgres session store uses, described by shape so that
 * the kit's types do not need `@types/pg`, and any pool that behaves like `pg.Pool` fits (the
 * app's own, one from a pg-compatible driver). `pg` itself is an optional peer dependency, loaded
 * only when the store makes its own pool.
 */
import { PersistenceError } from '../../core/index';

/** What a query returns: the rows and how many rows a write changed. */
export interface PostgresQueryResult {
  readonly rows: Record<string, unknown>[];
  readonly rowCount: number | null;
}

/** Something that runs a query with `$1`-style parameters: a pool or one of its clients. */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<PostgresQueryResult>;
}

/** A connection taken from the pool, for a transaction; `release` gives it back. */
export interface PostgresPoolClient extends PostgresQueryable {
  release(error?: Error | boolean): void;
}

/**
 * A `pg.Pool`, or anything with its `query`, `connect` and `end`.
 *
 * @example
 * ```ts
 * import pg from 'pg';
 * const pool: PostgresPool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 */
export interface PostgresPool extends PostgresQueryable {
  connect(): Promise<PostgresPoolClient>;
  end(): Promise<void>;
}

const installAdvice = 'postgresSessionStore({ connectionString }) needs the pg package, an optional peer dependency of react-agent-kit: npm install pg';

/**
 * A new `pg.Pool` for `connectionString`, loading `pg` on first use. Throws a `PersistenceError`
 * of code `unavailable` naming the install command when `pg` is not installed.
 *
 * @example
 * ```ts
 * const pool = await createPostgresPool('postgres://localhost/app');
 * ```
 */
export async function createPostgresPool(connectionString: string): Promise<PostgresPool> {
  let module: { default?: { Pool?: unknown }; Pool?: unknown };
  try {
    module = await import('pg');
  } catch (error) {
    throw new PersistenceError('unavailable', installAdvice, { cause: error });
  }
  // pg is CommonJS: under ESM its exports are on `default`.
  const Pool = (module.default?.Pool ?? module.Pool) as (new (options: { connectionString: string }) => PostgresPool) | undefined;
  if (typeof Pool !== 'function') throw new PersistenceError('unavailable', `${installAdvice} (the installed pg has no Pool).`);
  const pool = new Pool({ connectionString }) as PostgresPool & { on?: (event: 'error', listener: (error: Error) => void) => void };
  // An idle connection that the server closes (a restart, say) is reported on the pool; without a
  // listener Node would end the process. The pool drops it, and the next query reports any outage.
  pool.on?.('error', () => undefined);
  return pool;
}

/**
 * Runs `body` in one transaction on one connection of `pool`: committed when it resolves, rolled
 * back when it throws (and the error passed on).
 *
 * @example
 * ```ts
 * await inTransaction(pool, async (client) => { await client.query('DELETE FROM t WHERE id = $1', [id]); });
 * ```
 */
export async function inTransaction<Result>(pool: PostgresPool, body: (client: PostgresQueryable) => Promise<Result>): Promise<Result> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const result = await body(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    try {
      await client.query('ROLLBACK');
    } catch (rollbackError) {
      // The connection is unusable: the pool must drop it rather than hand it out again.
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    }
    throw error;
  } finally {
    client.release(broken);
  }
}
