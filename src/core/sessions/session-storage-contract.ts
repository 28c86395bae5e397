/**
 * The contract of `SessionStorage`, written once and run for every storage of the kit: call
 * `describeSessionStorage` from a test file. A storage of your own can pass the same checks. It
 * imports vitest, so only tests import it; it is not part of any public entry.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileRecord } from '../sandbox/storage/file-record';
import { PersistenceError } from '../persistence/persistence-error';
import { createInitialState, type AgentState } from '../store/state';
import type { SessionChange } from './session-broadcast';
import { agentSnapshotVersion, type AgentSnapshot, type SessionStorage } from './session-types';

/** How the contract makes storages of one kind. */
export interface StorageKind {
  /** A fresh, empty storage. */
  create(): SessionStorage;
  /** Another storage object over the same data (another tab, another agent's storage). */
  peer(storage: SessionStorage): SessionStorage;
}

const opened: SessionStorage[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((storage) => storage.close()));
});

function state(...userTexts: string[]): AgentState {
  return {
    ...createInitialState(),
    messages: userTexts.map((text, index) => ({ id: `m${index}`, role: 'user', parts: [{ type: 'text', id: `t${index}`, text, status: 'done' }], status: 'done', createdAt: index })),
  };
}

const snapshotOf = (...userTexts: string[]): AgentSnapshot => ({ format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: state(...userTexts) });

/** A conversation mid-way: a finished tool call with its audit, a pending approval, checkpoints with a binary file. */
function realisticSnapshot(): AgentSnapshot {
  const logo: FileRecord = { path: '/img/logo.png', kind: 'binary', bytes: new Uint8Array([137, 80, 78, 71, 0, 255]), modified: 1_700_000_000_500 };
  const base = state('Write a README for the project');
  return {
    format: 'react-agent-kit/agent',
    version: agentSnapshotVersion,
    state: {
      ...base,
      status: 'awaiting-people',
      runId: 'run-1',
      step: 2,
      alwaysAllowed: ['read_file'],
      usage: { inputTokens: 120, outputTokens: 40, reasoningTokens: 5, cachedInputTokens: 0, totalTokens: 160 },
      messages: [
        { ...base.messages[0]!, checkpointId: 'checkpoint-1', runId: 'run-1' },
        {
          id: 'm1', role: 'assistant', status: 'done', createdAt: 2, runId: 'run-1',
          parts: [
            { type: 'reasoning', id: 'r1', text: 'Look at the files first.', status: 'done' },
            { type: 'tool-call', toolCallId: 'call-1' },
            { type: 'text', id: 't1', text: 'I will write README.md.', status: 'done' },
            { type: 'tool-call', toolCallId: 'call-2' },
          ],
        },
      ],
      toolCalls: [
        {
          id: 'call-1', name: 'read_file', messageId: 'm1', inputText: '{"path":"/package.json"}', input: { path: '/package.json' },
          state: 'output-available', output: { content: '{ "name": "demo" }' },
          audit: [
            { state: 'input-available', at: 10, by: 'model' },
            { state: 'running', at: 11, by: 'runtime', note: 'always allowed' },
            { state: 'output-available', at: 12, by: 'runtime' },
          ],
        },
        {
          id: 'call-2', name: 'write_file', messageId: 'm1', inputText: '{"path":"/README.md","content":"# Demo"}', input: { path: '/README.md', content: '# Demo' },
          state: 'approval-requested',
          approval: { reason: 'write_file changes files', requestedAt: 13, preview: { kind: 'file-changes', files: [{ path: '/README.md', change: 'create', diff: '--- /dev/null\n+++ /README.md\n@@ -0,0 +1 @@\n+# Demo' }] } },
          audit: [{ state: 'approval-requested', at: 13, by: 'runtime' }],
        },
      ],
    },
    sandbox: {
      checkpoints: [
        { id: 'checkpoint-1', createdAt: 1, version: 3, changes: { written: [logo, { path: '/notes.txt', kind: 'text', text: 'héllo', modified: 4 }], deleted: ['/README.md'] } },
      ],
    },
  };
}

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

