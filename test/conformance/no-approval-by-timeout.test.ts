/**
 * Contract: nothing is ever approved by a timeout. A pending approval stays pending however long
 * nobody decides (no 60-second auto-cancel). With `permissions.approvalExpiryMs` an undecided
 * approval ends DENIED at that time, never approved, and the model learns it was not run.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, waitUntil } from './helpers';

function gatedTool() {
  const execute = vi.fn(() => 'deleted');
  const tool = defineTool({ name: 'delete_file', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute });
  return { tool, execute };
}

const timerApis = ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] as const;

describe('no approval by timeout', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps an approval pending however long nobody decides', async () => {
    vi.useFakeTimers({ toFake: [...timerApis] });
    const { tool, execute } = gatedTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/a' }, 'wait-1'), text('Deleted.')]);
    const agent = createAgent({ model, tools: [tool] });

    expect((await agent.send('delete /a')).status).toBe('awaiting-people');
    for (const ms of [59_000, 2_000, 10 * 60_000, 24 * 60 * 60_000]) {
      await vi.advanceTimersByTimeAsync(ms);
      const call = callNamed(agent.getState(), 'wait-1');
      expect(call.state).toBe('approval-requested');
      expect(call.approval?.decision).toBeUndefined();
      expect(agent.getState().status).toBe('awaiting-people');
    }
    expect(callNamed(agent.getState(), 'wait-1').approval?.expiresAt).toBeUndefined();
    expect(execute).not.toHaveBeenCalled();
    expect(model.calls).toHaveLength(1);

    // A person can still decide a day later, and then it runs.
    expect((await agent.approve('wait-1')).status).toBe('idle');
    expect(execute).toHaveBeenCalledTimes(1);
  });

  it('with approvalExpiryMs, denies (never approves) an undecided approval when it expires', async () => {
    vi.useFakeTimers({ toFake: [...timerApis] });
    const { tool, execute } = gatedTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/b' }, 'expire-1'), text('It was not approved in time.')]);
    const agent = createAgent({ model, tools: [tool], permissions: { approvalExpiryMs: 1_000 } });

    expect((await agent.send('delete /b')).status).toBe('awaiting-people');
    const requested = callNamed(agent.getState(), 'expire-1');
    expect(requested.approval?.expiresAt).toBe(requested.approval!.requestedAt + 1_000);

    await vi.advanceTimersByTimeAsync(999);
    expect(callNamed(agent.getState(), 'expire-1').state).toBe('approval-requested');

    await vi.advanceTimersByTimeAsync(2);
    const expired = callNamed(agent.getState(), 'expire-1');
    expect(expired.state).toBe('output-denied');
    expect(expired.approval?.decision).toBeUndefined();
    expect(expired.audit.at(-1)).toMatchObject({ state: 'output-denied', by: 'runtime' });
    expect(expired.audit.map((entry) => entry.state)).not.toContain('running');
    expect(execute).not.toHaveBeenCalled();
    await expect(agent.approve('expire-1')).rejects.toMatchObject({ code: 'not-pending' });
    expect(execute).not.toHaveBeenCalled();
  });

  it('after an expiry the run does not stay waiting, and the model is told the call was not run', async () => {
    const { tool, execute } = gatedTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/c' }, 'expire-2'), text('Nobody approved it.'), text('Next.')]);
    const agent = createAgent({ model, tools: [tool], permissions: { approvalExpiryMs: 30 } });
    expect((await agent.send('delete /c')).status).toBe('awaiting-people');
    await waitUntil(() => agent.getState().status !== 'awaiting-people' && agent.getState().status !== 'running', 'the run to leave awaiting-people');
    expect(agent.getState().status).toBe('idle');
    // Whether the run went on by itself or the next message carries it, the model learns it.
    if (model.calls.length < 2) await agent.send('next');
    const output = resultFor(lastRequest(model), 'expire-2');
    expect(['error-text', 'execution-denied']).toContain(output.type);
    expectValidToolHistory(lastRequest(model));
    expect(execute).not.toHaveBeenCalled();
  });

  it('an approval given before expiry runs the call, and the expiry later changes nothing', async () => {
    vi.useFakeTimers({ toFake: [...timerApis] });
    const { tool, execute } = gatedTool();
    const model = scriptedModel([toolCall('delete_file', { path: '/d' }, 'in-time'), text('Deleted.')]);
    const agent = createAgent({ model, tools: [tool], permissions: { approvalExpiryMs: 1_000 } });
    await agent.send('delete /d');
    await vi.advanceTimersByTimeAsync(500);
    expect((await agent.approve('in-time')).status).toBe('idle');
    await vi.advanceTimersByTimeAsync(5_000);
    const call = callNamed(agent.getState(), 'in-time');
    expect(call.state).toBe('output-available');
    expect(call.audit.map((entry) => entry.state)).not.toContain('output-denied');
    expect(execute).toHaveBeenCalledTimes(1);
    expect(model.calls).toHaveLength(2);
  });

  it('a denial by expiry cannot be approved afterwards', async () => {
    const { tool } = gatedTool();
    const model = scriptedModel([toolCall('delete_file', {}, 'late'), text('ok'), text('ok')]);
    const agent = createAgent({ model, tools: [tool], permissions: { approvalExpiryMs: 20 } });
    await agent.send('delete');
    await waitUntil(() => callNamed(agent.getState(), 'late').state !== 'approval-requested', 'the expiry');
    await expect(agent.approve('late')).rejects.toBeInstanceOf(AgentCommandError);
    expect(callNamed(agent.getState(), 'late').state).toBe('output-denied');
  });
});
