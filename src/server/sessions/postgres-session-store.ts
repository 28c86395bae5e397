import { PersistenceError } from '../../core/index';
import {
  byRecentUpdate,
  checkDeletedPath,
  checkLoadedFiles,
  checkSessionWrite,
  nextSessionRecord,
  normalizeFileRecord,
  renamedSessionRecord,
  piecesPerChunk,
  sandboxFormatVersion,
  snapshotFromJson,
} from '../../core/internal';
import type { FileRecord, StorageChanges } from '../../core/sandbox/index';
import { readSessionFile, readSnapshot, writeSessionFile, type SessionSummary, type SessionWrite, type StoredSession } from '../../core/sessions/index';
import { createPostgresPool, inTransaction, type PostgresPool, type PostgresQueryable } from './postgres-client';
import { toPostgresPersistenceError } from './postgres-error';
import { fromFileRow, toFileColumns } from './postgres-file-rows';
import { migratePostgresSchema } from './postgres-schema';
import { chunkText, joinStoredPieces, storedPieces, type ChunkRow, type PieceList, type StoredPieces } from './postgres-session-pieces';
import { resolveStoreOptions, type ServerSessionStore, type ServerSessionStoreOptions } from './server-session-store';
import { checkChangePaths, checkSnapshotPaths } from './stored-paths';

/**
 * Where `postgresSessionStore` keeps sessions: a database to connect to (the store makes and ends
 * its own pool, with the `pg` package), or the app's own `pg.Pool` (the store uses it and leaves
 * it open on `close`).
 */
export type PostgresSessionStoreOptions = ({ readonly connectionString: string } | { readonly pool: PostgresPool }) & ServerSessionStoreOptions;

const summaryColumns = 'id, title, titled, created_at::float8 AS created_at, updated_at::float8 AS updated_at, message_count, revision';

/**
 * A `ServerSessionStore` in PostgreSQL, on the `pg` client: every user's sessions and their files
 * in four tables (`rak_sessions`, `rak_session_chunks`, `rak_file_trees`, `rak_files`, versioned in
 * `rak_schema`) that the store creates and migrates itself on first use. It holds nothing in
 * memory between calls, so any number of servers may share one database. A save is one
 * transaction, compare-and-set on the revision, that writes the session's head and only the
 * chunks of 100 messages (tool calls, checkpoints) that changed; file changes are one transaction. A database migrated by a newer version of the
 * kit, or a session saved by one, is refused with `future-format` and left untouched.
 *
 * `pg` is an optional peer dependency: `npm install pg`.
 *
 * @example
 * ```ts
 * import { createAgentHandler, postgresSessionStore } from 'react-agent-kit/server';
 *
 * const sessions = postgresSessionStore({ connectionString: process.env.DATABASE_URL! });
 * const revision = await sessions.save('user-1', { id: 'chat-1', snapshot: agent.snapshot() }, null);
 * await sessions.close(); // on shutdown
 * ```
 */
