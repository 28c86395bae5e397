/**
 * The contract of `ServerSessionStore`, written once and run against every store (memory,
 * PostgreSQL, PGlite, yours): call `describeServerSessionStore` from a test file. It imports
 * vitest, so only tests import it; it is not part of any public entry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createInitialState, PersistenceError, type AgentState } from '../../core/index';
import type { FileRecord } from '../../core/sandbox/index';
import { agentSnapshotVersion, httpSessionStorage, type AgentSnapshot, type StoredSession } from '../../core/sessions/index';
import { maxSessionTitleLength } from '../../core/internal';
import { createAgentHandler } from '../agent-handler';
import { defaultOrphanFilesAfterMs, type ServerSessionStore } from './server-session-store';

const orphanHours = defaultOrphanFilesAfterMs / 3_600_000;

/**
 * A fresh, empty store, and what to do after the test (drop a database, say). Give the store
 * `now` as its clock (the contract moves time forward to check that orphan files are collected).
 */
export type MakeServerSessionStore = (options: { now: () => number }) => Promise<{ store: ServerSessionStore; cleanup?: () => Promise<void> }>;

/**
 * A snapshot whose conversation holds one user message per text (the first one gives the title).
 *
 * @example
 * ```ts
 * await store.save('user-1', { id: 'chat-1', snapshot: conversation('Hello') }, null);
 * ```
 */
export function conversation(...userTexts: string[]): AgentSnapshot {
  const state: AgentState = {
    ...createInitialState(),
    messages: userTexts.map((text, index) => ({ id: `m${index}`, role: 'user', parts: [{ type: 'text', id: `t${index}`, text, status: 'done' }], status: 'done', createdAt: index })),
  };
  return { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state };
}

/**
 * Runs the contract against a store: round trips, compare-and-set, list order and summaries,
 * renames, removal with files, files, and isolation between users.
 *
 * @example
 * ```ts
 * describeServerSessionStore('memoryServerSessionStore', async () => ({ store: memoryServerSessionStore() }));
 * ```
 */
