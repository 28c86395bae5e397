/**
 * The Postgres session store against a real PostgreSQL server: a throwaway cluster started for
 * this file (test/setup/postgres-cluster.ts), a fresh database per test.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PersistenceError } from '../../core/persistence/persistence-error';
import { createInitialState } from '../../core/store/state';
import { agentSnapshotVersion, type AgentSnapshot } from '../../core/sessions/session-types';
import type { FileRecord } from '../../core/sandbox/storage/file-record';
import { findPostgresBinaries, startPostgresCluster, type PostgresCluster } from '../../../test/setup/postgres-cluster';
import { postgresSessionStore } from './postgres-session-store';
import { postgresSchemaVersion } from './postgres-schema';
import { defaultOrphanFilesAfterMs, type ServerSessionStore } from './server-session-store';
import { describeHandlersOnOneBacking, describeServerSessionStore } from './server-session-store-contract';
import type { PostgresPool, PostgresQueryable } from './postgres-client';
import { countWrites, longConversation, toSchemaTwo } from '../../../test/sessions/postgres-layout';

const binaries = findPostgresBinaries();

function snapshotOf(...texts: string[]): AgentSnapshot {
  return {
    format: 'react-agent-kit/agent',
    version: agentSnapshotVersion,
    state: {
      ...createInitialState(),
      messages: texts.map((text, index) => ({ id: `m${index}`, role: 'user' as const, parts: [{ type: 'text' as const, id: `t${index}`, text, status: 'done' as const }], status: 'done' as const, createdAt: index })),
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe.skipIf(binaries === undefined)(`postgresSessionStore on a real PostgreSQL server${binaries === undefined ? ' (skipped: no PostgreSQL binaries here; apt-get install postgresql, or set PG_BIN)' : ''}`, { timeout: 20_000 }, () => {
  let cluster: PostgresCluster;
  const stores: ServerSessionStore[] = [];
  const pools: pg.Pool[] = [];

  beforeAll(async () => {
    cluster = await startPostgresCluster(binaries!);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
    await Promise.all(pools.map((pool) => pool.end()));
    await cluster?.stop();
  }, 30_000);

  async function freshStore(): Promise<{ store: ServerSessionStore; url: string }> {
    const url = await cluster.createDatabase();
    const store = postgresSessionStore({ connectionString: url });
    stores.push(store);
    return { store, url };
  }

  // The same contract every server store keeps (the memory one runs it too).
  describeServerSessionStore('postgresSessionStore', async ({ now }) => ({ store: postgresSessionStore({ connectionString: await cluster.createDatabase(), now }) }));

  // Stateless servers: each handler has its own store and pool; the database is all they share.
  describeHandlersOnOneBacking('PostgreSQL database', async () => {
    const url = await cluster.createDatabase();
    return { stores: [postgresSessionStore({ connectionString: url }), postgresSessionStore({ connectionString: url })] };
  });

  function poolFor(url: string): pg.Pool {
    const pool = new pg.Pool({ connectionString: url });
    // As an app must (the store's own pools do): an idle connection the server closes is reported on
    // the pool, and without a listener that ends the process. The cluster stops at teardown.
    pool.on('error', () => undefined);
    pools.push(pool);
    return pool;
  }

  it('saves, lists, loads, renames and removes a session, deriving title and message count as the browser storages do', async () => {
    const { store } = await freshStore();
    expect(await store.list('ada')).toEqual([]);
    expect(await store.load('ada', 'chat-1')).toBeNull();

    expect(await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('Summarize   the\nreport') }, null)).toBe(1);
    expect(await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('Summarize the report', 'And the budget') }, 1)).toBe(2);
    const loaded = await store.load('ada', 'chat-1');
    expect(loaded).toMatchObject({ id: 'chat-1', title: 'Summarize the report', titled: false, messageCount: 2, revision: 2 });
    expect(loaded!.snapshot).toEqual(snapshotOf('Summarize the report', 'And the budget'));
    expect(loaded!.createdAt).toBeLessThanOrEqual(loaded!.updatedAt);

    expect(await store.rename('ada', 'chat-1', '  Quarterly   report ')).toBe(true);
    expect(await store.rename('ada', 'missing', 'x')).toBe(false);
    expect((await rejection(store.rename('ada', 'chat-1', '   '))).code).toBe('invalid-record');
    // A rename keeps the revision; later saves keep the given title.
    expect(await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('Other words') }, 2)).toBe(3);
    expect(await store.list('ada')).toEqual([{ id: 'chat-1', title: 'Quarterly report', createdAt: loaded!.createdAt, updatedAt: expect.any(Number), messageCount: 1, revision: 3 }]);

    await store.remove('ada', 'chat-1');
    await store.remove('ada', 'chat-1'); // missing is fine
    expect(await store.list('ada')).toEqual([]);
    expect(await store.load('ada', 'chat-1')).toBeNull();
  });

  it('lists most recently updated first', async () => {
    const { store } = await freshStore();
    await store.save('ada', { id: 'old', snapshot: snapshotOf('old') }, null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.save('ada', { id: 'new', snapshot: snapshotOf('new') }, null);
    expect((await store.list('ada')).map((session) => session.id)).toEqual(['new', 'old']);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.save('ada', { id: 'old', snapshot: snapshotOf('old', 'again') }, 1);
    expect((await store.list('ada')).map((session) => session.id)).toEqual(['old', 'new']);
  });

  it('keeps what JSON alone would lose: binary checkpoint content and the character U+0000', async () => {
    const { store } = await freshStore();
    const bytes = new Uint8Array([0, 1, 2, 255]);
    const snapshot: AgentSnapshot = {
      ...snapshotOf('nul \u0000 inside'),
      sandbox: { checkpoints: [{ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written: [{ path: '/logo.png', kind: 'binary', bytes, modified: 1 }], deleted: [] } }] },
    };
    await store.save('ada', { id: 'chat-1', snapshot }, null);
    const loaded = await store.load('ada', 'chat-1');
    expect(loaded!.snapshot).toEqual(snapshot);
    // The list's title cannot hold U+0000 in Postgres text: it shows U+FFFD there.
    expect(loaded!.title).toBe('nul \uFFFD inside');
  });

  /**
   * Two servers' pools on one database whose session writes wait until both servers are about to
   * write: both have read the stored revision by then, so only the compare-and-set in the write
   * itself can tell them apart.
   */
  function racingPools(url: string): [PostgresPool, PostgresPool] {
    let waiting: (() => void)[] = [];
    const bothAtTheWrite = () =>
      new Promise<void>((resolve) => {
        waiting.push(resolve);
        if (waiting.length === 2) {
          for (const release of waiting) release();
          waiting = [];
        }
      });
    const racing = (pool: pg.Pool): PostgresPool => ({
      async query(text: string, values?: unknown[]) {
        if (/^\s*(UPDATE|INSERT INTO) rak_sessions/.test(text)) await bothAtTheWrite();
        return pool.query(text, values);
      },
      connect: () => pool.connect(),
      end: () => pool.end(),
    });
    return [racing(poolFor(url)), racing(poolFor(url))];
  }

  it('compare-and-set: of two concurrent saves on one revision (two tabs, two servers) one wins, the other gets conflict, and nothing of the winner is lost', async () => {
    const { store, url } = await freshStore();
    await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('start') }, null);
    const [one, two] = racingPools(url).map((pool) => postgresSessionStore({ pool }));
    const results = await Promise.allSettled([
      one!.save('ada', { id: 'chat-1', snapshot: snapshotOf('start', 'tab A') }, 1),
      two!.save('ada', { id: 'chat-1', snapshot: snapshotOf('start', 'tab B') }, 1),
    ]);
    const won = results.filter((result) => result.status === 'fulfilled');
    const lost = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(won).toEqual([{ status: 'fulfilled', value: 2 }]);
    expect(lost).toHaveLength(1);
    expect(lost[0]!.reason).toBeInstanceOf(PersistenceError);
    expect((lost[0]!.reason as PersistenceError).code).toBe('conflict');
    expect((lost[0]!.reason as PersistenceError).message).toMatch(/it is at revision 2, this save expected revision 1/);
    const winner = results[0].status === 'fulfilled' ? 'tab A' : 'tab B';
    expect(await store.load('ada', 'chat-1')).toMatchObject({ revision: 2, snapshot: snapshotOf('start', winner) });

    // Two first saves of one new id, racing the same way: one creates it, the other conflicts.
    const firsts = await Promise.allSettled([one!.save('ada', { id: 'new', snapshot: snapshotOf('a') }, null), two!.save('ada', { id: 'new', snapshot: snapshotOf('b') }, null)]);
    expect(firsts.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(firsts.flatMap((result) => (result.status === 'rejected' ? [(result.reason as PersistenceError).code] : []))).toEqual(['conflict']);
    await Promise.all([one!.close(), two!.close()]);

    // A stale revision and a save over a removed session conflict too.
    expect((await rejection(store.save('ada', { id: 'chat-1', snapshot: snapshotOf('stale') }, 1))).code).toBe('conflict');
    await store.remove('ada', 'chat-1');
    expect((await rejection(store.save('ada', { id: 'chat-1', snapshot: snapshotOf('gone') }, 2))).code).toBe('conflict');
  });

  it('a rename made while a save is on its way keeps its title', async () => {
    const { store, url } = await freshStore();
    await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('first words') }, null);
    const pool = poolFor(url);
    let renamed!: () => void;
    let atWrite!: () => void;
    const renameDone = new Promise<void>((resolve) => (renamed = resolve));
    const saveAtWrite = new Promise<void>((resolve) => (atWrite = resolve));
    // The save has read the session (untitled then) and waits to write until the rename is done.
    const slowly = async (queryable: PostgresQueryable, text: string, values?: unknown[]) => {
      if (/^\s*UPDATE rak_sessions SET title = CASE/.test(text)) {
        atWrite();
        await renameDone;
      }
      return queryable.query(text, values);
    };
    const slowWrites: PostgresPool = {
      query: (text: string, values?: unknown[]) => slowly(pool, text, values),
      // The save's write is in a transaction, on a client of its own.
      async connect() {
        const client = await pool.connect();
        return { query: (text: string, values?: unknown[]) => slowly(client, text, values), release: (error?: Error | boolean) => client.release(error) };
      },
      end: () => pool.end(),
    };
    const saving = postgresSessionStore({ pool: slowWrites }).save('ada', { id: 'chat-1', snapshot: snapshotOf('other words') }, 1);
    await saveAtWrite;
    expect(await store.rename('ada', 'chat-1', 'Named by hand')).toBe(true);
    renamed();
    expect(await saving).toBe(2);
    expect(await store.load('ada', 'chat-1')).toMatchObject({ title: 'Named by hand', titled: true, revision: 2, messageCount: 1 });
  });

  it('reads stored snapshots as the browser storages do: an older format is migrated, a damaged one is corrupt', async () => {
    const { store, url } = await freshStore();
    await store.save('ada', { id: 'old', snapshot: snapshotOf('from an older kit') }, null);
    await store.save('ada', { id: 'damaged', snapshot: snapshotOf('x') }, null);
    const pool = poolFor(url);
    await pool.query("UPDATE rak_sessions SET snapshot = $1, snapshot_version = 2, chunks = NULL WHERE id = 'old'", [JSON.stringify({ ...snapshotOf('from an older kit'), version: 2 })]);
    await pool.query("UPDATE rak_sessions SET snapshot = $1, chunks = NULL WHERE id = 'damaged'", [JSON.stringify({ ...snapshotOf('x'), state: { ...snapshotOf('x').state, messages: 'nope' } })]);
    expect((await store.load('ada', 'old'))!.snapshot).toEqual(snapshotOf('from an older kit'));
    const error = await rejection(store.load('ada', 'damaged'));
    expect(error.code).toBe('corrupt');
    expect(error.message).toMatch(/stored snapshot of session "damaged" is damaged: .*state\.messages/);
  });

  it('stores files: change sets and whole trees atomically, text, bytes and directories as they were', async () => {
    const { store } = await freshStore();
    expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
    await store.replaceFiles('ada', 'chat-1', []);
    expect(await store.loadFiles('ada', 'chat-1')).toEqual({ version: 1, files: [] });

    const files: FileRecord[] = [
      { path: '/a.txt', kind: 'text', text: 'héllo \u0000 wörld', modified: 1.5 },
      { path: '/b.bin', kind: 'binary', bytes: new Uint8Array([0, 200, 7]), modified: 2 },
      { path: '/empty', kind: 'directory', modified: 3 },
    ];
    await store.replaceFiles('ada', 'chat-1', files);
    expect(await store.loadFiles('ada', 'chat-1')).toEqual({ version: 1, files });

    // Written and deleted in one change set: the delete wins; a path written twice keeps the last.
    await store.saveFiles('ada', 'chat-1', {
      written: [
        { path: '/c.txt', kind: 'text', text: 'first', modified: 4 },
        { path: '/c.txt', kind: 'text', text: 'second', modified: 5 },
        { path: '/b.bin', kind: 'text', text: 'now text', modified: 6 },
        { path: '/gone.txt', kind: 'text', text: 'x', modified: 7 },
      ],
      deleted: ['/a.txt', '/gone.txt'],
    });
    expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([
      { path: '/b.bin', kind: 'text', text: 'now text', modified: 6 },
      { path: '/c.txt', kind: 'text', text: 'second', modified: 5 },
      { path: '/empty', kind: 'directory', modified: 3 },
    ]);

    // A bad record fails the whole change set and changes nothing.
    const bad = { path: '/d.txt', kind: 'text', modified: 1 } as unknown as FileRecord;
    expect((await rejection(store.saveFiles('ada', 'chat-1', { written: [{ path: '/e.txt', kind: 'text', text: 'e', modified: 1 }, bad], deleted: [] }))).code).toBe('invalid-record');
    expect((await store.loadFiles('ada', 'chat-1'))!.files.map((file) => file.path)).toEqual(['/b.bin', '/c.txt', '/empty']);

    await store.replaceFiles('ada', 'chat-1', [{ path: '/only.txt', kind: 'text', text: 'only', modified: 1 }]);
    expect((await store.loadFiles('ada', 'chat-1'))!.files.map((file) => file.path)).toEqual(['/only.txt']);

    await store.clearFiles('ada', 'chat-1');
    expect(await store.loadFiles('ada', 'chat-1')).toBeNull();

    // Removing a session removes its files.
    await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('x') }, null);
    await store.saveFiles('ada', 'chat-1', { written: [{ path: '/x.txt', kind: 'text', text: 'x', modified: 1 }], deleted: [] });
    await store.remove('ada', 'chat-1');
    expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
  });

  it('refuses sessions and files of a newer format, leaving them as they are', async () => {
    const { store, url } = await freshStore();
    await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('mine') }, null);
    await store.replaceFiles('ada', 'chat-1', [{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);
    const pool = poolFor(url);
    const future = JSON.stringify({ ...snapshotOf('from the future'), version: agentSnapshotVersion + 1 });
    await pool.query("UPDATE rak_sessions SET snapshot = $1, snapshot_version = $2, chunks = NULL WHERE id = 'chat-1'", [future, agentSnapshotVersion + 1]);
    await pool.query("UPDATE rak_file_trees SET version = 99 WHERE session_id = 'chat-1'");

    expect((await rejection(store.load('ada', 'chat-1'))).code).toBe('future-format');
    expect((await rejection(store.save('ada', { id: 'chat-1', snapshot: snapshotOf('older code') }, 1))).code).toBe('future-format');
    expect((await rejection(store.loadFiles('ada', 'chat-1'))).code).toBe('future-format');
    expect((await rejection(store.saveFiles('ada', 'chat-1', { written: [{ path: '/b.txt', kind: 'text', text: 'b', modified: 1 }], deleted: [] }))).code).toBe('future-format');
    expect((await rejection(store.replaceFiles('ada', 'chat-1', []))).code).toBe('future-format');
    const { rows } = await pool.query("SELECT snapshot::text AS snapshot, revision FROM rak_sessions WHERE id = 'chat-1'");
    expect(rows).toEqual([{ snapshot: future, revision: 1 }]);
    expect((await pool.query('SELECT path FROM rak_files')).rows).toEqual([{ path: '/a.txt' }]);
  });

  it('creates its tables in an empty database, once, even when several stores start at the same moment', async () => {
    const url = await cluster.createDatabase();
    const starting = Array.from({ length: 4 }, () => postgresSessionStore({ connectionString: url }));
    stores.push(...starting);
    await Promise.all(starting.map((store, index) => store.save('ada', { id: `chat-${index}`, snapshot: snapshotOf('hi') }, null)));
    const pool = poolFor(url);
    expect((await pool.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion }]);
    const tables = await pool.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename");
    expect(tables.rows.map((row) => row.tablename)).toEqual(['rak_file_trees', 'rak_files', 'rak_schema', 'rak_session_chunks', 'rak_sessions']);
    expect(await starting[0]!.list('ada')).toHaveLength(4);
  });

  it('migrates schema 1 to 2: file trees from before count as written at the migration, and orphans among them are collected a grace period later (issue 26, item 9)', async () => {
    const url = await cluster.createDatabase();
    const pool = poolFor(url);
    const first = postgresSessionStore({ connectionString: url });
    stores.push(first);
    await first.save('ada', { id: 'chat-1', snapshot: snapshotOf('kept') }, null);
    await first.saveFiles('ada', 'chat-1', { written: [{ path: '/kept.txt', kind: 'text', text: 'k', modified: 1 }], deleted: [] });
    await first.saveFiles('ada', 'removed-long-ago', { written: [{ path: '/late.txt', kind: 'text', text: 'l', modified: 1 }], deleted: [] });
    await first.close();
    // The tables as schema 1 left them.
    await pool.query('DROP TABLE rak_session_chunks');
    await pool.query('ALTER TABLE rak_sessions DROP COLUMN chunks');
    await pool.query('ALTER TABLE rak_file_trees DROP COLUMN written_at');
    await pool.query('UPDATE rak_schema SET version = 1');

    const migratedAt = Date.now();
    let clock = migratedAt;
    const store = postgresSessionStore({ connectionString: url, now: () => clock });
    stores.push(store);
    await store.remove('ada', 'nothing');
    expect((await pool.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion }]);
    expect((await store.loadFiles('ada', 'removed-long-ago'))!.files).toHaveLength(1);
    clock = migratedAt + defaultOrphanFilesAfterMs + 60_000;
    await store.remove('ada', 'nothing');
    expect(await store.loadFiles('ada', 'removed-long-ago')).toBeNull();
    expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([{ path: '/kept.txt', kind: 'text', text: 'k', modified: 1 }]);
    expect((await pool.query('SELECT count(*)::int AS n FROM rak_files')).rows).toEqual([{ n: 1 }]);
  });

  it('adding one message to a 10,000-message session writes the head and one chunk: 2 rows, under 64 KB, in 7 statements (issue 29)', async () => {
    const url = await cluster.createDatabase();
    const pool = poolFor(url);
    let statements = 0;
    const counted = (queryable: PostgresQueryable) => (text: string, values?: unknown[]) => {
      statements += 1;
      return queryable.query(text, values);
    };
    const counting: PostgresPool = {
      query: counted(pool),
      async connect() {
        const client = await pool.connect();
        return { query: counted(client), release: (error?: Error | boolean) => client.release(error) };
      },
      end: async () => {},
    };
    const store = postgresSessionStore({ pool: counting });
    stores.push(store);
    const long = longConversation(10_000);
    await store.save('ada', { id: 'long', snapshot: long }, null);
    const counter = await countWrites((text, values) => pool.query(text, values));
    statements = 0;
    const longer = longConversation(10_001);
    expect(await store.save('ada', { id: 'long', snapshot: longer }, 1)).toBe(2);
    const written = await counter.writes();
    expect(written.rows).toBe(2);
    expect(written.bytes).toBeLessThan(64 * 1024);
    // Read the head; begin; compare-and-set the head; read the chunks' fingerprints; write the changed ones; commit.
    expect(statements).toBeLessThanOrEqual(7);
    // A message changed in the middle and the last one dropped: the changed chunk, and the one past the end goes.
    const edited = longConversation(10_000, { 5_000: 'Edited.' });
    expect(await store.save('ada', { id: 'long', snapshot: edited }, 2)).toBe(3);
    expect((await counter.writes()).rows).toBe(2);
    expect((await pool.query("SELECT count(*)::int AS n FROM rak_session_chunks WHERE session_id = 'long'")).rows).toEqual([{ n: 100 }]);
    expect((await store.load('ada', 'long'))!.snapshot).toEqual(edited);
  });

  it('migrates schema 2 to 3: sessions stored whole load as they were, and their next save stores them in pieces (issue 29)', async () => {
    const url = await cluster.createDatabase();
    const pool = poolFor(url);
    const first = postgresSessionStore({ connectionString: url });
    await first.list('ada');
    await first.close();
    const whole = longConversation(250);
    await toSchemaTwo((text, values) => pool.query(text, values), [{ userId: 'ada', id: 'old', snapshot: whole }]);

    const store = postgresSessionStore({ connectionString: url });
    stores.push(store);
    expect(await store.load('ada', 'old')).toMatchObject({ revision: 1, messageCount: 250, snapshot: whole });
    expect((await pool.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion }]);
    const counter = await countWrites((text, values) => pool.query(text, values));
    // The first save writes every chunk (there were none), the next one only what changed.
    expect(await store.save('ada', { id: 'old', snapshot: longConversation(251) }, 1)).toBe(2);
    expect((await counter.writes()).rows).toBe(1 + 3);
    expect(await store.save('ada', { id: 'old', snapshot: longConversation(252) }, 2)).toBe(3);
    expect((await counter.writes()).rows).toBe(1 + 1);
    expect((await store.load('ada', 'old'))!.snapshot).toEqual(longConversation(252));
  });

  it('refuses a database whose tables a newer version made, and alters nothing in it', async () => {
    const url = await cluster.createDatabase();
    const pool = poolFor(url);
    await pool.query('CREATE TABLE rak_schema (only_row boolean PRIMARY KEY DEFAULT true, version integer NOT NULL)');
    await pool.query('INSERT INTO rak_schema (version) VALUES ($1)', [postgresSchemaVersion + 1]);
    const tablesBefore = (await pool.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows;
    const store = postgresSessionStore({ connectionString: url });
    stores.push(store);
    const error = await rejection(store.list('ada'));
    expect(error.code).toBe('future-format');
    expect(error.message).toContain(`newer version of react-agent-kit (schema version ${postgresSchemaVersion + 1}; this one knows up to ${postgresSchemaVersion})`);
    expect((await rejection(store.save('ada', { id: 'chat-1', snapshot: snapshotOf('x') }, null))).code).toBe('future-format');
    expect((await pool.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual(tablesBefore);
    expect((await pool.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion + 1 }]);
  });

  it('two stores with two pools on one database see each other\'s saves (stateless: nothing kept in memory)', async () => {
    const { store: first, url } = await freshStore();
    const second = postgresSessionStore({ pool: poolFor(url) });
    stores.push(second);
    const revision = await first.save('ada', { id: 'chat-1', snapshot: snapshotOf('from server one') }, null);
    expect((await second.load('ada', 'chat-1'))!.snapshot).toEqual(snapshotOf('from server one'));
    await second.save('ada', { id: 'chat-1', snapshot: snapshotOf('from server one', 'and two') }, revision);
    expect((await first.load('ada', 'chat-1'))).toMatchObject({ revision: 2, messageCount: 2 });
    expect((await rejection(first.save('ada', { id: 'chat-1', snapshot: snapshotOf('stale') }, revision))).code).toBe('conflict');
  });

  it('with { pool }, close leaves the app\'s pool open; with { connectionString }, the store ends its own', async () => {
    const url = await cluster.createDatabase();
    const pool = poolFor(url);
    const store = postgresSessionStore({ pool });
    await store.save('ada', { id: 'chat-1', snapshot: snapshotOf('x') }, null);
    await store.close();
    expect((await pool.query('SELECT count(*)::int AS count FROM rak_sessions')).rows).toEqual([{ count: 1 }]);
    expect((await rejection(store.list('ada'))).code).toBe('closed');

    const own = postgresSessionStore({ connectionString: url });
    await own.list('ada');
    const connections = async () => Number((await pool.query("SELECT count(*) AS count FROM pg_stat_activity WHERE datname = current_database()")).rows[0].count);
    const before = await connections();
    await own.close();
    await expect.poll(connections).toBeLessThan(before);
    expect((await rejection(own.list('ada'))).code).toBe('closed');
  });

  it('reports an unreachable database as unavailable, and names the problem', async () => {
    const store = postgresSessionStore({ connectionString: 'postgres://postgres@127.0.0.1:1/none' });
    stores.push(store);
    const error = await rejection(store.list('ada'));
    expect(error.code).toBe('unavailable');
    expect(error.message).toMatch(/could not be reached while preparing the session tables: .*ECONNREFUSED/);
  });

  it('refuses bad input with clear errors', async () => {
    expect(() => postgresSessionStore({} as never)).toThrow(/needs \{ connectionString \}/);
    const { store } = await freshStore();
    expect((await rejection(store.save('ada', { id: '', snapshot: snapshotOf('x') }, null))).code).toBe('invalid-record');
    expect((await rejection(store.save('ada', { id: 'x', snapshot: {} as AgentSnapshot }, null))).code).toBe('invalid-record');
    expect((await rejection(store.list(42 as unknown as string))).code).toBe('invalid-record');
    expect((await rejection(store.load('ada\u0000', 'x'))).code).toBe('invalid-record');
    expect((await rejection(store.save('ada', { id: 'a\u0000b', snapshot: snapshotOf('x') }, null))).message).toMatch(/session id must be a string without the character U\+0000/);
  });
});