export function postgresSessionStore(options: PostgresSessionStoreOptions): ServerSessionStore {
  const given = (options as { pool?: PostgresPool } | undefined)?.pool;
  const connectionString = (options as { connectionString?: unknown } | undefined)?.connectionString;
  if (given === undefined && (typeof connectionString !== 'string' || connectionString === '')) {
    throw new TypeError('postgresSessionStore needs { connectionString } (a postgres:// URL) or { pool } (a pg.Pool).');
  }
  if (given !== undefined && (typeof given.query !== 'function' || typeof given.connect !== 'function')) {
    throw new TypeError('postgresSessionStore({ pool }) needs a pg.Pool (with query and connect).');
  }
  const { orphanFilesAfterMs, now } = resolveStoreOptions(options);
  let pool: PostgresPool | undefined = given;
  let ready: Promise<PostgresPool> | undefined;
  let closed = false;

  /** The pool, with the tables migrated; a failed start (no database yet, say) is tried again on the next call. */
  function open(): Promise<PostgresPool> {
    if (closed) return Promise.reject(new PersistenceError('closed', 'The Postgres session store was closed.'));
    ready ??= (async () => {
      pool ??= await createPostgresPool(connectionString as string);
      await migratePostgresSchema(pool);
      return pool;
    })().catch((error: unknown) => {
      ready = undefined;
      throw toPostgresPersistenceError(error, 'preparing the session tables');
    });
    return ready;
  }

  async function run<Result>(doing: string, body: (pool: PostgresPool) => Promise<Result>): Promise<Result> {
    const opened = await open();
    try {
      return await body(opened);
    } catch (error) {
      throw toPostgresPersistenceError(error, doing);
    }
  }

  return {
    async list(userId: string) {
      checkKey(userId, 'user id');
      return run('listing sessions', async (db) => {
        const { rows } = await db.query(`SELECT ${summaryColumns} FROM rak_sessions WHERE user_id = $1 ORDER BY updated_at DESC, id`, [userId]);
        return rows.map(toSummary).sort(byRecentUpdate);
      });
    },

    async load(userId: string, id: string) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      return run(`loading session "${id}"`, async (db) => {
        // One statement: the head and its chunks as of one moment.
        const { rows } = await db.query(
          `SELECT ${summaryColumns}, snapshot::text AS snapshot, chunks::text AS chunks,
             (SELECT json_agg(json_build_array(c.list, c.position, c.items, c.hash))::text FROM rak_session_chunks c WHERE c.user_id = s.user_id AND c.session_id = s.id) AS pieces
           FROM rak_sessions s WHERE user_id = $1 AND id = $2`,
          [userId, id],
        );
        const row = rows[0];
        if (row === undefined) return null;
        return { ...toSummary(row), titled: row.titled === true, snapshot: readStoredSnapshot(row, id) } satisfies StoredSession;
      });
    },

    async save(userId: string, write: SessionWrite, expectedRevision: number | null) {
      checkKey(userId, 'user id');
      checkSessionWrite(write);
      checkKey(write.id, 'session id');
      checkSnapshotPaths(write);
      const { id } = write;
      const pieces = encodeSnapshot(write);
      return run(`saving session "${id}"`, async (db) => {
        // The rules (future format, revision, derived title and count) are the core's, applied to
        // the stored row; the write below repeats the revision check, which makes it a compare-and-set.
        const stored = await readHead(db, userId, id);
        const next = nextSessionRecord(stored, write, expectedRevision, now());
        const counts = pieces.counts === null ? null : JSON.stringify(pieces.counts);
        const chunks = chunkColumns(pieces.chunks);
        const update = (queryable: PostgresQueryable) =>
          queryable.query(
            // A rename between the read and this write keeps its title (titled rows keep theirs).
            `UPDATE rak_sessions SET title = CASE WHEN titled THEN title ELSE $3 END, updated_at = $4, message_count = $5,
               revision = $6, snapshot_version = $7, snapshot = $8, chunks = $9
             WHERE user_id = $1 AND id = $2 AND revision = $10`,
            [userId, id, storableTitle(next.title), next.updatedAt, next.messageCount, next.revision, write.snapshot.version, pieces.head, counts, expectedRevision],
          );

        // A new session: its head and all its chunks in one statement (atomic on its own; the
        // chunks are written only when the head was), with no fingerprints to look at (it has none).
        const written =
          expectedRevision === null
            ? (
                await db.query(
                  `WITH head AS (
                     INSERT INTO rak_sessions (user_id, id, title, titled, created_at, updated_at, message_count, revision, snapshot_version, snapshot, chunks)
                     VALUES ($1, $2, $3, false, $4, $4, $5, $6, $7, $8, $9) ON CONFLICT (user_id, id) DO NOTHING RETURNING 1
                   ), pieces AS (
                     INSERT INTO rak_session_chunks (user_id, session_id, list, position, hash, items)
                     SELECT $1, $2, * FROM unnest($10::text[], $11::integer[], $12::text[], $13::json[]) WHERE EXISTS (SELECT 1 FROM head)
                   )
                   SELECT count(*)::int AS written FROM head`,
                  [userId, id, storableTitle(next.title), next.updatedAt, next.messageCount, next.revision, write.snapshot.version, pieces.head, counts, ...chunks],
                )
              ).rows[0]?.written === 1
            : pieces.counts === null && stored?.chunked === false
              ? // Small, and stored whole: one statement, as before sessions had chunks.
                (await update(db)).rowCount === 1
              : await inTransaction(db, async (client) => {
                  const { rowCount } = await update(client);
                  // The row is this save's until it commits: its chunks are written under that lock.
                  if (rowCount === 1) await writeChunks(client, userId, id, pieces);
                  return rowCount === 1;
                });
        if (written) {
          // Best effort: the save is done, and a failed collection is tried again at the next one.
          if (expectedRevision === null) await collectOrphans(db, userId, now() - orphanFilesAfterMs).catch(() => undefined);
          return next.revision;
        }
        // Another save got in between: the rules say why, from the row as it is now.
        nextSessionRecord(await readHead(db, userId, id), write, expectedRevision, now());
        throw new PersistenceError('conflict', `Session "${id}" was saved by another tab or agent at the same time. Nothing was written; reload the session to continue with the latest version.`);
      });
    },

    async rename(userId: string, id: string, title: string) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      return run(`renaming session "${id}"`, async (db) => {
        const stored = await readHead(db, userId, id);
        if (stored === null) return false;
        const next = renamedSessionRecord(stored, id, title);
        const { rowCount } = await db.query('UPDATE rak_sessions SET title = $3, titled = true WHERE user_id = $1 AND id = $2', [userId, id, storableTitle(next.title)]);
        return rowCount === 1;
      });
    },

    async remove(userId: string, id: string) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      return run(`removing session "${id}"`, (db) =>
        inTransaction(db, async (client) => {
          await client.query('DELETE FROM rak_sessions WHERE user_id = $1 AND id = $2', [userId, id]);
          await client.query('DELETE FROM rak_file_trees WHERE user_id = $1 AND session_id = $2', [userId, id]);
          await collectOrphans(client, userId, now() - orphanFilesAfterMs);
        }),
      );
    },

    async loadFiles(userId: string, id: string) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      return run(`loading the files of session "${id}"`, async (db) => {
        // One statement: the tree and its files as of one moment.
        const { rows } = await db.query(
          `SELECT t.version, f.path, f.kind, f.content, f.modified FROM rak_file_trees t
           LEFT JOIN rak_files f ON f.user_id = t.user_id AND f.session_id = t.session_id
           WHERE t.user_id = $1 AND t.session_id = $2 ORDER BY f.path`,
          [userId, id],
        );
        if (rows.length === 0) return null;
        refuseNewerFiles(rows[0]!.version, id);
        return { version: sandboxFormatVersion, files: checkLoadedFiles(rows.filter((row) => row.path !== null).map(fromFileRow)) };
      });
    },

    async saveFiles(userId: string, id: string, changes: StorageChanges) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      // Everything is checked before anything is written: a bad record changes nothing.
      const written = (changes?.written ?? []).map((record) => normalizeFileRecord(record, `saving the files of session "${id}"`));
      const deleted = (changes?.deleted ?? []).map(checkDeletedPath);
      checkChangePaths({ written, deleted }, id);
      if (written.length === 0 && deleted.length === 0) {
        await open();
        return;
      }
      return run(`saving the files of session "${id}"`, (db) =>
        inTransaction(db, async (client) => {
          await openTree(client, userId, id, now());
          await writeFiles(client, userId, id, written);
          // After the writes: a path both written and deleted ends up deleted.
          if (deleted.length > 0) await client.query('DELETE FROM rak_files WHERE user_id = $1 AND session_id = $2 AND path = ANY($3::text[])', [userId, id, deleted]);
        }),
      );
    },

    async replaceFiles(userId: string, id: string, files: readonly FileRecord[]) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      const records = [...(files ?? [])].map((record) => normalizeFileRecord(record, `saving all files of session "${id}"`));
      checkChangePaths({ written: records }, id);
      return run(`saving all files of session "${id}"`, (db) =>
        inTransaction(db, async (client) => {
          await openTree(client, userId, id, now());
          await client.query('DELETE FROM rak_files WHERE user_id = $1 AND session_id = $2', [userId, id]);
          await writeFiles(client, userId, id, records);
        }),
      );
    },

    async clearFiles(userId: string, id: string) {
      checkKey(userId, 'user id');
      checkKey(id, 'session id');
      return run(`clearing the files of session "${id}"`, async (db) => {
        await db.query('DELETE FROM rak_file_trees WHERE user_id = $1 AND session_id = $2', [userId, id]);
      });
    },

    async close() {
      if (closed) return;
      closed = true;
      // A start under way finishes first, so a pool it makes is ended too.
      await ready?.catch(() => undefined);
      if (given === undefined) await pool?.end();
    },
  };
}

