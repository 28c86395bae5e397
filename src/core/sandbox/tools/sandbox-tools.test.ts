import { describe, expect, it } from 'vitest';
import { resultFor, resultText, lastRequest, expectValidToolHistory } from '../../../../test/conformance/helpers';
import { createAgent } from '../../agent/create-agent';
import { scriptedModel, text, toolCall } from '../../../testing/index';
import { createSandbox } from '../create-sandbox';
import { bashTool } from '../shell/bash-tool';
import type { Sandbox } from '../sandbox-types';
import { applyEdit } from './edit-file-tool';
import { sandboxTools } from './sandbox-tools';

const allow = ['write_file', 'edit_file', 'delete_file', 'move_file'];

/** An agent over `sandbox` whose model makes one call, then says "Done."; file changes are allowed without asking. */
async function callOnce(sandbox: Sandbox, name: string, input: object) {
  const model = scriptedModel([toolCall(name, input, 'call-1'), text('Done.')]);
  const agent = createAgent({ model, sandbox, permissions: { allow } });
  await agent.send('go');
  const prompt = lastRequest(model);
  expectValidToolHistory(prompt);
  const output = resultFor(prompt, 'call-1');
  return { output, text: resultText(output), agent };
}

function tool(sandbox: Sandbox, name: string) {
  const found = sandboxTools(sandbox).find((candidate) => candidate.name === name);
  if (!found?.execute) throw new Error(`no tool ${name}`);
  return (input: object) => found.execute!(input as never, { signal: new AbortController().signal, toolCallId: 't', reportProgress: () => undefined });
}

