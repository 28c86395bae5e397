// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../core/index';
import { scriptedModel, text, toolCall, type ScriptedStepInput } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useApprovals, type PendingApproval } from './use-approvals';

afterEach(cleanup);

const twoNotes = [toolCall('write_note', { text: 'first' }), toolCall('write_note', { text: 'second' })];

function setup(firstStep: ScriptedStepInput = twoNotes) {
  const executed: string[] = [];
  const writeNote = defineTool({
    name: 'write_note',
    description: 'Saves a note.',
    inputSchema: { type: 'object', properties: { text: { type: 'string' } }, required: ['text'] },
    needsApproval: true,
    execute: async ({ text: note }) => {
      executed.push(note);
      return { saved: note };
    },
  });
  const model = scriptedModel([firstStep, text('Saved.')]);
  const agent = createAgent({ model, tools: [writeNote], askUser: true });
  let latest: PendingApproval[] = [];
  const renders = { count: 0 };
  function Probe() {
    renders.count += 1;
    latest = useApprovals();
    return null;
  }
  render(
    <AgentProvider agent={agent}>
      <Probe />
    </AgentProvider>,
  );
  return { agent, executed, renders, pending: () => latest };
}

describe('useApprovals', () => {
  it('lists waiting calls with their tool and reason, and decides them', async () => {
    const { agent, executed, pending } = setup();
    await act(() => agent.send('Save two notes'));
    expect(pending().map((approval) => approval.call.input)).toEqual([{ text: 'first' }, { text: 'second' }]);
    const [first, second] = pending();
    expect(first!.tool).toMatchObject({ name: 'write_note', description: 'Saves a note.' });
    expect(first!.reason).toMatch(/write_note/);

    await act(async () => {
      await expect(first!.approve({ input: { text: 'edited' }, always: true })).resolves.toMatchObject({ status: 'awaiting-people' });
    });
    expect(pending()).toHaveLength(1);
    expect(pending()[0]!.call.id).toBe(second!.call.id);
    await act(async () => {
      await expect(second!.deny({ reason: 'Only one note' })).resolves.toMatchObject({ status: 'idle' });
    });
    expect(pending()).toEqual([]);
    expect(executed).toEqual(['edited']);
    expect(agent.getState().alwaysAllowed).toEqual(['write_note']);
    expect(agent.getState().toolCalls[1]!.error).toContain('Only one note');
  });

  it('passes on the agent’s refusal of invalid edited arguments and keeps the call waiting', async () => {
    const { agent, pending } = setup();
    await act(() => agent.send('Save two notes'));
    await expect(pending()[0]!.approve({ input: { text: 42 } })).rejects.toMatchObject({ name: 'AgentCommandError', code: 'invalid-input' });
    expect(pending()).toHaveLength(2);
  });

  it('does not re-render for changes outside the queue', async () => {
    // The step also asks a question; answering it, and the run going on to wait again, change only other state.
    const question = { question: 'Which folder?', header: 'Folder', options: [{ label: 'Notes' }, { label: 'Drafts' }] };
    const { agent, renders, pending } = setup([...twoNotes, toolCall('ask_user_question', { questions: [question] })]);
    await act(() => agent.send('Save two notes'));
    const before = renders.count;
    const queue = pending();
    expect(queue).toHaveLength(2);
    const asked = agent.getState().toolCalls.find((call) => call.name === 'ask_user_question')!;
    await act(async () => {
      await expect(agent.answer(asked.id, [{ values: ['Notes'] }])).resolves.toMatchObject({ status: 'awaiting-people' });
    });
    expect(agent.getState().toolCalls.find((call) => call.id === asked.id)!.state).toBe('output-available');
    expect(renders.count).toBe(before);
    expect(pending()).toBe(queue);
  });
});