/** Ids are strings (an empty user id is one user too: an app without accounts may use it) without U+0000, which Postgres text cannot hold. */
function checkKey(value: unknown, what: string): void {
  if (typeof value !== 'string' || value.includes('\u0000')) {
    throw new PersistenceError('invalid-record', `A ${what} must be a string without the character U+0000, got ${JSON.stringify(value) ?? String(value)}.`);
  }
}

/** Postgres text cannot hold U+0000: a title taken from a message that has one shows U+FFFD there instead. */
function storableTitle(title: string): string {
  return title.replaceAll('\u0000', '\uFFFD');
}

function toSummary(row: Record<string, unknown>): SessionSummary {
  return {
    id: String(row.id),
    title: String(row.title),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    messageCount: Number(row.message_count),
    revision: Number(row.revision),
  };
}

/** What the save rules read of a stored session: its summary, `titled`, its snapshot's version, and whether it is stored in chunks. */
async function readHead(db: PostgresQueryable, userId: string, id: string): Promise<(StoredSession & { chunked: boolean }) | null> {
  const { rows } = await db.query(`SELECT ${summaryColumns}, snapshot_version, chunks IS NOT NULL AS chunked FROM rak_sessions WHERE user_id = $1 AND id = $2`, [userId, id]);
  const row = rows[0];
  if (row === undefined) return null;
  const snapshot = { format: 'react-agent-kit/agent', version: Number(row.snapshot_version) } as StoredSession['snapshot'];
  return { ...toSummary(row), titled: row.titled === true, snapshot, chunked: row.chunked === true };
}

