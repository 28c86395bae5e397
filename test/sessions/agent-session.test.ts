import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, PersistenceError, type Agent, type AgentOptions, type SessionStorage } from '../../src/core/index';
import { createSandbox } from '../../src/core/sandbox/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { hangingModel, scriptedModel, text, toolCall } from '../../src/testing/index';
import { expectValidToolHistory, lastRequest, resultFor } from '../conformance/helpers';

/**
 * Sessions end to end in one process: an agent saves its session, a second agent on the same
 * storage and id plays "the page after a reload" (the first is simply abandoned, as a closed tab is).
 */

const sendEmail = defineTool({
  name: 'send_email',
  description: 'Sends an email.',
  inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
  needsApproval: true,
  execute: ({ to }) => ({ sent: true, to }),
});
let release: (() => void) | undefined;
const slowImport = defineTool({
  name: 'slow_import',
  description: 'Imports, slowly.',
  inputSchema: { type: 'object', properties: {} },
  execute: (_input, { signal }) =>
    new Promise((resolve, reject) => {
      release = () => resolve('imported');
      signal.addEventListener('abort', () => reject(signal.reason));
    }),
});

function open(storage: SessionStorage, options: Partial<AgentOptions> & Pick<AgentOptions, 'model'>, id = 'chat-1', resume?: 'never'): Agent {
  return createAgent({ tools: [sendEmail, slowImport], ...options, session: { id, storage, delayMs: 0, maxDelayMs: 0, onError: () => {}, ...(resume ? { resume } : {}) } });
}

async function saved(agent: Agent): Promise<void> {
  await agent.session!.flush();
}