export function describeServerSessionStore(name: string, makeStore: MakeServerSessionStore): void {
  describe(`ServerSessionStore contract: ${name}`, () => {
    const opened: { store: ServerSessionStore; cleanup?: () => Promise<void> }[] = [];
    afterEach(async () => {
      for (const { store, cleanup } of opened.splice(0)) {
        await store.close();
        await cleanup?.();
      }
    });
    // The stores' clock: real time unless a test moves it (then only forward, by whole steps).
    let clockOffset = 0;
    const now = () => Date.now() + clockOffset;
    async function fresh(): Promise<ServerSessionStore> {
      clockOffset = 0;
      const made = await makeStore({ now });
      opened.push(made);
      return made.store;
    }
    async function failure(promise: Promise<unknown>): Promise<PersistenceError> {
      const error = await promise.then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(error).toBeInstanceOf(PersistenceError);
      return error as PersistenceError;
    }
    const text = (path: string, content: string, modified = 1): FileRecord => ({ path, kind: 'text', text: content, modified });
    const binary = (path: string, bytes: number[]): FileRecord => ({ path, kind: 'binary', bytes: new Uint8Array(bytes), modified: 2 });

    it('loads what it saved, with the summary derived from the snapshot', async () => {
      const store = await fresh();
      expect(await store.load('ada', 'chat-1')).toBeNull();
      expect(await store.save('ada', { id: 'chat-1', snapshot: conversation('Plan   the\nlaunch', 'and the party') }, null)).toBe(1);
      const loaded = await store.load('ada', 'chat-1');
      expect(loaded).toMatchObject({ id: 'chat-1', title: 'Plan the launch', titled: false, messageCount: 2, revision: 1 });
      expect(loaded!.snapshot).toEqual(conversation('Plan   the\nlaunch', 'and the party'));
      expect(loaded!.createdAt).toBe(loaded!.updatedAt);
      expect(await store.save('ada', { id: 'chat-1', snapshot: conversation('Plan the launch', 'b', 'c') }, 1)).toBe(2);
      expect(await store.load('ada', 'chat-1')).toMatchObject({ revision: 2, messageCount: 3, createdAt: loaded!.createdAt });
    });

    it('loads a long session back as saved after saves that change, add and cut messages and checkpoints (stores that save in pieces, issue 29)', async () => {
      const store = await fresh();
      const checkpoint = (index: number, note = 'v1') => ({ id: `checkpoint-${index}`, createdAt: index, version: index, changes: { written: [binary(`/c${index}.bin`, [index % 256, 0]), text(`/n${index}.txt`, note)], deleted: [] } });
      const long = (messages: number, checkpoints: number, changed: Record<number, string> = {}): AgentSnapshot => {
        const snapshot = conversation(...Array.from({ length: messages }, (_, index) => changed[index] ?? `Message ${index}`));
        return { ...snapshot, sandbox: { checkpoints: Array.from({ length: checkpoints }, (_, index) => checkpoint(index, changed[index] ?? 'v1')) } };
      };
      const saves = [long(250, 150), long(251, 150, { 120: 'Changed', 140: 'Changed too' }), long(90, 10), conversation('No workspace any more')];
      for (const [index, snapshot] of saves.entries()) {
        expect(await store.save('ada', { id: 'long', snapshot }, index === 0 ? null : index)).toBe(index + 1);
        expect((await store.load('ada', 'long'))!.snapshot).toEqual(snapshot);
      }
    });

    it('refuses a stale revision with conflict and writes nothing', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('first') }, null);
      await store.save('ada', { id: 'chat-1', snapshot: conversation('second') }, 1);
      const error = await failure(store.save('ada', { id: 'chat-1', snapshot: conversation('stale') }, 1));
      expect(error.code).toBe('conflict');
      expect(await store.load('ada', 'chat-1')).toMatchObject({ revision: 2, title: 'second' });
      expect((await failure(store.save('ada', { id: 'chat-9', snapshot: conversation('gone') }, 3))).code).toBe('conflict');
      expect(await store.load('ada', 'chat-9')).toBeNull();
    });

    it('treats a null expectedRevision on an existing id as a conflict', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('mine') }, null);
      expect((await failure(store.save('ada', { id: 'chat-1', snapshot: conversation('again') }, null))).code).toBe('conflict');
      expect(await store.load('ada', 'chat-1')).toMatchObject({ revision: 1, title: 'mine' });
    });

    it('lets one of two concurrent saves on the same revision win, the other gets conflict', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('start') }, null);
      const results = await Promise.allSettled([
        store.save('ada', { id: 'chat-1', snapshot: conversation('tab A') }, 1),
        store.save('ada', { id: 'chat-1', snapshot: conversation('tab B') }, 1),
      ]);
      expect(results.filter((result) => result.status === 'fulfilled').map((result) => result.value)).toEqual([2]);
      const rejected = results.find((result) => result.status === 'rejected') as PromiseRejectedResult;
      expect((rejected.reason as PersistenceError).code).toBe('conflict');
    });

    it('refuses a write that is not a session, writing nothing', async () => {
      const store = await fresh();
      expect((await failure(store.save('ada', { id: 'chat-1', snapshot: { nope: true } as never }, null))).code).toBe('invalid-record');
      expect((await failure(store.save('ada', { id: '', snapshot: conversation('a') }, null))).code).toBe('invalid-record');
      expect(await store.list('ada')).toEqual([]);
    });

    it('refuses to overwrite a session saved in a newer format', async () => {
      const store = await fresh();
      // A newer version of the app saved it (saves check the envelope, not the version).
      const newer = { ...conversation('newer'), version: agentSnapshotVersion + 1 };
      await store.save('ada', { id: 'chat-2', snapshot: newer }, null);
      expect((await failure(store.save('ada', { id: 'chat-2', snapshot: conversation('over it') }, 1))).code).toBe('future-format');
      // Left as it was (a store may hand the newer snapshot out, or refuse to load it with future-format).
      expect((await store.list('ada')).map((summary) => [summary.id, summary.title, summary.revision])).toEqual([['chat-2', 'newer', 1]]);
      const loaded = await store.load('ada', 'chat-2').catch((error: unknown) => error);
      if (loaded instanceof PersistenceError) expect(loaded.code).toBe('future-format');
      else expect((loaded as StoredSession).snapshot.version).toBe(agentSnapshotVersion + 1);
    });

    it('lists summaries without snapshots, most recently updated first', async () => {
      const store = await fresh();
      expect(await store.list('ada')).toEqual([]);
      await store.save('ada', { id: 'older', snapshot: conversation('Older question') }, null);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.save('ada', { id: 'newer', snapshot: conversation('Newer question') }, null);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await store.save('ada', { id: 'older', snapshot: conversation('Older question', 'more') }, 1);
      const list = await store.list('ada');
      expect(list.map((summary) => [summary.id, summary.title, summary.messageCount, summary.revision])).toEqual([
        ['older', 'Older question', 2, 2],
        ['newer', 'Newer question', 1, 1],
      ]);
      for (const summary of list) expect(Object.keys(summary).sort()).toEqual(['createdAt', 'id', 'messageCount', 'revision', 'title', 'updatedAt']);
    });

    it('renames keeping the revision and the title over later saves; false for a missing session', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('derived') }, null);
      expect(await store.rename('ada', 'chat-1', '  Launch   plan ')).toBe(true);
      expect(await store.load('ada', 'chat-1')).toMatchObject({ title: 'Launch plan', titled: true, revision: 1 });
      expect(await store.save('ada', { id: 'chat-1', snapshot: conversation('derived', 'more') }, 1)).toBe(2);
      expect((await store.list('ada'))[0]).toMatchObject({ title: 'Launch plan', revision: 2 });
      expect(await store.rename('ada', 'missing', 'Title')).toBe(false);
      expect((await failure(store.rename('ada', 'chat-1', '   '))).code).toBe('invalid-record');
    });

    it('keeps files per session: save, replace, clear, load', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('files') }, null);
      expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
      await store.saveFiles('ada', 'chat-1', { written: [text('/a.txt', 'a'), binary('/b.bin', [0, 255, 7]), text('/c.txt', 'c')], deleted: [] });
      await store.saveFiles('ada', 'chat-1', { written: [text('/a.txt', 'a2', 3)], deleted: ['/c.txt'] });
      const loaded = await store.loadFiles('ada', 'chat-1');
      expect(loaded?.version).toEqual(expect.any(Number));
      expect([...loaded!.files].sort((a, b) => a.path.localeCompare(b.path))).toEqual([text('/a.txt', 'a2', 3), binary('/b.bin', [0, 255, 7])]);
      await store.replaceFiles('ada', 'chat-1', [{ path: '/dir', kind: 'directory', modified: 4 }]);
      expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([{ path: '/dir', kind: 'directory', modified: 4 }]);
      await store.clearFiles('ada', 'chat-1');
      expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
    });

    it('applies a file change set all or nothing', async () => {
      const store = await fresh();
      await store.saveFiles('ada', 'chat-1', { written: [text('/a.txt', 'a')], deleted: [] });
      const error = await failure(store.saveFiles('ada', 'chat-1', { written: [text('/b.txt', 'b'), { path: '', kind: 'text', text: 'x', modified: 1 }], deleted: ['/a.txt'] }));
      expect(error.code).toBe('invalid-record');
      expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([text('/a.txt', 'a')]);
    });

    it('removes a session with its files; removing a missing one is fine', async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('bye') }, null);
      await store.saveFiles('ada', 'chat-1', { written: [text('/a.txt', 'a')], deleted: [] });
      await store.remove('ada', 'chat-1');
      expect(await store.load('ada', 'chat-1')).toBeNull();
      expect(await store.loadFiles('ada', 'chat-1')).toBeNull();
      expect(await store.list('ada')).toEqual([]);
      await store.remove('ada', 'chat-1');
      await store.remove('nobody', 'nothing');
      // The id is free again: a new session starts at revision 1.
      expect(await store.save('ada', { id: 'chat-1', snapshot: conversation('again') }, null)).toBe(1);
    });

    it("refuses file paths a device's sandbox refuses, naming the path, and keeps nothing of that write (issue 26, item 9)", async () => {
      const store = await fresh();
      await store.saveFiles('ada', 'chat-1', { written: [text('/a.txt', 'a')], deleted: [] });
      const refusals = [
        store.saveFiles('ada', 'chat-1', { written: [text('/b.txt', 'b'), text('/../../etc/passwd', 'root')], deleted: [] }),
        store.saveFiles('ada', 'chat-1', { written: [], deleted: ['/a.txt', 'src\\a.txt'] }),
        store.replaceFiles('ada', 'chat-1', [text('/a//b.txt', 'b')]),
        store.replaceFiles('ada', 'chat-1', [{ path: '/', kind: 'directory', modified: 1 }]),
        store.saveFiles('ada', 'chat-1', { written: [text(`/${'n'.repeat(256)}`, 'long name')], deleted: [] }),
      ];
      const named = ['/../../etc/passwd', 'src\\a.txt', '/a//b.txt', '"/"', 'n'.repeat(40)];
      for (const [index, refusal] of refusals.entries()) {
        const error = await failure(refusal);
        expect(error.code).toBe('invalid-record');
        expect(error.message).toContain(named[index]!.startsWith('"') ? named[index]! : JSON.stringify(named[index]).slice(1, -1));
      }
      expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([text('/a.txt', 'a')]);
      // The workspace part of a snapshot too: its files and checkpoints.
      const checkpoint = (written: FileRecord[], deleted: string[]) => ({ id: 'checkpoint-1', createdAt: 1, version: 1, changes: { written, deleted } });
      for (const sandbox of [
        { files: [text('/../escape.txt', 'x')], checkpoints: [] },
        { checkpoints: [checkpoint([binary('/img/../../logo.png', [1])], [])] },
        { checkpoints: [checkpoint([], ['/nul\u0000.txt'])] },
      ]) {
        const error = await failure(store.save('ada', { id: 'chat-2', snapshot: { ...conversation('paths'), sandbox } }, null));
        expect(error.code).toBe('invalid-record');
        expect(error.message).toMatch(/escape\.txt|logo\.png|nul/);
      }
      expect(await store.load('ada', 'chat-2')).toBeNull();
      // What a sandbox accepts is kept as it was given.
      await store.save('ada', { id: 'chat-2', snapshot: { ...conversation('paths'), sandbox: { checkpoints: [checkpoint([binary('/img/logo.png', [1])], ['/old.txt'])] } } }, null);
      await store.saveFiles('ada', 'chat-2', { written: [text('/src/café.ts', 'x'), text('notes/a.md', 'y')], deleted: ['/gone.txt'] });
      expect((await store.loadFiles('ada', 'chat-2'))!.files.map((file) => file.path).sort()).toEqual(['/src/café.ts', 'notes/a.md']);
    });

    it(`refuses a title longer than ${maxSessionTitleLength} characters (issue 26, item 9)`, async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('derived') }, null);
      const error = await failure(store.rename('ada', 'chat-1', 'x'.repeat(maxSessionTitleLength + 1)));
      expect(error.code).toBe('invalid-record');
      expect(error.message).toMatch(new RegExp(`at most ${maxSessionTitleLength} characters`));
      expect(await store.load('ada', 'chat-1')).toMatchObject({ title: 'derived', titled: false });
      // Counted in characters after whitespace is collapsed, as the title is kept.
      const longest = `${'é'.repeat(maxSessionTitleLength - 1)}😀`;
      expect(await store.rename('ada', 'chat-1', `  ${longest}  `)).toBe(true);
      expect((await store.list('ada'))[0]!.title).toBe(longest);
    });

    it(`collects files that no session holds (written after a removal, or for a session never saved) once ${orphanHours} hours passed since their last write (issue 26, item 9)`, async () => {
      const store = await fresh();
      // The order of a push: a new session's files come before its first save.
      await store.saveFiles('ada', 'new-chat', { written: [text('/draft.txt', 'draft')], deleted: [] });
      // A device that did not know of a removal writes the removed session's files again.
      await store.save('ada', { id: 'removed', snapshot: conversation('bye') }, null);
      await store.saveFiles('ada', 'removed', { written: [text('/a.txt', 'a')], deleted: [] });
      await store.remove('ada', 'removed');
      expect(await store.loadFiles('ada', 'removed')).toBeNull();
      await store.saveFiles('ada', 'removed', { written: [text('/late.txt', 'late')], deleted: [] });
      await store.saveFiles('bob', 'never-saved', { written: [text('/b.txt', 'b')], deleted: [] });
      await store.save('ada', { id: 'kept', snapshot: conversation('kept') }, null);
      await store.saveFiles('ada', 'kept', { written: [text('/k.txt', 'k')], deleted: [] });

      // Within the grace period nothing goes: a push between its files and its record is not an orphan.
      clockOffset += defaultOrphanFilesAfterMs - 60_000;
      await store.save('ada', { id: 'trigger-1', snapshot: conversation('a new session collects') }, null);
      await store.remove('ada', 'trigger-1');
      expect((await store.loadFiles('ada', 'removed'))!.files).toEqual([text('/late.txt', 'late')]);
      expect((await store.loadFiles('ada', 'new-chat'))!.files).toEqual([text('/draft.txt', 'draft')]);
      await store.save('ada', { id: 'new-chat', snapshot: conversation('saved at last') }, null);

      clockOffset += 120_000;
      await store.remove('ada', 'trigger-2');
      expect(await store.loadFiles('ada', 'removed')).toBeNull();
      // A session's files stay however old; another user's are collected on that user's turn.
      expect((await store.loadFiles('ada', 'new-chat'))!.files).toEqual([text('/draft.txt', 'draft')]);
      expect((await store.loadFiles('ada', 'kept'))!.files).toEqual([text('/k.txt', 'k')]);
      expect((await store.loadFiles('bob', 'never-saved'))!.files).toEqual([text('/b.txt', 'b')]);
      await store.save('bob', { id: 'bob-chat', snapshot: conversation('hi') }, null);
      expect(await store.loadFiles('bob', 'never-saved')).toBeNull();
      // The id is free again, without the old files.
      expect(await store.save('ada', { id: 'removed', snapshot: conversation('again') }, null)).toBe(1);
      expect(await store.loadFiles('ada', 'removed')).toBeNull();
    });

    it("keeps users apart: another user's list, loads, saves, renames, removals and files never see or change the first's", async () => {
      const store = await fresh();
      await store.save('ada', { id: 'chat-1', snapshot: conversation('Ada private') }, null);
      await store.saveFiles('ada', 'chat-1', { written: [text('/secret.txt', 'ada')], deleted: [] });
      const before = await store.load('ada', 'chat-1');

      expect(await store.list('bob')).toEqual([]);
      expect(await store.load('bob', 'chat-1')).toBeNull();
      expect(await store.loadFiles('bob', 'chat-1')).toBeNull();
      expect(await store.rename('bob', 'chat-1', 'Hijacked')).toBe(false);
      // Bob overwriting with Ada's revision: Bob has no chat-1, so it is a conflict, not a write.
      expect((await failure(store.save('bob', { id: 'chat-1', snapshot: conversation('Bob over') }, 1))).code).toBe('conflict');
      await store.remove('bob', 'chat-1');
      await store.clearFiles('bob', 'chat-1');
      // Sessions are keyed by (user, id): Bob's own chat-1 is a new session of his.
      expect(await store.save('bob', { id: 'chat-1', snapshot: conversation('Bob own') }, null)).toBe(1);
      await store.saveFiles('bob', 'chat-1', { written: [text('/bob.txt', 'bob')], deleted: [] });
      await store.replaceFiles('bob', 'chat-1', [text('/bob.txt', 'bob2')]);
      expect(await store.rename('bob', 'chat-1', 'Bob title')).toBe(true);

      expect(await store.load('ada', 'chat-1')).toEqual(before);
      expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([text('/secret.txt', 'ada')]);
      expect((await store.list('ada')).map((summary) => [summary.id, summary.title])).toEqual([['chat-1', 'Ada private']]);
      expect((await store.list('bob')).map((summary) => [summary.id, summary.title])).toEqual([['chat-1', 'Bob title']]);
      expect((await store.load('bob', 'chat-1'))!.snapshot).toEqual(conversation('Bob own'));

      await store.remove('bob', 'chat-1');
      expect(await store.load('ada', 'chat-1')).toEqual(before);
      expect((await store.loadFiles('ada', 'chat-1'))!.files).toEqual([text('/secret.txt', 'ada')]);
    });
  });
}