export function describeSessionStorage(name: string, kind: StorageKind): void {
  describe(`${name} (SessionStorage contract)`, () => {
    const create = () => {
      const storage = kind.create();
      opened.push(storage);
      return storage;
    };
    const peer = (storage: SessionStorage) => {
      const other = kind.peer(storage);
      if (other !== storage) opened.push(other);
      return other;
    };

    it('loads null and lists nothing before anything is saved', async () => {
      const storage = create();
      expect(await storage.load('chat-1')).toBeNull();
      expect(await storage.list()).toEqual([]);
    });

    it('round-trips a realistic snapshot exactly, binary checkpoint files included', async () => {
      const storage = create();
      const snapshot = realisticSnapshot();
      vi.spyOn(Date, 'now').mockReturnValue(5000);
      expect(await storage.save({ id: 'chat-1', snapshot }, null)).toBe(1);
      const loaded = await peer(storage).load('chat-1');
      expect(loaded).toEqual({ id: 'chat-1', title: 'Write a README for the project', titled: false, createdAt: 5000, updatedAt: 5000, messageCount: 2, revision: 1, snapshot });
      const written = loaded?.snapshot.sandbox?.checkpoints[0]?.changes.written[0];
      expect(written?.kind === 'binary' && written.bytes).toBeInstanceOf(Uint8Array);
    });

    it('keeps stored data apart from the objects saved and loaded', async () => {
      const storage = create();
      const snapshot = structuredClone(snapshotOf('first')) as { state: AgentState } & AgentSnapshot;
      await storage.save({ id: 'chat-1', snapshot }, null);
      snapshot.state.messages.length = 0;
      const loaded = (await storage.load('chat-1')) as unknown as { snapshot: { state: AgentState } };
      expect(loaded.snapshot.state.messages).toHaveLength(1);
      loaded.snapshot.state.messages.length = 0;
      expect((await storage.load('chat-1'))?.snapshot.state.messages).toHaveLength(1);
    });

    it('derives summaries: title, message count, createdAt kept, updatedAt now, newest first', async () => {
      const storage = create();
      const now = vi.spyOn(Date, 'now').mockReturnValue(1000);
      await storage.save({ id: 'a', snapshot: snapshotOf() }, null);
      now.mockReturnValue(2000);
      await storage.save({ id: 'b', snapshot: snapshotOf('  Plan\n\n a   trip  ') }, null);
      now.mockReturnValue(3000);
      await storage.save({ id: 'a', snapshot: snapshotOf('x'.repeat(80), 'second') }, 1);
      expect(await storage.list()).toEqual([
        { id: 'a', title: `${'x'.repeat(59)}…`, createdAt: 1000, updatedAt: 3000, messageCount: 2, revision: 2 },
        { id: 'b', title: 'Plan a trip', createdAt: 2000, updatedAt: 2000, messageCount: 1, revision: 1 },
      ]);
      expect((await storage.load('a'))?.titled).toBe(false);
    });

    it('titles a conversation without user text "New chat"', async () => {
      const storage = create();
      await storage.save({ id: 'a', snapshot: snapshotOf() }, null);
      expect((await storage.list())[0]?.title).toBe('New chat');
    });

    it('saves only on the expected revision: of two writers from one revision the second gets conflict', async () => {
      const storage = create();
      const other = peer(storage);
      const revision = await storage.save({ id: 'chat-1', snapshot: snapshotOf('start') }, null);
      expect(await other.save({ id: 'chat-1', snapshot: snapshotOf('first writer') }, revision)).toBe(2);
      const error = await rejection(storage.save({ id: 'chat-1', snapshot: snapshotOf('second writer') }, revision));
      expect(error.code).toBe('conflict');
      expect(error.message).toMatch(/another tab or agent.*Nothing was written; reload/);
      const stored = await storage.load('chat-1');
      expect(stored?.revision).toBe(2);
      expect(stored?.title).toBe('first writer');
    });

    it('null means "new": saving a new session twice with null conflicts, and so does a number for a missing one', async () => {
      const storage = create();
      expect(await storage.save({ id: 'chat-1', snapshot: snapshotOf('one') }, null)).toBe(1);
      const again = await rejection(peer(storage).save({ id: 'chat-1', snapshot: snapshotOf('two') }, null));
      expect(again.code).toBe('conflict');
      expect(again.message).toContain('already exists');
      expect((await storage.load('chat-1'))?.title).toBe('one');
      expect((await rejection(storage.save({ id: 'missing', snapshot: snapshotOf('x') }, 3))).code).toBe('conflict');
      expect(await storage.load('missing')).toBeNull();
    });

    it('rename sets the title for good and keeps the revision, so a saving agent gets no conflict', async () => {
      const storage = create();
      const now = vi.spyOn(Date, 'now').mockReturnValue(1000);
      await storage.save({ id: 'chat-1', snapshot: snapshotOf('derived') }, null);
      now.mockReturnValue(2000);
      await peer(storage).rename('chat-1', '  Trip   to Lisbon ');
      expect(await storage.list()).toEqual([{ id: 'chat-1', title: 'Trip to Lisbon', createdAt: 1000, updatedAt: 1000, messageCount: 1, revision: 1 }]);
      expect(await storage.save({ id: 'chat-1', snapshot: snapshotOf('derived', 'more') }, 1)).toBe(2);
      expect(await storage.load('chat-1')).toMatchObject({ title: 'Trip to Lisbon', titled: true, messageCount: 2, revision: 2 });
    });

    it('refuses to rename a missing session or to an empty title', async () => {
      const storage = create();
      const missing = await rejection(storage.rename('nope', 'Title'));
      expect(missing.message).toContain('There is no session "nope"');
      await storage.save({ id: 'chat-1', snapshot: snapshotOf('derived') }, null);
      expect((await rejection(storage.rename('chat-1', '  '))).code).toBe('invalid-record');
      expect((await storage.load('chat-1'))?.title).toBe('derived');
    });

    it('refuses to overwrite a session saved in a newer snapshot format, and leaves it untouched', async () => {
      const storage = create();
      const newer = { ...snapshotOf('from the future'), version: agentSnapshotVersion + 1 };
      await storage.save({ id: 'chat-1', snapshot: newer }, null);
      const error = await rejection(peer(storage).save({ id: 'chat-1', snapshot: snapshotOf('older code') }, 1));
      expect(error.code).toBe('future-format');
      expect(error.message).toContain('left untouched');
      expect(await storage.load('chat-1')).toMatchObject({ revision: 1, snapshot: newer });
    });

    it('refuses malformed writes and values it cannot store, writing nothing', async () => {
      const storage = create();
      expect((await rejection(storage.save({ id: '', snapshot: snapshotOf() }, null))).code).toBe('invalid-record');
      expect((await rejection(storage.save({ id: 'a', snapshot: { state: state() } as unknown as AgentSnapshot }, null))).code).toBe('invalid-record');
      const unclonable = { ...snapshotOf('x'), state: { ...state('x'), callback: () => 1 } } as unknown as AgentSnapshot;
      const error = await rejection(storage.save({ id: 'a', snapshot: unclonable }, null));
      expect(error.code).toBe('failed');
      expect(error.message).toContain('DataCloneError');
      expect(await storage.load('a')).toBeNull();
    });

    it('keeps each session\'s files, and remove deletes the record and the files', async () => {
      const storage = create();
      await storage.save({ id: 'a', snapshot: snapshotOf('a') }, null);
      await storage.save({ id: 'b', snapshot: snapshotOf('b') }, null);
      const files = storage.files('a');
      await files.saveAll([{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);
      await storage.files('b').save({ written: [{ path: '/b.bin', kind: 'binary', bytes: new Uint8Array([1]), modified: 1 }], deleted: [] });
      expect((await peer(storage).files('a').load())?.files).toEqual([{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);

      await storage.remove('a');
      expect(await storage.load('a')).toBeNull();
      expect((await storage.list()).map((session) => session.id)).toEqual(['b']);
      expect(await storage.files('a').load()).toBeNull();
      expect((await storage.files('b').load())?.files).toHaveLength(1);
      await storage.remove('never-saved');
    });

    it('tells a second storage object about changes made through the first', async () => {
      const storage = create();
      const other = peer(storage);
      const heard: SessionChange[] = [];
      let hear: () => void = () => undefined;
      other.subscribe?.((change) => {
        heard.push(change);
        if (heard.length === 3) hear();
      });
      const allHeard = new Promise<void>((resolve) => (hear = resolve));
      await storage.save({ id: 'chat-1', snapshot: snapshotOf('x') }, null);
      await new Promise((resolve) => setTimeout(resolve, 20));
      await storage.rename('chat-1', 'Renamed');
      await new Promise((resolve) => setTimeout(resolve, 20));
      await storage.remove('chat-1');
      await allHeard;
      expect(heard).toEqual([{ id: 'chat-1', revision: 1 }, { id: 'chat-1', revision: 1 }, { id: 'chat-1', revision: null }]);
    });

    it('fails with closed after close(), and hands out closed files', async () => {
      const storage = kind.create();
      await storage.save({ id: 'a', snapshot: snapshotOf('a') }, null);
      await storage.close();
      // Every call is caught at once, so none of them rejects unhandled while another is awaited.
      const calls = [storage.list(), storage.load('a'), storage.save({ id: 'b', snapshot: snapshotOf() }, null), storage.rename('a', 'x'), storage.remove('a'), storage.files('a').load()];
      for (const error of await Promise.all(calls.map(rejection))) expect(error.code).toBe('closed');
      await storage.close();
    });
  });
}