describe('file tools in an agent', () => {
  it('createAgent({ sandbox }) adds the file tools; reading ones are read-only, changing ones ask', async () => {
    const agent = createAgent({ model: scriptedModel([text('hi')]), sandbox: createSandbox() });
    expect(agent.tools.map((info) => [info.name, info.readOnly])).toEqual([
      ['read_file', true],
      ['list_files', true],
      ['glob', true],
      ['grep', true],
      ['write_file', false],
      ['edit_file', false],
      ['move_file', false],
      ['delete_file', false],
    ]);
    expect(agent.sandbox).toBeDefined();
    expect(() => createAgent({ model: scriptedModel([]), sandbox: {} as never })).toThrow(/must be a sandbox from createSandbox/);
  });

  it('read_file returns numbered lines and a range; the model receives them', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\ntwo\nthree\nfour\n' } });
    const { output } = await callOnce(sandbox, 'read_file', { path: 'a.txt', offset: 2, limit: 2 });
    expect(output.value).toEqual({ path: '/a.txt', totalLines: 4, fromLine: 2, toLine: 3, content: '2\ttwo\n3\tthree\n' });
  });

  it('read_file cuts long output at a line and says how to read on', async () => {
    const sandbox = createSandbox({ files: { 'big.txt': Array.from({ length: 100 }, (_, index) => `line ${index + 1}`).join('\n') } });
    const read = sandboxTools(sandbox, { maxReadChars: 100 }).find((candidate) => candidate.name === 'read_file')!;
    const result = (await read.execute!({ path: 'big.txt' } as never, { signal: new AbortController().signal, toolCallId: 't', reportProgress: () => undefined })) as { toLine: number; content: string; note: string };
    expect(result.content.length).toBeLessThanOrEqual(100);
    expect(result.content.endsWith('\n')).toBe(true);
    expect(result.note).toBe(`Output cut at line ${result.toLine} of 100 (100 characters at most per call). Call read_file with offset ${result.toLine + 1} to read on.`);
    expect(await tool(sandbox, 'read_file')({ path: 'big.txt', offset: 101 })).toMatchObject({ content: '', note: 'The file has 100 lines; offset 101 is past its end.' });
  });

  it('a refused path comes back to the model as an error result naming the rule, and the run goes on', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'a' } });
    const { output, text: said, agent } = await callOnce(sandbox, 'read_file', { path: '../../etc/passwd' });
    expect(output.type).toBe('error-text');
    expect(said).toContain('climbs above the sandbox root');
    expect(agent.getState().messages.at(-1)?.parts).toMatchObject([{ type: 'text', text: 'Done.' }]);
  });

  it('write_file creates, refuses to overwrite unless asked, and overwrites when asked', async () => {
    const sandbox = createSandbox({ files: { 'keep.md': 'original' } });
    expect((await callOnce(sandbox, 'write_file', { path: 'notes/new.md', content: '# New\n' })).output.value).toEqual({ path: '/notes/new.md', created: true, bytes: 6 });
    const refused = await callOnce(sandbox, 'write_file', { path: 'keep.md', content: 'clobbered' });
    expect(refused.output.type).toBe('error-text');
    expect(refused.text).toContain('already exists; pass overwrite');
    expect(sandbox.readFile('keep.md')).toBe('original');
    sandbox.noteRead('keep.md'); // as read_file does (the stale-write guard has its own tests)
    await callOnce(sandbox, 'write_file', { path: 'keep.md', content: 'replaced', overwrite: true });
    expect(sandbox.readFile('keep.md')).toBe('replaced');
  });

  it('edit_file replaces one unique occurrence and says how many when there are none or several', async () => {
    const sandbox = createSandbox({ files: { 'a.ts': 'let a = 1;\nlet b = 1;\nlet a2 = 1;\n' } });
    sandbox.noteRead('a.ts');
    const several = await callOnce(sandbox, 'edit_file', { path: 'a.ts', oldText: '= 1', newText: '= 2' });
    expect(several.text).toContain('occurs 3 times in "a.ts" (lines 1, 2, 3)');
    const none = await callOnce(sandbox, 'edit_file', { path: 'a.ts', oldText: 'let c', newText: 'let d' });
    expect(none.text).toContain('was not found');
    expect(sandbox.readFile('a.ts')).toBe('let a = 1;\nlet b = 1;\nlet a2 = 1;\n');
    const done = await callOnce(sandbox, 'edit_file', { path: 'a.ts', oldText: 'let b = 1', newText: 'let b = 2' });
    expect(done.output.value).toMatchObject({ path: '/a.ts', replacements: 1, diff: expect.stringContaining('-let b = 1;\n+let b = 2;') });
    expect(sandbox.readFile('a.ts')).toBe('let a = 1;\nlet b = 2;\nlet a2 = 1;\n');
    expect(applyEdit('x x', { path: 'p', oldText: 'x', newText: 'y', replaceAll: true })).toEqual({ content: 'y y', replacements: 2 });
  });

  it('list_files, glob and grep report paths the other tools accept', async () => {
    const sandbox = createSandbox({ files: { 'src/a.ts': '// TODO one\n', 'src/ui/b.tsx': 'ok\n// todo two\n', 'README.md': '# Hi\n', 'logo.png': new Uint8Array([1]) } });
    expect(await tool(sandbox, 'list_files')({})).toEqual({ path: '/', entries: ['README.md (5 bytes)', 'logo.png (1 bytes, binary)', 'src/'] });
    expect(await tool(sandbox, 'list_files')({ path: 'src', recursive: true })).toEqual({ path: '/src', entries: ['a.ts (12 bytes)', 'ui/', 'ui/b.tsx (15 bytes)'] });
    expect(await tool(sandbox, 'glob')({ pattern: '**/*.{ts,tsx}' })).toEqual({ matches: ['/src/a.ts', '/src/ui/b.tsx'], truncated: false });
    expect(await tool(sandbox, 'glob')({ pattern: '*.tsx', path: 'src/ui' })).toEqual({ matches: ['/src/ui/b.tsx'], truncated: false });
    expect(await tool(sandbox, 'grep')({ pattern: 'todo', ignoreCase: true })).toEqual({ matches: ['/src/a.ts:1: // TODO one', '/src/ui/b.tsx:2: // todo two'], truncated: false });
    expect(await tool(sandbox, 'grep')({ pattern: 'T.DO', regex: true, glob: '**/*.ts' })).toEqual({ matches: ['/src/a.ts:1: // TODO one'], truncated: false });
    expect(await tool(sandbox, 'grep')({ pattern: 'absent' })).toEqual({ matches: [], truncated: false, note: 'No matches.' });
    // The first regex call above loaded the linear-time engine; what it lacks is an error that says so.
    await expect(tool(sandbox, 'grep')({ pattern: '(t)\\1', regex: true })).rejects.toThrow(/backreference \(`\\1`\), which is not supported/);
  });

  it('move_file and delete_file change the tree; a non-empty folder needs recursive', async () => {
    const sandbox = createSandbox({ files: { 'a.md': 'a', 'build/x.js': 'x', 'build/y.js': 'y' } });
    expect(await tool(sandbox, 'move_file')({ from: 'a.md', to: 'docs/a.md' })).toEqual({ from: '/a.md', to: '/docs/a.md' });
    expect(() => tool(sandbox, 'delete_file')({ path: 'build' })).toThrow(/not empty; pass recursive/);
    expect(await tool(sandbox, 'delete_file')({ path: 'build', recursive: true })).toEqual({ deleted: '/build', files: 2 });
    expect(sandbox.toRecords().map((record) => record.path)).toEqual(['/docs/a.md']);
  });

  it('bash runs over the same files: what it writes is in the sandbox, what it prints reaches the model', async () => {
    const sandbox = createSandbox({ files: { 'notes/a.md': 'TODO one\n', 'notes/b.md': 'done\nTODO two\n' } });
    const model = scriptedModel([toolCall('bash', { command: 'grep -rn TODO notes | sort > todo.txt; wc -l < todo.txt' }, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, sandbox, tools: [bashTool(sandbox)], permissions: { allow: ['bash'] } });
    await agent.send('collect the TODOs');
    const output = resultFor(lastRequest(model), 'call-1');
    expect(output.value).toEqual({ exitCode: 0, stdout: '2\n', stderr: '' });
    expect(sandbox.readFile('todo.txt')).toBe('notes/a.md:1:TODO one\nnotes/b.md:2:TODO two\n');
  });

  it('bash asks for approval under the default policy, like the other tools that change files', async () => {
    const sandbox = createSandbox();
    const agent = createAgent({ model: scriptedModel([toolCall('bash', { command: 'touch x' }, 'call-1'), text('Done.')]), sandbox, tools: [bashTool(sandbox)] });
    expect(await agent.send('go')).toMatchObject({ status: 'awaiting-people' });
    expect(agent.getState().toolCalls[0]).toMatchObject({ name: 'bash', state: 'approval-requested' });
    expect(sandbox.exists('x')).toBe(false);
  });

  it('sandboxTools({ only }) picks tools and names unknown ones; asking it for the shell says where the shell is', () => {
    const sandbox = createSandbox();
    expect(sandboxTools(sandbox, { only: ['grep', 'read_file'] }).map((entry) => entry.name)).toEqual(['read_file', 'grep']);
    expect(() => sandboxTools(sandbox, { only: ['rm'] })).toThrow('unknown tool "rm"');
    expect(() => sandboxTools(sandbox, { only: ['bash'] })).toThrow(/unknown tool "bash".*bashTool\(sandbox, limits\) from react-agent-kit\/shell/);
    expect(() => sandboxTools(sandbox, { shell: { timeoutMs: 1 } } as never)).toThrow(/the shell option is gone: the bash tool is bashTool\(sandbox, limits\) from react-agent-kit\/shell \(it needs the optional just-bash package\)/);
  });
});

