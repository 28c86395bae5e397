import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { indexedDbSessionStorage } from './indexed-db-session-storage';
import { memorySessionStorage } from './memory-session-storage';
import { readSessionFile, writeSessionFile } from './session-file';
import { readSnapshot } from './snapshot-format';
import type { SessionStorage } from './session-types';
import type { TodoItem } from '../store/state';

const todos: TodoItem[] = [
  { content: 'Read the brief', status: 'completed', id: 'a' },
  { content: 'Write the draft', status: 'in_progress', activeForm: 'Writing the draft' },
  { content: 'Send it', status: 'pending' },
];

async function agentWithPlan(session?: { id: string; storage: SessionStorage }) {
  const agent = createAgent({
    model: scriptedModel([toolCall('todo_write', { todos }), text('Working on it.')]),
    todos: true,
    ...(session ? { session: { ...session, delayMs: 0, maxDelayMs: 0 } } : {}),
  });
  await agent.send('Write the report');
  return agent;
}

const lastPromptText = (model: ReturnType<typeof scriptedModel>) => JSON.stringify(model.calls.at(-1)!.prompt.at(-1));

describe('the plan is kept with the conversation', () => {
  it('through a snapshot (as JSON) and a session file, and the restored agent reminds the model of it', async () => {
    const agent = await agentWithPlan();
    const snapshot = readSnapshot(JSON.parse(JSON.stringify(agent.snapshot())));
    expect(snapshot.state.todos).toEqual(todos);
    expect(readSessionFile(writeSessionFile(agent.snapshot())).state.todos).toEqual(todos);

    const model = scriptedModel([text('Going on.')]);
    const restored = createAgent({ model, todos: true, snapshot });
    expect(restored.getState().todos).toEqual(todos);
    await restored.send('Go on');
    expect(lastPromptText(model)).toContain('1 of 3 done:\\n[x] Read the brief\\n[>] Write the draft\\n[ ] Send it');
  });

  it.each([
    ['memory', () => memorySessionStorage()],
    ['IndexedDB', () => indexedDbSessionStorage({ name: 'plans', indexedDB: new IDBFactory() })],
  ])('through a session in %s storage: a second agent on it has the plan', async (_name, storageOf) => {
    const storage = storageOf();
    const first = await agentWithPlan({ id: 'chat', storage });
    await first.session!.flush();
    const second = createAgent({ model: scriptedModel([]), todos: true, session: { id: 'chat', storage } });
    await second.session!.ready;
    expect(second.session!.loaded).toBe('restored');
    expect(second.getState().todos).toEqual(todos);
  });

  it('a state saved before plans existed loads without one', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hi.')]), todos: true });
    await agent.send('Hello');
    const { todos: _none, ...old } = agent.snapshot().state;
    expect(createAgent({ model: scriptedModel([]), todos: true, snapshot: readSnapshot(old) }).getState()).not.toHaveProperty('todos');
  });

  it('refuses a file whose plan breaks the rules, naming the field, and loads nothing', async () => {
    const agent = await agentWithPlan();
    const file = JSON.parse(writeSessionFile(agent.snapshot())) as { state: { todos: unknown[] } };
    file.state.todos = [...todos, { content: 'Also this', status: 'in_progress' }];
    expect(() => readSessionFile(JSON.stringify(file))).toThrow('state.todos[3].status: is a second item in progress; a plan has at most one.');
    file.state.todos = [{ content: { toString: 'x' }, status: 'pending' }];
    expect(() => readSessionFile(JSON.stringify(file))).toThrow('state.todos[0].content: expected a string, got an object.');
    file.state.todos = Array.from({ length: 1000 }, () => ({ content: 'x', status: 'pending' }));
    expect(() => readSessionFile(JSON.stringify(file))).toThrow('state.todos: has 1000 items; a plan has at most 50.');
  });
});