/** The snapshot as the rows to store: its head and its chunks as JSON text (binary file content as base64, as in a session file). */
function encodeSnapshot(write: SessionWrite): StoredPieces {
  try {
    // Each list fits one chunk: the session is stored whole, one row, as before sessions had chunks.
    const { state, sandbox } = write.snapshot;
    const small = [state.messages, state.toolCalls, sandbox?.checkpoints ?? []].every((list) => list.length <= piecesPerChunk);
    return small ? { head: writeSessionFile(write.snapshot), counts: null, chunks: [] } : storedPieces(write.snapshot);
  } catch (error) {
    throw new PersistenceError('invalid-record', `Session "${write.id}" holds something that cannot be stored as JSON (${error instanceof Error ? error.message : String(error)}).`, { cause: error });
  }
}

/**
 * A stored snapshot, read and checked as the browser storages do: older formats migrated, newer
 * refused, damage reported. A row without `chunks` holds the snapshot whole (saved before schema 3).
 */
function readStoredSnapshot(row: Record<string, unknown>, id: string): StoredSession['snapshot'] {
  try {
    // Trusted: it is the app's own stored conversation, so its "always allow" grants stay.
    if (row.chunks === null) return readSessionFile(String(row.snapshot), { trusted: true });
    const damage = (problem: string) => new PersistenceError('corrupt', problem);
    return readSnapshot(snapshotFromJson(joinStoredPieces(String(row.snapshot), row.chunks as string, row.pieces as string | null, damage), damage));
  } catch (error) {
    if (error instanceof SyntaxError) throw new PersistenceError('corrupt', `The stored snapshot of session "${id}" is damaged: ${error.message}`, { cause: error });
    if (error instanceof PersistenceError && (error.code === 'invalid-archive' || error.code === 'corrupt')) {
      throw new PersistenceError('corrupt', `The stored snapshot of session "${id}" is damaged: ${error.message}`, { cause: error });
    }
    throw error;
  }
}

function refuseNewerFiles(version: unknown, id: string): void {
  if (typeof version === 'number' && version > sandboxFormatVersion) {
    throw new PersistenceError(
      'future-format',
      `The files of session "${id}" were saved by a newer version of react-agent-kit (format ${version}; this one reads up to ${sandboxFormatVersion}). They were left untouched; update the app to open them.`,
    );
  }
}

