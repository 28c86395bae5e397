/**
 * The PGlite session store: the shared contract in memory, plus what is its own: a data directory
 * that outlives the store, a newer schema refused, several stores on one instance, the app's
 * instance left open.
 */
import { PGlite } from '@electric-sql/pglite';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PersistenceError } from '../../core/persistence/persistence-error';
import { pgliteSessionStore } from './pglite-session-store';
import { postgresSchemaVersion } from './postgres-schema';
import { conversation, describeServerSessionStore } from './server-session-store-contract';
import { countWrites, longConversation, toSchemaTwo, type Execute } from '../../../test/sessions/postgres-layout';

// The same contract every server store keeps, in memory (starting PGlite takes a second or two).
describe('pgliteSessionStore in memory', { timeout: 30_000 }, () => {
  describeServerSessionStore('pgliteSessionStore', async ({ now }) => ({ store: pgliteSessionStore({ now }) }));
});

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe('pgliteSessionStore', { timeout: 30_000 }, () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps sessions and files in its data directory: closed and opened again, everything is there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rak-pglite-'));
    dirs.push(dataDir);
    const first = pgliteSessionStore({ dataDir });
    expect(await first.save('ada', { id: 'chat-1', snapshot: conversation('Plan the trip') }, null)).toBe(1);
    await first.saveFiles('ada', 'chat-1', { written: [{ path: '/notes.txt', kind: 'text', text: 'pack light', modified: 1 }, { path: '/a.bin', kind: 'binary', bytes: new Uint8Array([0, 255]), modified: 2 }], deleted: [] });
    await first.close();
    expect((await rejection(first.list('ada'))).code).toBe('closed');

    const again = pgliteSessionStore({ dataDir });
    expect(await again.list('ada')).toEqual([expect.objectContaining({ id: 'chat-1', title: 'Plan the trip', revision: 1, messageCount: 1 })]);
    expect((await again.load('ada', 'chat-1'))!.snapshot).toEqual(conversation('Plan the trip'));
    expect(await again.loadFiles('ada', 'chat-1')).toEqual({
      version: 1,
      files: [
        { path: '/a.bin', kind: 'binary', bytes: new Uint8Array([0, 255]), modified: 2 },
        { path: '/notes.txt', kind: 'text', text: 'pack light', modified: 1 },
      ],
    });
    expect(await again.save('ada', { id: 'chat-1', snapshot: conversation('Plan the trip', 'By train') }, 1)).toBe(2);
    await again.close();
  });

  it('makes the directories of a data directory that does not exist yet (a fresh checkout)', async () => {
    const parent = mkdtempSync(join(tmpdir(), 'rak-pglite-'));
    dirs.push(parent);
    const store = pgliteSessionStore({ dataDir: join(parent, '.data', 'sessions') });
    expect(await store.save('ada', { id: 'chat-1', snapshot: conversation('Hello') }, null)).toBe(1);
    await store.close();
    const again = pgliteSessionStore({ dataDir: join(parent, '.data', 'sessions') });
    expect(await again.list('ada')).toEqual([expect.objectContaining({ id: 'chat-1' })]);
    await again.close();
  });

  it('refuses a database whose tables a newer version made, and alters nothing in it', async () => {
    const pglite = await PGlite.create();
    await pglite.query('CREATE TABLE rak_schema (only_row boolean PRIMARY KEY DEFAULT true, version integer NOT NULL)');
    await pglite.query('INSERT INTO rak_schema (version) VALUES ($1)', [postgresSchemaVersion + 1]);
    const store = pgliteSessionStore({ pglite });
    const error = await rejection(store.list('ada'));
    expect(error.code).toBe('future-format');
    expect(error.message).toContain(`newer version of react-agent-kit (schema version ${postgresSchemaVersion + 1}; this one knows up to ${postgresSchemaVersion})`);
    expect((await rejection(store.save('ada', { id: 'chat-1', snapshot: conversation('x') }, null))).code).toBe('future-format');
    expect((await pglite.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'")).rows).toEqual([{ tablename: 'rak_schema' }]);
    expect((await pglite.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion + 1 }]);
    await store.close();
    await pglite.close();
  });

  it('two stores on one instance start together, see each other\'s saves and keep compare-and-set; close leaves the app\'s instance open', async () => {
    const pglite = await PGlite.create();
    const one = pgliteSessionStore({ pglite });
    const two = pgliteSessionStore({ pglite });
    // Both migrate at once on the one connection, and save files in transactions at once.
    await Promise.all([
      one.saveFiles('ada', 'chat-1', { written: [{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }], deleted: [] }),
      two.saveFiles('ada', 'chat-1', { written: [{ path: '/b.txt', kind: 'text', text: 'b', modified: 1 }], deleted: [] }),
      one.save('ada', { id: 'chat-1', snapshot: conversation('from one') }, null),
    ]);
    expect((await two.loadFiles('ada', 'chat-1'))!.files.map((file) => file.path)).toEqual(['/a.txt', '/b.txt']);
    expect((await two.load('ada', 'chat-1'))!.snapshot).toEqual(conversation('from one'));
    const results = await Promise.allSettled([
      one.save('ada', { id: 'chat-1', snapshot: conversation('from one', 'A') }, 1),
      two.save('ada', { id: 'chat-1', snapshot: conversation('from one', 'B') }, 1),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual(['fulfilled', 'rejected']);
    expect(results.flatMap((result) => (result.status === 'rejected' ? [(result.reason as PersistenceError).code] : []))).toEqual(['conflict']);
    expect((await pglite.query('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion }]);

    await one.close();
    await two.close();
    expect(pglite.closed).toBe(false);
    expect((await pglite.query('SELECT revision FROM rak_sessions')).rows).toEqual([{ revision: 2 }]);
    await pglite.close();
  });

  it('a failed transaction is rolled back and the instance stays usable', async () => {
    const pglite = await PGlite.create();
    const store = pgliteSessionStore({ pglite });
    await store.replaceFiles('ada', 'chat-1', [{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);
    await pglite.query("UPDATE rak_file_trees SET version = 99 WHERE session_id = 'chat-1'");
    // Refused inside the transaction, after its tree row was locked: nothing written, nothing held.
    expect((await rejection(store.replaceFiles('ada', 'chat-1', []))).code).toBe('future-format');
    expect((await pglite.query('SELECT path FROM rak_files')).rows).toEqual([{ path: '/a.txt' }]);
    expect(await store.list('ada')).toEqual([]);
    await store.close();
    await pglite.close();
  });

  it('migrates schema 2 to 3 as on a PostgreSQL server: a session stored whole loads as it was, its next save stores it in pieces, the one after writes what changed (issue 29)', async () => {
    const pglite = new PGlite();
    const execute: Execute = async (text, values) => ({ rows: (await pglite.query<Record<string, unknown>>(text, values)).rows });
    const first = pgliteSessionStore({ pglite });
    await first.list('ada');
    await first.close();
    const whole = longConversation(250);
    await toSchemaTwo(execute, [{ userId: 'ada', id: 'old', snapshot: whole }]);
    const store = pgliteSessionStore({ pglite });
    expect(await store.load('ada', 'old')).toMatchObject({ revision: 1, messageCount: 250, snapshot: whole });
    const counter = await countWrites(execute);
    expect(await store.save('ada', { id: 'old', snapshot: longConversation(251) }, 1)).toBe(2);
    expect((await counter.writes()).rows).toBe(1 + 3);
    expect(await store.save('ada', { id: 'old', snapshot: longConversation(252) }, 2)).toBe(3);
    const written = await counter.writes();
    expect(written.rows).toBe(1 + 1);
    expect((await store.load('ada', 'old'))!.snapshot).toEqual(longConversation(252));
    expect((await execute('SELECT version FROM rak_schema')).rows).toEqual([{ version: postgresSchemaVersion }]);
    await store.close();
    await pglite.close();
  });

  it('refuses bad options with clear errors', () => {
    expect(() => pgliteSessionStore({ dataDir: 42 } as never)).toThrow(/needs a directory path, got 42/);
    expect(() => pgliteSessionStore({ pglite: {} } as never)).toThrow(/needs a PGlite instance/);
  });
});
