import { describe, expect, it } from 'vitest';
import { PersistenceError } from '../persistence/persistence-error';
import { createInitialState } from '../store/state';
import { memorySessionStorage } from './memory-session-storage';
import type { SessionChange } from './session-broadcast';
import { agentSnapshotVersion, type AgentSnapshot } from './session-types';

const snapshot: AgentSnapshot = { format: 'react-agent-kit/agent', version: agentSnapshotVersion, state: createInitialState() };
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

async function rejection(promise: Promise<unknown>): Promise<PersistenceError> {
  const error = await promise.then(() => undefined, (reason: unknown) => reason);
  expect(error).toBeInstanceOf(PersistenceError);
  return error as PersistenceError;
}

describe('memorySessionStorage', () => {
  it('tells listeners about changes in a later task, once the saver holds its new revision', async () => {
    const storage = memorySessionStorage();
    const heard: { change: SessionChange; saverRevision: number | null }[] = [];
    let saverRevision: number | null = null;
    storage.subscribe?.((change) => heard.push({ change, saverRevision }));
    saverRevision = await storage.save({ id: 'chat-1', snapshot }, null);
    expect(heard).toEqual([]);
    await nextTask();
    expect(heard).toEqual([{ change: { id: 'chat-1', revision: 1 }, saverRevision: 1 }]);
  });

  it('reports quick successive saves once, with the revision at that moment, so a saver never mistakes its own saves for another\'s', async () => {
    const storage = memorySessionStorage();
    const heard: SessionChange[] = [];
    storage.subscribe?.((change) => heard.push(change));
    const first = await storage.save({ id: 'chat-1', snapshot }, null);
    const second = await storage.save({ id: 'chat-1', snapshot }, first);
    await storage.save({ id: 'other', snapshot }, null);
    await nextTask();
    expect(heard).toEqual([{ id: 'chat-1', revision: second }, { id: 'other', revision: 1 }]);
  });

  it('stops telling a listener once it unsubscribed or the storage closed', async () => {
    const storage = memorySessionStorage();
    const heard: SessionChange[] = [];
    const unsubscribe = storage.subscribe?.((change) => heard.push(change));
    unsubscribe?.();
    await storage.save({ id: 'a', snapshot }, null);
    storage.subscribe?.((change) => heard.push(change));
    await storage.save({ id: 'b', snapshot }, null);
    await storage.close();
    await nextTask();
    expect(heard).toEqual([]);
  });

  it('keeps a session\'s files when one caller closes its handle; removing the session closes every handle', async () => {
    const storage = memorySessionStorage();
    const first = storage.files('chat-1');
    const second = storage.files('chat-1');
    await first.saveAll([{ path: '/a.txt', kind: 'text', text: 'a', modified: 1 }]);
    await first.close();
    expect((await rejection(first.load())).code).toBe('closed');
    expect((await second.load())?.files).toHaveLength(1);
    await storage.remove('chat-1');
    expect((await rejection(second.load())).code).toBe('closed');
    expect(await storage.files('chat-1').load()).toBeNull();
  });
});
