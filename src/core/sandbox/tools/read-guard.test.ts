import { describe, expect, it } from 'vitest';
import { expectValidToolHistory, lastRequest, resultFor, resultText } from '../../../../test/conformance/helpers';
import { createAgent } from '../../agent/create-agent';
import type { AgentOptions, SessionStorage } from '../../index';
import { memorySessionStorage } from '../../sessions/index';
import { scriptedModel, text, toolCall } from '../../../testing/index';
import { createSandbox } from '../create-sandbox';
import type { Sandbox } from '../sandbox-types';
import { bashTool } from '../shell/bash-tool';
import { sandboxTools, type SandboxToolsOptions } from './sandbox-tools';

const context = { signal: new AbortController().signal, toolCallId: 't', reportProgress: () => undefined };

function tools(sandbox: Sandbox, options?: SandboxToolsOptions) {
  const all = sandboxTools(sandbox, options);
  return (name: string, input: object) => Promise.resolve().then(() => all.find((tool) => tool.name === name)!.execute!(input as never, context));
}

const unread = 'You have not read "/a.txt" (or not since the files were restored). Read it with read_file before you edit it.';
const changed = '"/a.txt" changed since you last read it. Read it with read_file before you edit it.';
const edit = { path: 'a.txt', oldText: 'one', newText: 'ONE' };

