/**
 * The tables of the Postgres session store, which it creates and migrates itself. `rak_schema`
 * holds the version of the tables; each migration brings them one version up, all in one
 * transaction under an advisory lock, so any number of servers may start at once. A database whose
 * version is newer than this code knows is refused and never altered.
 */
import { PersistenceError } from '../../core/index';
import { inTransaction, type PostgresPool, type PostgresQueryable } from './postgres-client';

/**
 * The steps from one schema version to the next: `migrations[0]` makes version 1.
 * - sessions: one row per conversation, its summary in columns and its snapshot as JSON text
 *   (`json`, not `jsonb`: jsonb refuses the character U+0000, which tool output may hold);
 * - file_trees: a session whose files were saved (even none), with the files' format version;
 * - files: one row per file, its content as bytes (text as UTF-8), removed with its tree.
 * Files are keyed by session id without a foreign key to sessions: an agent may save its files
 * before the conversation's first save.
 * Version 2: a file tree notes when its files were last written (`written_at`, milliseconds), so
 * that trees without a session are collected as orphans after a grace period; trees from before
 * count as written at the migration.
 * Version 3: sessions in pieces, so a save writes what changed. `rak_sessions.snapshot` holds the
 * head (the snapshot without its messages, tool calls and checkpoints), `chunks` their chunk
 * counts, and `rak_session_chunks` one row per chunk of 100 with the fingerprint of its JSON
 * (see `postgres-session-pieces`). Sessions stored whole before (`chunks` null) are read as they
 * are and stored in pieces by their next save, so the migration rewrites no session.
 */
const migrations: readonly (readonly string[])[] = [
  [
    `CREATE TABLE rak_sessions (
      user_id text NOT NULL,
      id text NOT NULL,
      title text NOT NULL,
      titled boolean NOT NULL DEFAULT false,
      created_at bigint NOT NULL,
      updated_at bigint NOT NULL,
      message_count integer NOT NULL,
      revision integer NOT NULL,
      snapshot_version integer NOT NULL,
      snapshot json NOT NULL,
      PRIMARY KEY (user_id, id)
    )`,
    'CREATE INDEX rak_sessions_by_update ON rak_sessions (user_id, updated_at DESC, id)',
    `CREATE TABLE rak_file_trees (
      user_id text NOT NULL,
      session_id text NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (user_id, session_id)
    )`,
    `CREATE TABLE rak_files (
      user_id text NOT NULL,
      session_id text NOT NULL,
      path text NOT NULL,
      kind text NOT NULL CHECK (kind IN ('text', 'binary', 'directory')),
      content bytea,
      modified double precision NOT NULL,
      PRIMARY KEY (user_id, session_id, path),
      FOREIGN KEY (user_id, session_id) REFERENCES rak_file_trees (user_id, session_id) ON DELETE CASCADE
    )`,
  ],
  [
    'ALTER TABLE rak_file_trees ADD COLUMN written_at bigint NOT NULL DEFAULT (floor(extract(epoch FROM now()) * 1000))::bigint',
    'ALTER TABLE rak_file_trees ALTER COLUMN written_at DROP DEFAULT',
  ],
  [
    'ALTER TABLE rak_sessions ADD COLUMN chunks json',
    `CREATE TABLE rak_session_chunks (
      user_id text NOT NULL,
      session_id text NOT NULL,
      list text NOT NULL CHECK (list IN ('messages', 'toolCalls', 'checkpoints')),
      position integer NOT NULL,
      hash text NOT NULL,
      items json NOT NULL,
      PRIMARY KEY (user_id, session_id, list, position),
      FOREIGN KEY (user_id, session_id) REFERENCES rak_sessions (user_id, id) ON DELETE CASCADE
    )`,
  ],
];

/**
 * The schema version this code writes and reads.
 *
 * @example
 * ```ts
 * const { rows } = await pool.query('SELECT version FROM rak_schema');
 * rows[0].version === postgresSchemaVersion; // after the store's first use
 * ```
 */
export const postgresSchemaVersion = migrations.length;

// One fixed, arbitrary key that every process migrating these tables takes (pg_advisory_xact_lock).
const lockId = 7_263_616_150;

/**
 * Brings the database's tables to `postgresSchemaVersion`, creating them in an empty database.
 * Safe to run from many servers at once (they wait for each other on an advisory lock) and a
 * no-op when the tables are current. Throws a `PersistenceError` of code `future-format`, changing
 * nothing, when the database was migrated by a newer version of react-agent-kit.
 *
 * @example
 * ```ts
 * await migratePostgresSchema(pool); // before the first query of a store
 * ```
 */
export async function migratePostgresSchema(pool: PostgresPool): Promise<void> {
  // Most starts find the tables current: one read, no lock and no write.
  if ((await readVersion(pool)) === postgresSchemaVersion) return;
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1::bigint)', [lockId]);
    await client.query('CREATE TABLE IF NOT EXISTS rak_schema (only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row), version integer NOT NULL)');
    const version = (await readVersion(client)) ?? 0;
    for (let next = version; next < postgresSchemaVersion; next++) {
      for (const statement of migrations[next]!) await client.query(statement);
    }
    if (version < postgresSchemaVersion) {
      await client.query('INSERT INTO rak_schema (only_row, version) VALUES (true, $1) ON CONFLICT (only_row) DO UPDATE SET version = excluded.version', [postgresSchemaVersion]);
    }
  });
}

/** The stored version (`null`: no tables yet); throws `future-format` for a newer one. */
async function readVersion(queryable: PostgresQueryable): Promise<number | null> {
  const exists = await queryable.query("SELECT to_regclass('rak_schema') IS NOT NULL AS present");
  if (exists.rows[0]?.present !== true) return null;
  const { rows } = await queryable.query('SELECT version FROM rak_schema');
  const version = rows[0]?.version;
  if (typeof version !== 'number') return null;
  if (version > postgresSchemaVersion) {
    throw new PersistenceError(
      'future-format',
      `The session tables in this database were made by a newer version of react-agent-kit (schema version ${version}; this one knows up to ${postgresSchemaVersion}). They were left untouched; update the app to use them.`,
    );
  }
  return version;
}