/**
 * Runs the scale-out promise against a backing: two handler instances, each with its own store
 * over the same data (two pools on one database, say), as two servers behind a load balancer
 * would be. A conversation saved through one is loaded through the other; two tabs saving on the
 * same revision through different servers resolve by compare-and-set with nothing lost.
 *
 * @example
 * ```ts
 * describeHandlersOnOneBacking('Postgres', async () => { const url = await cluster.createDatabase(); return { stores: [postgresSessionStore({ connectionString: url }), postgresSessionStore({ connectionString: url })] }; });
 * ```
 */
export function describeHandlersOnOneBacking(name: string, makeStores: () => Promise<{ stores: readonly [ServerSessionStore, ServerSessionStore]; cleanup?: () => Promise<void> }>): void {
  describe(`two handler instances on one ${name}`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      await Promise.all(cleanups.splice(0).map((cleanup) => cleanup()));
    });

    it('saves that send changes (issue 29): through either handler, and of two racing on one revision one wins and the other gets conflict', async () => {
      const { stores, cleanup } = await makeStores();
      cleanups.push(async () => {
        await Promise.all(stores.map((store) => store.close()));
        await cleanup?.();
      });
      const device = (store: ServerSessionStore) => {
        const handler = createAgentHandler({ basePath: '/api/agent', authorize: () => ({ userId: 'ada' }), sessions: { store }, onError: () => {} });
        return httpSessionStorage('http://localhost/api/agent', { offline: false, fetch: (url, init) => handler(new Request(url instanceof Request ? url.url : url.toString(), init)) });
      };
      const [laptop, phone] = [device(stores[0]), device(stores[1])];
      const words = Array.from({ length: 250 }, (_, index) => `Message ${index}`);
      await laptop.save({ id: 'chat-1', snapshot: conversation(...words) }, null);
      const here = (await laptop.load('chat-1'))!;
      const there = (await phone.load('chat-1'))!;
      const saves = await Promise.allSettled([
        laptop.save({ id: 'chat-1', snapshot: { ...here.snapshot, state: { ...here.snapshot.state, messages: conversation(...words, 'from the laptop').state.messages } } }, 1),
        phone.save({ id: 'chat-1', snapshot: { ...there.snapshot, state: { ...there.snapshot.state, messages: conversation(...words, 'from the phone').state.messages } } }, 1),
      ]);
      expect(saves.map((save) => save.status).sort()).toEqual(['fulfilled', 'rejected']);
      expect((saves.find((save) => save.status === 'rejected') as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' });
      const winner = saves[0].status === 'fulfilled' ? 'from the laptop' : 'from the phone';
      for (const storage of [laptop, phone]) expect((await storage.load('chat-1'))!.snapshot).toEqual(conversation(...words, winner));
    });

    it('a save through one loads through the other; concurrent saves from two tabs resolve by compare-and-set with nothing lost', async () => {
      const { stores, cleanup } = await makeStores();
      cleanups.push(async () => {
        await Promise.all(stores.map((store) => store.close()));
        await cleanup?.();
      });
      const handlerOn = (store: ServerSessionStore) =>
        createAgentHandler({ basePath: '/api/agent', authorize: (request) => ({ userId: request.headers.get('x-user') ?? 'nobody' }), sessions: { store }, onError: () => {} });
      const [first, second] = [handlerOn(stores[0]), handlerOn(stores[1])];
      const call = async (handler: (request: Request) => Promise<Response>, method: string, path: string, body?: unknown) => {
        const response = await handler(new Request(`http://localhost/api/agent${path}`, { method, headers: { 'content-type': 'application/json', 'x-user': 'ada' }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
        const text = await response.text();
        return { status: response.status, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
      };
      const texts = (session: unknown) => (session as StoredSession).snapshot.state.messages.map((message) => (message.parts[0] as { text: string }).text);

      expect((await call(first, 'PUT', '/sessions/chat-1', { snapshot: conversation('Started on the laptop'), expectedRevision: null })).status).toBe(200);
      const loaded = await call(second, 'GET', '/sessions/chat-1');
      expect(loaded.status).toBe(200);
      expect(loaded.body).toMatchObject({ title: 'Started on the laptop', revision: 1 });

      // Two tabs, each on another server, save on revision 1 at once: one wins, the other gets 409, reloads and saves on top.
      const [laptop, phone] = await Promise.all([
        call(first, 'PUT', '/sessions/chat-1', { snapshot: conversation('Started on the laptop', 'from the laptop'), expectedRevision: 1 }),
        call(second, 'PUT', '/sessions/chat-1', { snapshot: conversation('Started on the laptop', 'from the phone'), expectedRevision: 1 }),
      ]);
      expect([laptop.status, phone.status].sort()).toEqual([200, 409]);
      const [winner, loserText, loser] = laptop.status === 200 ? ['from the laptop', 'from the phone', second] : ['from the phone', 'from the laptop', first];
      const latest = await call(loser, 'GET', '/sessions/chat-1');
      expect(texts(latest.body)).toEqual(['Started on the laptop', winner]);
      const merged = await call(loser, 'PUT', '/sessions/chat-1', { snapshot: conversation('Started on the laptop', winner, loserText), expectedRevision: (latest.body as StoredSession).revision });
      expect(merged).toEqual({ status: 200, body: { revision: 3, pieces: 100 } });
      for (const handler of [first, second]) expect(texts((await call(handler, 'GET', '/sessions/chat-1')).body)).toEqual(['Started on the laptop', winner, loserText]);
      const listed = await call(second, 'GET', '/sessions');
      expect((listed.body as { sessions: { id: string; revision: number }[] }).sessions.map(({ id, revision }) => ({ id, revision }))).toEqual([{ id: 'chat-1', revision: 3 }]);
    });
  });
}
