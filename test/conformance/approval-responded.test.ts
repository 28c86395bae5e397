/**
 * Contract: "approved, waiting for its turn" is a state of its own. `approve()` moves a call from
 * `approval-requested` to `approval-responded` (audited: by the user, with the note); it runs when
 * a slot is free (`running`, then its result). Meanwhile it waits for nobody: it is no pending
 * approval, and the model is not asked. A stop gives it its one result (`cancelled`); a reload
 * asks it again (data grants no authority).
 */
import { describe, expect, it } from 'vitest';
import { createAgent, defineTool, isApprovedWaitingForTurn, isPendingApproval, isWaitingForPeople } from '../../src/core/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, gate, lastRequest, resultFor, resultText, waitUntil } from './helpers';

/** One slot: a slow call that needs nobody holds it while the email, approved, waits for its turn. */
function setup(options: { session?: { id: string; storage: ReturnType<typeof memorySessionStorage> }; model?: ReturnType<typeof scriptedModel> } = {}) {
  const slowDone = gate();
  const sent: string[] = [];
  const tools = [
    defineTool({ name: 'slow_import', description: '', inputSchema: { type: 'object' }, execute: () => slowDone.promise.then(() => 'imported') }),
    defineTool({
      name: 'send_email',
      description: '',
      inputSchema: { type: 'object', properties: { to: { type: 'string' } }, required: ['to'] },
      needsApproval: true,
      execute: ({ to }: { to: string }) => {
        sent.push(to);
        return { sent: true, to };
      },
    }),
  ];
  const model = options.model ?? scriptedModel([[toolCall('slow_import', {}, 'slow-1'), toolCall('send_email', { to: 'ada@example.com' }, 'mail-1')], text('Imported and sent.')]);
  const agent = createAgent({ model, tools, limits: { maxParallelTools: 1 }, ...(options.session ? { session: options.session } : {}) });
  return { agent, model, sent, slowDone, tools };
}

/** Sends, approves the email while the slow call runs, and returns once the email waits for its turn. */
async function approvedWhileSlotBusy({ agent }: ReturnType<typeof setup>) {
  const run = agent.send('Import, then email Ada');
  await waitUntil(() => agent.getState().toolCalls.some((call) => call.id === 'mail-1' && call.state === 'approval-requested'), 'the approval');
  expect(callNamed(agent.getState(), 'slow-1').state).toBe('running');
  const approved = agent.approve('mail-1');
  await waitUntil(() => callNamed(agent.getState(), 'mail-1').state !== 'approval-requested', 'the decision');
  return { run, approved };
}

describe('approval-responded: approved, waiting for its turn', () => {
  it('approve → approval-responded → running → output-available, audited, and the model gets one result', async () => {
    const context = setup();
    const { agent, model, sent, slowDone } = context;
    const { run, approved } = await approvedWhileSlotBusy(context);

    const waiting = callNamed(agent.getState(), 'mail-1');
    expect(waiting.state).toBe('approval-responded');
    expect(waiting.approval?.decision).toMatchObject({ approved: true, always: false, edited: false });
    expect([isApprovedWaitingForTurn(waiting), isPendingApproval(waiting), isWaitingForPeople(waiting)]).toEqual([true, false, false]);
    expect(agent.getState().status).toBe('running');
    expect(sent).toEqual([]);
    expect(model.calls).toHaveLength(1);

    slowDone.open();
    expect(await approved).toEqual({ status: 'idle', error: null });
    expect(await run).toEqual({ status: 'idle', error: null });
    const call = callNamed(agent.getState(), 'mail-1');
    expect(call.state).toBe('output-available');
    expect(sent).toEqual(['ada@example.com']);
    expect(call.audit.map((entry) => [entry.state, entry.by])).toEqual([
      ['input-streaming', 'model'],
      ['input-available', 'model'],
      ['approval-requested', 'runtime'],
      ['approval-responded', 'user'],
      ['running', 'user'],
      ['output-available', 'runtime'],
    ]);
    expect(call.audit[3]!.note).toBe('approved');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(resultFor(prompt, 'mail-1')).toEqual({ type: 'json', value: { sent: true, to: 'ada@example.com' } });
  });

  it('a stop while it waits for its turn cancels it: it never runs, and has exactly one result', async () => {
    const context = setup();
    const { agent, model, sent } = context;
    const { run, approved } = await approvedWhileSlotBusy(context);
    expect(callNamed(agent.getState(), 'mail-1').state).toBe('approval-responded');

    await agent.stop();
    await Promise.all([run, approved]);
    const call = callNamed(agent.getState(), 'mail-1');
    expect(call.state).toBe('cancelled');
    expect(call.audit.filter((entry) => ['output-available', 'output-error', 'output-denied', 'cancelled', 'sealed'].includes(entry.state))).toHaveLength(1);
    expect(sent).toEqual([]);
    expect(agent.getState().status).toBe('idle');

    // The next request carries one result for it, an error saying it did not finish.
    const nextModel = scriptedModel([text('Understood.')]);
    await createAgent({ model: nextModel, initialState: agent.getState() }).send('Never mind');
    const prompt = lastRequest(nextModel);
    expectValidToolHistory(prompt);
    expect(resultFor(prompt, 'mail-1').type).toBe('error-text');
    expect(resultText(resultFor(prompt, 'mail-1'))).toMatch(/stopped/);
    expect(model.calls).toHaveLength(1);
  });

  it('a reload while it waits for its turn asks it again: back to approval-requested, audited, and it runs only when approved again', async () => {
    const storage = memorySessionStorage();
    const before = setup({ session: { id: 'chat', storage } });
    await before.agent.session!.ready;
    const { run, approved } = await approvedWhileSlotBusy(before);
    expect(callNamed(before.agent.getState(), 'mail-1').state).toBe('approval-responded');
    // The page goes away here: what was saved is all that is left of it.
    await before.agent.session!.dispose();

    const after = setup({ session: { id: 'chat', storage }, model: scriptedModel([text('Sent it to Ada.')]) });
    await after.agent.session!.ready;
    expect(after.agent.session!.loaded).toBe('restored');
    const call = callNamed(after.agent.getState(), 'mail-1');
    expect(call.state).toBe('approval-requested');
    expect(call.approval?.decision).toBeUndefined();
    expect(call.audit.slice(-2)).toEqual([
      expect.objectContaining({ state: 'approval-responded', by: 'user' }),
      expect.objectContaining({ state: 'approval-requested', by: 'runtime', note: expect.stringMatching(/asked again/) }),
    ]);
    expect(callNamed(after.agent.getState(), 'slow-1').state).toBe('sealed');
    expect(after.agent.getState().status).toBe('awaiting-people');
    await expect(after.agent.resume()).rejects.toMatchObject({ code: 'agent-busy' });
    expect(after.sent).toEqual([]);

    expect((await after.agent.approve('mail-1')).status).toBe('idle');
    expect(after.sent).toEqual(['ada@example.com']);

    // The first page's run, left behind, ends too.
    before.slowDone.open();
    await Promise.all([run, approved]);
  });
});
