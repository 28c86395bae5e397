/**
 * For the Postgres and PGlite store tests (issue 29, saves cost what changed): counting the rows
 * a save writes (a trigger notes each row inserted or updated, with its size), and putting a
 * database back in the layout of schema 2, where a session's snapshot is stored whole.
 */
import { createInitialState } from '../../src/core/store/state';
import type { Message } from '../../src/core/store/state';
import { agentSnapshotVersion, writeSessionFile, type AgentSnapshot } from '../../src/core/sessions/index';

/** Runs one statement (a pg pool's or a PGlite instance's `query`). */
export type Execute = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * A conversation of `count` messages (about 400 bytes each); `changed` gives some of them other text.
 *
 * @example
 * ```ts
 * const snapshot = longConversation(10_000);
 * ```
 */
export function longConversation(count: number, changed: Readonly<Record<number, string>> = {}): AgentSnapshot {
  const messages: Message[] = Array.from({ length: count }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', id: `t${index}`, text: changed[index] ?? `Message ${index}: the figures for the quarter, costs and margin. `.repeat(6), status: 'done' }],
    status: 'done',
    createdAt: index,
  }));
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: { ...createInitialState(), messages } };
}

/**
 * Notes every row inserted into or updated in the session tables that exist, with its size as
 * JSON; `writes()` reads and clears the notes.
 *
 * @example
 * ```ts
 * const counter = await countWrites(execute);
 * await store.save(...);
 * expect(await counter.writes()).toEqual({ rows: 2, bytes: expect.any(Number) });
 * ```
 */
export async function countWrites(execute: Execute): Promise<{ writes(): Promise<{ rows: number; bytes: number }> }> {
  await execute('CREATE TABLE rak_test_writes (tbl text NOT NULL, bytes bigint NOT NULL)');
  await execute(`CREATE FUNCTION rak_test_note() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN INSERT INTO rak_test_writes VALUES (TG_TABLE_NAME, octet_length(row_to_json(NEW)::text)); RETURN NEW; END $$`);
  for (const table of ['rak_sessions', 'rak_session_chunks']) {
    const { rows } = await execute(`SELECT to_regclass('${table}') IS NOT NULL AS present`);
    if (rows[0]?.present === true) await execute(`CREATE TRIGGER rak_test_note AFTER INSERT OR UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION rak_test_note()`);
  }
  return {
    async writes() {
      const { rows } = await execute('SELECT count(*)::int AS rows, coalesce(sum(bytes), 0)::int AS bytes FROM rak_test_writes');
      await execute('DELETE FROM rak_test_writes');
      return { rows: Number(rows[0]!.rows), bytes: Number(rows[0]!.bytes) };
    },
  };
}

/**
 * Puts the tables back as schema 2 made them (before sessions were stored in pieces), with the
 * given sessions stored whole, as the store of that version wrote them.
 *
 * @example
 * ```ts
 * await toSchemaTwo(execute, [{ userId: 'ada', id: 'chat-1', snapshot }]);
 * ```
 */
export async function toSchemaTwo(execute: Execute, sessions: readonly { userId: string; id: string; snapshot: AgentSnapshot }[]): Promise<void> {
  await execute('DROP TABLE rak_session_chunks');
  await execute('ALTER TABLE rak_sessions DROP COLUMN chunks');
  await execute('UPDATE rak_schema SET version = 2');
  for (const { userId, id, snapshot } of sessions) {
    await execute(
      `INSERT INTO rak_sessions (user_id, id, title, titled, created_at, updated_at, message_count, revision, snapshot_version, snapshot)
       VALUES ($1, $2, 'Stored whole', false, 1, 1, $3, 1, $4, $5)`,
      [userId, id, snapshot.state.messages.length, snapshot.version, writeSessionFile(snapshot)],
    );
  }
}