describe('the stale-write guard', () => {
  it('refuses to edit a file the model has not read; after read_file the edit runs', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const run = tools(sandbox);
    await expect(run('edit_file', edit)).rejects.toThrow(unread);
    expect(sandbox.readFile('a.txt')).toBe('one\n');
    await run('read_file', { path: 'a.txt', offset: 1, limit: 1 });
    await expect(run('edit_file', edit)).resolves.toMatchObject({ replacements: 1 });
    expect(sandbox.readFile('a.txt')).toBe('ONE\n');
  });

  it('refuses when the user changed the file after the read, until the model reads it again', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const run = tools(sandbox);
    await run('read_file', { path: 'a.txt' });
    sandbox.writeFile('a.txt', 'one\ntwo\n'); // the user, in the file explorer
    await expect(run('edit_file', edit)).rejects.toThrow(changed);
    await run('read_file', { path: 'a.txt' });
    await expect(run('edit_file', edit)).resolves.toMatchObject({ replacements: 1 });
    // The same content written again is no change: what the model read is still there.
    sandbox.writeFile('a.txt', sandbox.readFile('a.txt'));
    await expect(run('edit_file', { path: 'a.txt', oldText: 'two', newText: 'TWO' })).resolves.toMatchObject({ replacements: 1 });
  });

  it('refuses after the bash tool changed the file', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const run = tools(sandbox);
    await run('read_file', { path: 'a.txt' });
    await bashTool(sandbox).execute!({ command: 'echo two >> a.txt' }, context);
    expect(sandbox.readFile('a.txt')).toBe('one\ntwo\n');
    await expect(run('edit_file', edit)).rejects.toThrow(changed);
  });

  it('what the agent wrote it knows: edit after edit, and edit after write_file, need no read', async () => {
    const sandbox = createSandbox();
    const run = tools(sandbox);
    await run('write_file', { path: 'a.txt', content: 'one\ntwo\n' });
    await run('edit_file', edit);
    await run('edit_file', { path: 'a.txt', edits: [{ oldText: 'two', newText: 'TWO' }] });
    await run('write_file', { path: 'a.txt', content: 'three\n', overwrite: true });
    expect(sandbox.readFile('a.txt')).toBe('three\n');
  });

  it('a rollback (restore) forgets the reads: the model reads again', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const run = tools(sandbox);
    const before = sandbox.checkpoint();
    await run('read_file', { path: 'a.txt' });
    await run('edit_file', edit);
    sandbox.restore(before);
    expect(sandbox.readFile('a.txt')).toBe('one\n');
    await expect(run('edit_file', edit)).rejects.toThrow(unread);
    // Even where the restore did not change the file: the conversation it goes with may not hold the read.
    await run('read_file', { path: 'a.txt' });
    sandbox.restore(sandbox.checkpoint());
    await expect(run('edit_file', edit)).rejects.toThrow(unread);
  });

  it('creating a file needs no read; overwriting one does, with write_file and move_file alike', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n', 'b.txt': 'bee\n' } });
    const run = tools(sandbox);
    await expect(run('write_file', { path: 'new/c.txt', content: 'c\n' })).resolves.toMatchObject({ created: true });
    await expect(run('write_file', { path: 'd.txt', content: 'd\n', overwrite: true })).resolves.toMatchObject({ created: true });
    await expect(run('write_file', { path: 'a.txt', content: 'x\n', overwrite: true })).rejects.toThrow(unread.replace('edit it', 'overwrite it'));
    await expect(run('move_file', { from: 'b.txt', to: 'a.txt', overwrite: true })).rejects.toThrow(unread.replace('edit it', 'replace it'));
    expect(sandbox.readFile('a.txt')).toBe('one\n');
    await run('read_file', { path: 'a.txt' });
    await run('move_file', { from: 'b.txt', to: 'a.txt', overwrite: true });
    expect(sandbox.readFile('a.txt')).toBe('bee\n');
    // Moving or deleting without replacing anything needs no read.
    await run('move_file', { from: 'a.txt', to: 'e.txt' });
    await run('delete_file', { path: 'e.txt' });
    expect(sandbox.exists('e.txt')).toBe(false);
  });

  it('a file the model knew stays known when it moves it', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const run = tools(sandbox);
    await run('read_file', { path: 'a.txt' });
    await run('move_file', { from: 'a.txt', to: 'docs/a.txt' });
    await expect(run('edit_file', { ...edit, path: 'docs/a.txt' })).resolves.toMatchObject({ path: '/docs/a.txt' });
  });

  it('turned off (sandboxTools({ requireRead: false }) or createSandbox({ requireRead: false })), edits need no read', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    await expect(tools(sandbox, { requireRead: false })('edit_file', edit)).resolves.toMatchObject({ replacements: 1 });
    const trusting = createSandbox({ files: { 'a.txt': 'one\n' }, requireRead: false });
    const editFile = trusting.agentTools().find((tool) => tool.name === 'edit_file')!;
    await expect(Promise.resolve(editFile.execute!(edit as never, context))).resolves.toMatchObject({ replacements: 1 });
    expect(editFile.description).not.toContain('Read the file first');
    expect(createSandbox().agentTools().find((tool) => tool.name === 'edit_file')!.description).toContain('Read the file first: editing a file you have not read since it last changed is refused.');
  });
});