describe('createAgent({ session })', () => {
  it('a new session is stored, saved as it changes, and listed with a title from its first message', async () => {
    const storage = memorySessionStorage();
    const agent = open(storage, { model: scriptedModel([text('Hello!')]) });
    expect(agent.session!.status).toBe('loading');
    await agent.session!.ready;
    expect(agent.session!.loaded).toBe('new');
    await agent.send('Plan my week, please');
    await saved(agent);
    expect(agent.session!.status).toBe('saved');
    const record = await storage.load('chat-1');
    expect(record!.snapshot.state.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(await storage.list()).toEqual([expect.objectContaining({ id: 'chat-1', title: 'Plan my week, please', messageCount: 2 })]);
  });

  it('an empty chat leaves nothing behind; a new session started from a snapshot is stored at once', async () => {
    const storage = memorySessionStorage();
    const empty = open(storage, { model: scriptedModel([]) }, 'empty');
    await empty.session!.ready;
    await empty.session!.dispose();
    expect(await storage.list()).toEqual([]);

    const source = createAgent({ model: scriptedModel([text('Copied.')]) });
    await source.send('copy me');
    const copy = open(storage, { model: scriptedModel([]), snapshot: source.snapshot() }, 'copy');
    await copy.session!.ready;
    await copy.session!.flush();
    expect(await storage.list()).toEqual([expect.objectContaining({ id: 'copy', title: 'copy me', messageCount: 2 })]);
  });

  it('a pending approval survives a reload; approving it runs the tool and the task finishes', async () => {
    const storage = memorySessionStorage();
    const before = open(storage, { model: scriptedModel([toolCall('send_email', { to: 'ada@example.com' }, 'call-1'), text('Sent.')]) });
    expect((await before.send('Email Ada')).status).toBe('awaiting-people');
    await saved(before);

    const model = scriptedModel([text('Sent it to Ada.')]);
    const after = open(storage, { model });
    await after.session!.ready;
    expect(after.session!.loaded).toBe('restored');
    expect(after.getState().status).toBe('awaiting-people');
    expect(after.getState().toolCalls[0]).toMatchObject({ state: 'approval-requested', input: { to: 'ada@example.com' } });
    expect((await after.approve('call-1')).status).toBe('idle');
    expect(resultFor(lastRequest(model), 'call-1')).toEqual({ type: 'json', value: { sent: true, to: 'ada@example.com' } });
    expect(after.getState().messages.at(-1)!.parts[0]).toMatchObject({ text: 'Sent it to Ada.' });
  });

  // The run going on by itself (the default, `resume: 'auto'`) is src/core/agent/resume-on-load.test.ts.
  it("with resume: 'never', a tool that was running is sealed on reload; the history stays valid and resume() goes on", async () => {
    const storage = memorySessionStorage();
    const before = open(storage, { model: scriptedModel([toolCall('slow_import', {}, 'call-1'), text('never')]) });
    void before.send('Import the data');
    await expect.poll(() => before.getState().toolCalls[0]?.state).toBe('running');
    await saved(before);

    const model = scriptedModel([text('The import was interrupted; shall I try again?')]);
    const after = open(storage, { model }, 'chat-1', 'never');
    await after.session!.ready;
    const call = after.getState().toolCalls[0]!;
    expect(call.state).toBe('sealed');
    expect(call.audit.at(-1)).toMatchObject({ state: 'sealed', by: 'runtime' });
    expect(after.getState().status).toBe('idle');
    expect((await after.resume()).status).toBe('idle');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(resultFor(prompt, 'call-1')).toMatchObject({ type: 'error-text', value: expect.stringContaining('while "slow_import" was running') });
    await expect(after.resume()).rejects.toMatchObject({ code: 'nothing-to-resume' });
    release?.();
  });

  it("with resume: 'never', a reply that was streaming is kept, marked cut off, and can be regenerated", async () => {
    const storage = memorySessionStorage();
    const before = open(storage, { model: hangingModel({ text: 'Once upon a' }) });
    void before.send('Tell me a story');
    await expect.poll(() => before.getState().messages.at(-1)?.parts[0]).toMatchObject({ text: 'Once upon a' });
    await saved(before);

    const model = scriptedModel([text('Once upon a time, the end.')]);
    const after = open(storage, { model }, 'chat-1', 'never');
    await after.session!.ready;
    const cut = after.getState().messages.at(-1)!;
    expect(cut.status).toBe('stopped');
    expect(cut.parts.at(-1)).toMatchObject({ type: 'notice', code: 'interrupted' });
    expect((await after.regenerate()).status).toBe('idle');
    expect(after.getState().messages.map((message) => message.parts.find((part) => part.type === 'text'))).toMatchObject([{ text: 'Tell me a story' }, { text: 'Once upon a time, the end.' }]);
    void before.stop();
  });

  it('commands sent before the session loaded act on the restored conversation', async () => {
    const storage = memorySessionStorage();
    const first = open(storage, { model: scriptedModel([text('One.')]) });
    await first.send('first');
    await saved(first);
    const second = open(storage, { model: scriptedModel([text('Two.')]) });
    await second.send('second');
    expect(second.getState().messages.map((message) => message.role)).toEqual(['user', 'assistant', 'user', 'assistant']);
  });

  it('two tabs on one session: the second to save stops saving and says so; nothing is overwritten', async () => {
    const storage = memorySessionStorage();
    const seed = open(storage, { model: scriptedModel([text('Hi.')]) });
    await seed.send('hello');
    await saved(seed);
    const tabA = open(storage, { model: scriptedModel([text('From A.')]) });
    const tabB = open(storage, { model: scriptedModel([text('From B.')]) });
    await Promise.all([tabA.session!.ready, tabB.session!.ready]);
    await tabA.send('in tab A');
    await saved(tabA);
    await expect.poll(() => tabB.session!.status).toBe('conflict');
    expect(tabB.session!.error?.message).toMatch(/changed in another tab or window, so this one stopped saving it/);
    await tabB.send('in tab B');
    await saved(tabB);
    const stored = await storage.load('chat-1');
    expect(stored!.snapshot.state.messages.map((message) => message.parts[0]).map((part) => (part as { text: string }).text)).toEqual(['hello', 'Hi.', 'in tab A', 'From A.']);
    // The tab that lost still works, in memory.
    expect(tabB.getState().messages.at(-1)!.parts[0]).toMatchObject({ text: 'From B.' });
  });

  it('files and checkpoints come back with the conversation: rolling back after a reload restores the files', async () => {
    const storage = memorySessionStorage();
    const writeOnce = scriptedModel([toolCall('read_file', { path: 'notes.md' }, 'call-0'), toolCall('write_file', { path: 'notes.md', content: 'v2\n', overwrite: true }, 'call-1'), text('Written.')]);
    const before = open(storage, { model: writeOnce, sandbox: createSandbox({ files: { 'notes.md': 'v1\n' } }), permissions: { allow: ['write_file'] } });
    await before.send('Update the notes');
    expect(before.sandbox!.readFile('notes.md')).toBe('v2\n');
    await saved(before);
    await before.session!.dispose();

    const sandbox = createSandbox({ files: { 'notes.md': 'starter\n' } });
    const after = open(storage, { model: scriptedModel([text('ok')]), sandbox });
    await after.session!.ready;
    expect(sandbox.readFile('notes.md')).toBe('v2\n');
    const userMessage = after.getState().messages[0]!;
    await after.rollback(userMessage.id);
    expect(sandbox.readFile('notes.md')).toBe('v1\n');
    expect(after.getState().messages).toEqual([]);
  });

  it('saves during a reply do not export the checkpoints again while the files stay the same', async () => {
    const storage = memorySessionStorage();
    const sandbox = createSandbox({ files: { 'a.md': 'a\n' } });
    const exports = vi.spyOn(sandbox, 'exportCheckpoints');
    const agent = open(storage, { model: scriptedModel([text('one two three four five six seven eight')], { chunkDelayMs: 5 }), sandbox });
    await agent.session!.ready;
    const saves = vi.spyOn(storage, 'save');
    await agent.send('count');
    await agent.session!.flush();
    expect(saves.mock.calls.length).toBeGreaterThan(1);
    // One export for the checkpoint the message took; the streamed tokens reuse it.
    expect(exports).toHaveBeenCalledTimes(1);
    sandbox.writeFile('a.md', 'changed\n');
    await agent.send('again').catch(() => {});
    await agent.session!.flush();
    expect(exports).toHaveBeenCalledTimes(2);
    expect((await storage.load('chat-1'))!.snapshot.sandbox!.checkpoints).toHaveLength(2);
  });

  it('data of a newer version is left untouched; the chat runs in memory and says why', async () => {
    const storage = memorySessionStorage();
    const first = open(storage, { model: scriptedModel([text('Hi.')]) });
    await first.send('hello');
    await saved(first);
    const stored = (await storage.load('chat-1'))!;
    // A newer version of the app saved this session.
    await storage.save({ id: 'chat-1', snapshot: { ...stored.snapshot, version: 99 } }, stored.revision);

    const agent = open(storage, { model: scriptedModel([text('Still here.')]) });
    await agent.session!.ready;
    expect(agent.session!.status).toBe('off');
    expect(agent.session!.error).toBeInstanceOf(PersistenceError);
    expect(agent.session!.error?.code).toBe('future-format');
    expect((await agent.send('hi')).status).toBe('idle');
    expect((await storage.load('chat-1'))!.snapshot.version).toBe(99);
  });

  it('a failing save is reported and retried with the next change; the chat goes on', async () => {
    const storage = memorySessionStorage();
    const realSave = storage.save.bind(storage);
    let full = true;
    storage.save = (write, expected) => (full ? Promise.reject(new PersistenceError('quota-exceeded', 'The storage quota is exhausted.')) : realSave(write, expected));
    const agent = open(storage, { model: scriptedModel([text('One.'), text('Two.')]) });
    await agent.session!.ready;
    await agent.send('first');
    await saved(agent);
    expect(agent.session!.status).toBe('error');
    expect(agent.session!.error?.code).toBe('quota-exceeded');
    full = false;
    await agent.send('second');
    await saved(agent);
    expect(agent.session!.status).toBe('saved');
    expect((await storage.load('chat-1'))!.snapshot.state.messages).toHaveLength(4);
  });
});
