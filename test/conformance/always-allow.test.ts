/**
 * Contract: "approve always for this tool" is remembered in `state.alwaysAllowed` (not treated as
 * "once"): later calls of that tool run without asking, other tools still ask, and the choice
 * survives a new agent created from the saved state.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { AgentSnapshot } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, lastRequest, resultFor } from './helpers';

function tools() {
  const writeExecute = vi.fn((input: { path: string }) => `wrote ${input.path}`);
  const deleteExecute = vi.fn(() => 'deleted');
  const schema = { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } as const;
  return {
    writeExecute,
    deleteExecute,
    list: [
      defineTool<{ path: string }, string>({ name: 'write_file', description: '', inputSchema: schema, needsApproval: true, execute: writeExecute }),
      defineTool({ name: 'delete_file', description: '', inputSchema: schema, needsApproval: true, execute: deleteExecute }),
    ],
  };
}

describe('always allow', () => {
  it('remembers the tool, runs its next call without asking, and still asks for a different tool', async () => {
    const { list, writeExecute, deleteExecute } = tools();
    const model = scriptedModel([
      toolCall('write_file', { path: '/a' }, 'w-1'),
      toolCall('write_file', { path: '/b' }, 'w-2'),
      toolCall('delete_file', { path: '/a' }, 'd-1'),
      text('Done.'),
    ]);
    const agent = createAgent({ model, tools: list });

    expect((await agent.send('write two files, delete one')).status).toBe('awaiting-people');
    const result = await agent.approve('w-1', { always: true });

    expect(agent.getState().alwaysAllowed).toEqual(['write_file']);
    const first = callNamed(agent.getState(), 'w-1');
    expect(first.approval?.decision).toMatchObject({ approved: true, always: true });
    expect(first.audit.some((entry) => entry.by === 'user' && /always/i.test(entry.note ?? ''))).toBe(true);

    // The second write ran without asking; the delete waits for a person.
    const second = callNamed(agent.getState(), 'w-2');
    expect(second.state).toBe('output-available');
    expect(second.audit.map((entry) => entry.state)).not.toContain('approval-requested');
    expect(writeExecute).toHaveBeenCalledTimes(2);
    expect(result.status).toBe('awaiting-people');
    expect(callNamed(agent.getState(), 'd-1').state).toBe('approval-requested');
    expect(deleteExecute).not.toHaveBeenCalled();
  });

  it('approve once is not always: the next call of the tool asks again', async () => {
    const { list, writeExecute } = tools();
    const model = scriptedModel([toolCall('write_file', { path: '/a' }, 'once-1'), toolCall('write_file', { path: '/b' }, 'once-2'), text('Done.')]);
    const agent = createAgent({ model, tools: list });
    await agent.send('write');
    expect((await agent.approve('once-1')).status).toBe('awaiting-people');
    expect(agent.getState().alwaysAllowed).toEqual([]);
    expect(callNamed(agent.getState(), 'once-1').approval?.decision).toMatchObject({ approved: true, always: false });
    expect(callNamed(agent.getState(), 'once-2').state).toBe('approval-requested');
    expect(writeExecute).toHaveBeenCalledTimes(1);
  });

  it('survives a new agent created from a snapshot the app trusts (also through JSON)', async () => {
    const { list } = tools();
    const model = scriptedModel([toolCall('write_file', { path: '/a' }, 'save-1'), text('Written.')]);
    const agent = createAgent({ model, tools: list });
    await agent.send('write');
    expect((await agent.approve('save-1', { always: true })).status).toBe('idle');

    const saved = JSON.parse(JSON.stringify(agent.snapshot())) as AgentSnapshot;
    const again = tools();
    const nextModel = scriptedModel([
      [toolCall('write_file', { path: '/c' }, 'reloaded-write'), toolCall('delete_file', { path: '/c' }, 'reloaded-delete')],
      text('Done.'),
    ]);
    // Grants in data are kept only when the app says the snapshot is its own (see data-grants-no-authority).
    expect(createAgent({ model: nextModel, tools: again.list, snapshot: saved }).getState().alwaysAllowed).toEqual([]);
    const reloaded = createAgent({ model: nextModel, tools: again.list, snapshot: saved, trustSnapshot: true });
    expect(reloaded.getState().alwaysAllowed).toEqual(['write_file']);

    expect((await reloaded.send('write /c, then delete it')).status).toBe('awaiting-people');
    const write = callNamed(reloaded.getState(), 'reloaded-write');
    expect(write.state).toBe('output-available');
    expect(write.audit.map((entry) => entry.state)).not.toContain('approval-requested');
    expect(again.writeExecute).toHaveBeenCalledWith({ path: '/c' }, expect.anything());
    expect(callNamed(reloaded.getState(), 'reloaded-delete').state).toBe('approval-requested');

    await reloaded.deny('reloaded-delete', { reason: 'keep it' });
    expect(resultFor(lastRequest(nextModel), 'reloaded-write')).toEqual({ type: 'text', value: 'wrote /c' });
  });

  it('records each tool once however often it is approved always', async () => {
    const { list } = tools();
    const model = scriptedModel([
      [toolCall('write_file', { path: '/a' }, 'twice-1'), toolCall('write_file', { path: '/b' }, 'twice-2')],
      text('Done.'),
    ]);
    const agent = createAgent({ model, tools: list });
    await agent.send('write two');
    // Both were requested in the same step, before any decision.
    expect(callNamed(agent.getState(), 'twice-2').state).toBe('approval-requested');
    await agent.approve('twice-1', { always: true });
    if (callNamed(agent.getState(), 'twice-2').state === 'approval-requested') {
      await agent.approve('twice-2', { always: true });
    }
    expect(agent.getState().alwaysAllowed).toEqual(['write_file']);
  });
});
