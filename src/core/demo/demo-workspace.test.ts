import { describe, expect, it } from 'vitest';
import { createAgent } from '../agent/create-agent';
import { createSandbox } from '../sandbox/create-sandbox';
import { demoModel } from './demo-model';
import { demoTask } from './demo-workspace';

const todo = '# To do\n\n- [x] Try the demo\n- [ ] Read the docs\n';

function setup(files: Record<string, string> = { 'TODO.md': todo }) {
  const sandbox = createSandbox({ files });
  const agent = createAgent({ model: demoModel({ speed: 'instant' }), sandbox });
  const pending = () => agent.getState().toolCalls.find((call) => call.state === 'approval-requested');
  const lastText = () => agent.getState().messages.at(-1)?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('');
  return { sandbox, agent, pending, lastText };
}

describe('demo model: the workspace scenario', () => {
  it('reads TODO.md, asks to edit it with a diff, edits it once approved, and explains the rollback', async () => {
    const { sandbox, agent, pending, lastText } = setup();
    await agent.send('Add a task to my todo list: ship the sandbox');
    const [read, edit] = agent.getState().toolCalls;
    expect(read).toMatchObject({ name: 'read_file', state: 'output-available' });
    expect(edit).toMatchObject({ name: 'edit_file', state: 'approval-requested' });
    expect(pending()?.approval?.preview).toEqual({
      kind: 'file-changes',
      files: [{ path: '/TODO.md', change: 'modify', diff: expect.stringContaining(' - [ ] Read the docs\n+- [ ] ship the sandbox\n') }],
    });
    expect(sandbox.readFile('TODO.md')).toBe(todo);

    await agent.approve(edit!.id);
    expect(sandbox.readFile('TODO.md')).toBe(`${todo}- [ ] ship the sandbox\n`);
    expect(lastText()).toContain('use **Roll back to here** under your message');

    const user = agent.getState().messages[0]!;
    await agent.rollback(user.id);
    expect(sandbox.readFile('TODO.md')).toBe(todo);
  });

  it('creates TODO.md when there is none, and says so when the change is denied', async () => {
    const created = setup({});
    await created.agent.send('Add a task: water the plants');
    expect(created.pending()).toMatchObject({ name: 'write_file', input: { path: 'TODO.md', content: '# To do\n\n- [ ] water the plants\n' } });
    await created.agent.approve(created.pending()!.id);
    expect(created.sandbox.readFile('TODO.md')).toContain('water the plants');

    const denied = setup();
    await denied.agent.send('Add a task');
    await denied.agent.deny(denied.pending()!.id, { reason: 'not today' });
    expect(denied.lastText()).toBe('You denied the change (“not today”), so `TODO.md` is as it was.');
    expect(denied.sandbox.readFile('TODO.md')).toBe(todo);
  });

  it('takes the task from after a colon', () => {
    expect(demoTask('Add a task: ship it!')).toBe('ship it');
    expect(demoTask('add a task')).toBe('Try the rollback on this message');
  });
});