describe('approval previews of file tools', () => {
  async function pending(sandbox: Sandbox, name: string, input: object) {
    const agent = createAgent({ model: scriptedModel([toolCall(name, input, 'call-1'), text('Done.')]), sandbox });
    await agent.send('go');
    const call = agent.getState().toolCalls.find((entry) => entry.id === 'call-1')!;
    expect(call.state).toBe('approval-requested');
    return { agent, preview: call.approval?.preview };
  }

  it('write_file and edit_file carry the diff of what would change, before anything changed', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'one\ntwo\n' } });
    sandbox.noteRead('a.txt');
    const write = await pending(sandbox, 'write_file', { path: 'new.txt', content: 'hello\n' });
    expect(write.preview).toEqual({ kind: 'file-changes', files: [{ path: '/new.txt', change: 'create', diff: expect.stringContaining('--- /dev/null\n+++ /new.txt') }] });
    expect(sandbox.exists('new.txt')).toBe(false);
    const edit = await pending(sandbox, 'edit_file', { path: 'a.txt', oldText: 'two', newText: 'TWO' });
    expect(edit.preview).toEqual({ kind: 'file-changes', files: [{ path: '/a.txt', change: 'modify', diff: '--- /a.txt\n+++ /a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n' }] });
    await edit.agent.approve('call-1');
    expect(sandbox.readFile('a.txt')).toBe('one\nTWO\n');
  });

  it('an edit that cannot apply says so in the preview', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': 'x' } });
    sandbox.noteRead('a.txt');
    const { preview } = await pending(sandbox, 'edit_file', { path: 'a.txt', oldText: 'nope', newText: 'y' });
    expect(preview).toEqual({ kind: 'file-changes', files: [], note: expect.stringContaining('This edit cannot be applied: `oldText` was not found') });
  });

  it('delete_file lists every file of a folder; move_file shows where from and to', async () => {
    const sandbox = createSandbox({ files: { 'build/x.js': 'x\n', 'build/y.js': 'y\n', 'a.md': 'a\n' } });
    const removal = await pending(sandbox, 'delete_file', { path: 'build', recursive: true });
    expect(removal.preview).toMatchObject({ note: 'Deletes the folder /build with 2 files.', files: [{ path: '/build/x.js', change: 'delete', diff: expect.stringContaining('-x') }, { path: '/build/y.js', change: 'delete' }] });
    const move = await pending(sandbox, 'move_file', { from: 'a.md', to: 'docs/a.md' });
    expect(move.preview).toEqual({ kind: 'file-changes', files: [{ path: '/docs/a.md', from: '/a.md', change: 'move', diff: '' }] });
  });
});
