import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { createSandbox } from '../sandbox/create-sandbox';
import { bashTool } from '../sandbox/shell/bash-tool';
import { scriptedModel } from '../scripted/scripted-model';
import { text, toolCall } from '../../testing/step-builders';
import { defineTool, type ToolDefinition } from '../tools/define-tool';
import { checkPermission, policyLists } from './permission-check';

const editAndShell = () => [
  [
    toolCall('read_file', { path: '/notes.md' }, 'read'),
    toolCall('edit_file', { path: '/notes.md', oldText: 'draft', newText: 'final' }, 'edit'),
    toolCall('bash', { command: 'ls' }, 'shell'),
  ],
  text('Done.'),
];

describe('permissions by category', () => {
  it("allow: ['read', 'write'] edits files without asking; the shell still asks", async () => {
    const sandbox = createSandbox({ files: { 'notes.md': 'a draft\n' } });
    const agent = createAgent({ model: scriptedModel(editAndShell()), sandbox, tools: [bashTool(sandbox)], permissions: { allow: ['read', 'write'] } });
    const result = await agent.send('Finish the notes');
    expect(result.status).toBe('awaiting-people');
    expect(agent.getState().toolCalls.map((call) => [call.id, call.state])).toEqual([
      ['read', 'output-available'],
      ['edit', 'output-available'],
      ['shell', 'approval-requested'],
    ]);
    expect(sandbox.readFile('/notes.md')).toBe('a final\n');
    expect(agent.getState().toolCalls[2]!.approval?.reason).toBe('"bash" always asks a person before it runs.');
  });

  it("deny: ['shell'] refuses bash without asking and tells the model; names still work beside categories", async () => {
    const sandbox = createSandbox({ files: { 'notes.md': 'a draft\n' } });
    const model = scriptedModel(editAndShell());
    const agent = createAgent({ model, sandbox, tools: [bashTool(sandbox)], permissions: { allow: ['edit_file'], deny: ['shell'] } });
    expect(await agent.send('Finish the notes')).toEqual({ status: 'idle', error: null });
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-available', 'output-available', 'output-denied']);
    const results = model.calls[1]!.prompt.at(-1)!.content;
    expect(results.at(-1)).toMatchObject({ type: 'tool-result', toolCallId: 'shell', output: { type: 'execution-denied', reason: expect.stringMatching(/does not allow the tool "bash"/) } });
  });

  it('the built-in tools carry read, write and shell; the deny list wins over an allowed category', () => {
    const sandbox = createSandbox();
    const categories = Object.fromEntries([...sandbox.agentTools(), bashTool(sandbox)].map((tool) => [tool.name, tool.category]));
    expect(categories).toEqual({
      read_file: 'read',
      list_files: 'read',
      glob: 'read',
      grep: 'read',
      write_file: 'write',
      edit_file: 'write',
      move_file: 'write',
      delete_file: 'write',
      bash: 'shell',
    });
    const write = defineTool({ name: 'write_file', description: '', inputSchema: { type: 'object' }, category: 'write', needsApproval: true }) as ToolDefinition;
    expect(checkPermission(write, {}, { allow: ['write'], deny: ['write_file'] }, [])).toMatchObject({ kind: 'refuse' });
    expect(checkPermission(write, {}, { allow: ['write_file'], deny: ['write'] }, [])).toMatchObject({ kind: 'refuse' });
    expect(policyLists(['write'], { name: 'plain' })).toBe(false);
  });
});