describe('the stale-write guard in an agent', () => {
  it('the model receives the refusal as an error result, reads, edits, and the history stays valid', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const model = scriptedModel([
      toolCall('edit_file', edit, 'call-1'),
      toolCall('read_file', { path: 'a.txt' }, 'call-2'),
      toolCall('edit_file', edit, 'call-3'),
      text('Done.'),
    ]);
    const agent = createAgent({ model, sandbox, permissions: { allow: ['edit_file'] } });
    await agent.send('Capitalize one');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(resultFor(prompt, 'call-1')).toEqual({ type: 'error-text', value: `The tool "edit_file" failed: ${unread}` });
    expect(resultFor(prompt, 'call-3')).toMatchObject({ type: 'json', value: { path: '/a.txt', replacements: 1 } });
    expect(sandbox.readFile('a.txt')).toBe('ONE\n');
  });

  it('asked under the default policy, the approval says the edit will be refused', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const agent = createAgent({ model: scriptedModel([toolCall('edit_file', edit, 'call-1'), text('Done.')]), sandbox });
    await agent.send('go');
    expect(agent.getState().toolCalls[0]!.approval?.preview).toEqual({ kind: 'file-changes', files: [], note: `This edit cannot be applied: ${unread}` });
  });

  it('a rollback undoes what the model knew: after it, the edit is refused until the model reads again', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    const model = scriptedModel([
      toolCall('read_file', { path: 'a.txt' }, 'call-1'),
      text('Read it.'),
      toolCall('edit_file', edit, 'call-2'),
      text('Edited.'),
    ]);
    const agent = createAgent({ model, sandbox, permissions: { allow: ['edit_file'] } });
    await agent.send('Read a.txt');
    await agent.rollback(agent.getState().messages[0]!.id);
    await agent.send('Edit a.txt');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(resultText(resultFor(prompt, 'call-2'))).toBe(`The tool "edit_file" failed: ${unread}`);
    expect(sandbox.readFile('a.txt')).toBe('one\n');
  });

  it('what the model read survives a snapshot and a session reload', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n', 'b.txt': 'bee\n' } });
    const reader = createAgent({ model: scriptedModel([toolCall('read_file', { path: 'a.txt' }), text('Read.')]), sandbox });
    await reader.send('Read a.txt');
    const snapshot = reader.snapshot();
    expect(snapshot.sandbox?.reads).toEqual([{ path: '/a.txt', hash: expect.any(String) }]);

    const copy = createSandbox();
    const model = scriptedModel([toolCall('edit_file', edit, 'call-1'), toolCall('edit_file', { path: 'b.txt', oldText: 'bee', newText: 'B' }, 'call-2'), text('Done.')]);
    const restored = createAgent({ model, sandbox: copy, snapshot: JSON.parse(JSON.stringify(snapshot)), permissions: { allow: ['edit_file'] } });
    await restored.send('Edit both');
    expect(resultFor(lastRequest(model), 'call-1')).toMatchObject({ type: 'json' });
    expect(resultText(resultFor(lastRequest(model), 'call-2'))).toContain('You have not read "/b.txt"');
    expect(copy.readFile('a.txt')).toBe('ONE\n');

    // A session: the page after a reload is a second agent on the same storage.
    const storage = memorySessionStorage();
    const open = (options: Pick<AgentOptions, 'model' | 'sandbox'>, sessionStorage: SessionStorage = storage) =>
      createAgent({ ...options, permissions: { allow: ['edit_file'] }, session: { id: 'chat-1', storage: sessionStorage, delayMs: 0, maxDelayMs: 0, onError: () => {} } });
    const before = open({ model: scriptedModel([toolCall('read_file', { path: 'a.txt' }), text('Read.')]), sandbox: createSandbox({ files: { 'a.txt': 'one\n' } }) });
    await before.send('Read a.txt');
    await before.session!.flush();
    await before.session!.dispose();
    const afterModel = scriptedModel([toolCall('edit_file', edit, 'call-9'), text('Done.')]);
    const afterSandbox = createSandbox();
    const after = open({ model: afterModel, sandbox: afterSandbox });
    await after.session!.ready;
    await after.send('Edit it');
    expect(resultFor(lastRequest(afterModel), 'call-9')).toMatchObject({ type: 'json', value: { replacements: 1 } });
    expect(afterSandbox.readFile('a.txt')).toBe('ONE\n');
  });

  it('saved reads are only fingerprints: one that does not match the file, or is malformed, vouches for nothing', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\n' } });
    sandbox.importReads([{ path: '/a.txt', hash: 'made-up' }, { path: 7 } as never]);
    expect(sandbox.readStatus('a.txt')).toBe('changed');
    sandbox.importReads('nonsense' as never);
    expect(sandbox.exportReads()).toEqual([]);
    sandbox.noteRead('a.txt');
    const saved = sandbox.exportReads();
    sandbox.load(sandbox.toRecords());
    expect(sandbox.readStatus('a.txt')).toBe('unread');
    sandbox.importReads(saved);
    expect(sandbox.readStatus('a.txt')).toBe('current');
  });
});
