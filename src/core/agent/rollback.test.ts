import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/create-sandbox';
import { hangingModel, scriptedModel, text, toolCall } from '../../testing/index';
import { AgentCommandError } from './agent-options';
import { createAgent } from './create-agent';

/** Two turns: the first creates notes.md, the second edits it. File changes are allowed without asking. */
function twoTurns() {
  const sandbox = createSandbox({ files: { 'README.md': '# Project\n' } });
  const model = scriptedModel([
    toolCall('write_file', { path: 'notes.md', content: 'first\n' }),
    text('Created.'),
    toolCall('edit_file', { path: 'notes.md', oldText: 'first', newText: 'second' }),
    text('Edited.'),
  ]);
  const agent = createAgent({ model, sandbox, permissions: { allow: ['write_file', 'edit_file'] } });
  return { sandbox, model, agent };
}

const userMessages = (agent: ReturnType<typeof createAgent>) => agent.getState().messages.filter((message) => message.role === 'user');

describe('agent.rollback', () => {
  it('takes a checkpoint before each user message and records it on the message', async () => {
    const { agent, sandbox } = twoTurns();
    await agent.send('create notes');
    await agent.send('edit notes');
    const [first, second] = userMessages(agent);
    expect(sandbox.checkpoints().map((checkpoint) => checkpoint.id)).toEqual([first?.checkpointId, second?.checkpointId]);
    expect(sandbox.changesSince(second!.checkpointId!)).toEqual({ added: [], modified: ['/notes.md'], deleted: [] });
  });

  it('restores files and conversation together, and returns the text to send again', async () => {
    const { agent, sandbox, model } = twoTurns();
    await agent.send('create notes');
    await agent.send('edit notes');
    expect(sandbox.readFile('notes.md')).toBe('second\n');
    const second = userMessages(agent)[1]!;

    expect(await agent.rollback(second.id)).toEqual({ text: 'edit notes', files: [] });
    expect(sandbox.readFile('notes.md')).toBe('first\n');
    expect(agent.getState().messages.map((message) => message.role)).toEqual(['user', 'assistant', 'assistant']);
    expect(agent.getState().toolCalls.map((call) => call.name)).toEqual(['write_file']);
    // The removed turn's checkpoint is gone; the first one stays.
    expect(sandbox.checkpoints()).toHaveLength(1);

    await agent.rollback(userMessages(agent)[0]!.id);
    expect(sandbox.toRecords().map((record) => record.path)).toEqual(['/README.md']);
    expect(agent.getState().messages).toEqual([]);
    expect(agent.getState().toolCalls).toEqual([]);
    // The conversation goes on from there: the next request has no trace of what was rolled back.
    await agent.send('hello again');
    expect(JSON.stringify(model.calls.at(-1)?.prompt)).not.toContain('notes.md');
  });

  it('refuses an id that is not a user message, and a missing checkpoint, changing nothing', async () => {
    const { agent, sandbox } = twoTurns();
    await agent.send('create notes');
    const assistant = agent.getState().messages.find((message) => message.role === 'assistant')!;
    await expect(agent.rollback(assistant.id)).rejects.toMatchObject({ code: 'unknown-message' });
    await expect(agent.rollback('nope')).rejects.toBeInstanceOf(AgentCommandError);
    const user = userMessages(agent)[0]!;
    sandbox.deleteCheckpoint(user.checkpointId!);
    const before = agent.getState();
    await expect(agent.rollback(user.id)).rejects.toMatchObject({ code: 'checkpoint-missing' });
    expect(agent.getState()).toBe(before);
    expect(sandbox.readFile('notes.md')).toBe('first\n');
  });

  it('refuses while a run is active or waits for a person', async () => {
    const sandbox = createSandbox();
    const agent = createAgent({ model: hangingModel(), sandbox });
    const run = agent.send('hello');
    const user = userMessages(agent)[0]!;
    await expect(agent.rollback(user.id)).rejects.toMatchObject({ code: 'agent-busy' });
    await agent.stop();
    await run;

    const waiting = createAgent({ model: scriptedModel([toolCall('write_file', { path: 'a', content: 'a' }), text('ok')]), sandbox: createSandbox() });
    await waiting.send('write');
    expect(waiting.getState().status).toBe('awaiting-people');
    await expect(waiting.rollback(userMessages(waiting)[0]!.id)).rejects.toMatchObject({ code: 'agent-busy' });
  });

  it('without a sandbox, rolls back the conversation only', async () => {
    const agent = createAgent({ model: scriptedModel([text('one'), text('two')]) });
    await agent.send('first');
    await agent.send('second');
    expect(userMessages(agent)[0]?.checkpointId).toBeUndefined();
    await agent.rollback(userMessages(agent)[1]!.id);
    expect(agent.getState().messages.map((message) => message.role)).toEqual(['user', 'assistant']);
  });
});