/**
 * Makes sure the session has a file tree, noting the write's time (and locks it for this
 * transaction); refuses a newer one (the time is rolled back with the refused write).
 */
async function openTree(client: PostgresQueryable, userId: string, id: string, now: number): Promise<void> {
  await client.query(
    'INSERT INTO rak_file_trees (user_id, session_id, version, written_at) VALUES ($1, $2, $3, $4) ON CONFLICT (user_id, session_id) DO UPDATE SET written_at = excluded.written_at',
    [userId, id, sandboxFormatVersion, now],
  );
  const { rows } = await client.query('SELECT version FROM rak_file_trees WHERE user_id = $1 AND session_id = $2 FOR UPDATE', [userId, id]);
  refuseNewerFiles(rows[0]?.version, id);
}

/** Chunk rows as the column arrays of an `INSERT ... SELECT unnest(...)`: lists, positions, fingerprints, items. */
function chunkColumns(chunks: readonly ChunkRow[]): [string[], number[], string[], string[]] {
  return [chunks.map((chunk) => chunk.list), chunks.map((chunk) => chunk.position), chunks.map((chunk) => chunk.hash), chunks.map(chunkText)];
}

/**
 * Writes the chunks of `pieces` whose fingerprint differs from the stored one (all of them for a
 * session stored whole before), and removes those past the end of their list: one statement each,
 * rows for what changed only.
 */
async function writeChunks(client: PostgresQueryable, userId: string, id: string, pieces: StoredPieces): Promise<void> {
  const { rows } = await client.query('SELECT list, position, hash FROM rak_session_chunks WHERE user_id = $1 AND session_id = $2', [userId, id]);
  const held = new Map(rows.map((row) => [`${String(row.list)} ${Number(row.position)}`, row.hash]));
  const changed = pieces.chunks.filter((chunk) => held.get(`${chunk.list} ${chunk.position}`) !== chunk.hash);
  if (changed.length > 0) {
    await client.query(
      `INSERT INTO rak_session_chunks (user_id, session_id, list, position, hash, items)
       SELECT $1, $2, * FROM unnest($3::text[], $4::integer[], $5::text[], $6::json[])
       ON CONFLICT (user_id, session_id, list, position) DO UPDATE SET hash = excluded.hash, items = excluded.items`,
      [userId, id, ...chunkColumns(changed)],
    );
  }
  // A session stored whole now (`counts` null) keeps no chunk.
  const past = rows.filter((row) => pieces.counts === null || Number(row.position) >= pieces.counts[row.list as PieceList]);
  if (past.length > 0) {
    await client.query('DELETE FROM rak_session_chunks WHERE user_id = $1 AND session_id = $2 AND (list, position) IN (SELECT * FROM unnest($3::text[], $4::integer[]))', [
      userId,
      id,
      past.map((row) => row.list),
      past.map((row) => row.position),
    ]);
  }
}

async function writeFiles(client: PostgresQueryable, userId: string, id: string, records: readonly FileRecord[]): Promise<void> {
  if (records.length === 0) return;
  const { paths, kinds, contents, modified } = toFileColumns(records);
  await client.query(
    `INSERT INTO rak_files (user_id, session_id, path, kind, content, modified)
     SELECT $1, $2, * FROM unnest($3::text[], $4::text[], $5::bytea[], $6::float8[])
     ON CONFLICT (user_id, session_id, path) DO UPDATE SET kind = excluded.kind, content = excluded.content, modified = excluded.modified`,
    [userId, id, paths, kinds, contents, modified],
  );
}

/**
 * Removes the user's file trees (their files go with them) that no session holds and that were
 * last written at `writtenBefore` or earlier. Trees of a newer format are left as they are.
 */
async function collectOrphans(db: PostgresQueryable, userId: string, writtenBefore: number): Promise<void> {
  await db.query(
    `DELETE FROM rak_file_trees t WHERE t.user_id = $1 AND t.written_at <= $2 AND t.version <= $3
     AND NOT EXISTS (SELECT 1 FROM rak_sessions s WHERE s.user_id = t.user_id AND s.id = t.session_id)`,
    [userId, writtenBefore, sandboxFormatVersion],
  );
}
