/**
 * Contract: several approvals and questions can wait at once (status 'awaiting-people').
 * Calls of the same step that need nobody run without waiting for them. The run goes on only
 * when all are settled, in any order; the results reach the model in call order. Pending
 * approvals and questions survive a new agent created from the saved state.
 */
import { describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool } from '../../src/core/index';
import type { AgentState } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, resultText, toolCallParts } from './helpers';

const questions = [{ question: 'Which region?', header: 'Region', options: [{ label: 'Europe', value: 'eu' }, { label: 'United States', value: 'us' }] }];
const order = ['p-approve', 'p-free', 'p-question', 'p-deny'];

function setup() {
  const ran: string[] = [];
  const tool = (name: string, needsApproval: boolean) =>
    defineTool({ name, description: '', inputSchema: { type: 'object' }, needsApproval, execute: () => {
      ran.push(name);
      return `${name} done`;
    } });
  const tools = [tool('create_bucket', true), tool('list_buckets', false), tool('drop_bucket', true)];
  const model = scriptedModel([
    [
      toolCall('create_bucket', { name: 'logs' }, 'p-approve'),
      toolCall('list_buckets', {}, 'p-free'),
      toolCall('ask_user_question', { questions }, 'p-question'),
      toolCall('drop_bucket', { name: 'old' }, 'p-deny'),
    ],
    text('All settled.'),
  ]);
  const agent = createAgent({ model, tools, askUser: true });
  return { agent, model, ran, tools };
}

describe('parallel approvals and questions', () => {
  it('waits for several people at once while the call that needs nobody runs', async () => {
    const { agent, model, ran } = setup();
    const result = await agent.send('set up storage');
    expect(result).toEqual({ status: 'awaiting-people', error: null });
    const state = agent.getState();
    expect(state.status).toBe('awaiting-people');
    expect(callNamed(state, 'p-approve').state).toBe('approval-requested');
    expect(callNamed(state, 'p-deny').state).toBe('approval-requested');
    expect(callNamed(state, 'p-question').state).toBe('answer-requested');
    expect(callNamed(state, 'p-free').state).toBe('output-available');
    expect(ran).toEqual(['list_buckets']);
    expect(model.calls).toHaveLength(1);
  });

  it('goes on only when all are settled, and gives the model every result in call order', async () => {
    const { agent, model, ran } = setup();
    await agent.send('set up storage');

    // Settled in an order different from the call order.
    expect((await agent.deny('p-deny', { reason: 'Keep the old bucket.' })).status).toBe('awaiting-people');
    expect(model.calls).toHaveLength(1);
    expect(agent.getState().status).toBe('awaiting-people');

    expect((await agent.answer('p-question', [{ values: ['eu'] }])).status).toBe('awaiting-people');
    expect(model.calls).toHaveLength(1);

    const last = await agent.approve('p-approve');
    expect(last).toEqual({ status: 'idle', error: null });
    expect(model.calls).toHaveLength(2);
    expect(ran).toEqual(['list_buckets', 'create_bucket']);

    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolCallParts(prompt).map((part) => part.toolCallId)).toEqual(order);
    expect(resultFor(prompt, 'p-approve')).toEqual({ type: 'text', value: 'create_bucket done' });
    expect(resultFor(prompt, 'p-free')).toEqual({ type: 'text', value: 'list_buckets done' });
    expect(resultFor(prompt, 'p-question')).toEqual({
      type: 'json',
      value: { status: 'answered', answers: [{ question: 'Which region?', header: 'Region', values: ['eu'], labels: ['Europe'] }] },
    });
    expect(resultFor(prompt, 'p-deny').type).toBe('execution-denied');
    expect(resultText(resultFor(prompt, 'p-deny'))).toContain('Keep the old bucket.');
  });

  it('runs an approved call at once, without waiting for the other decisions', async () => {
    const { agent, ran } = setup();
    await agent.send('set up storage');
    await agent.approve('p-approve');
    expect(ran).toEqual(['list_buckets', 'create_bucket']);
    expect(callNamed(agent.getState(), 'p-approve').state).toBe('output-available');
    expect(callNamed(agent.getState(), 'p-deny').state).toBe('approval-requested');
  });

  it("does not take a new message while people are awaited (whenBusy: 'reject'; queued by default, see message-queue)", async () => {
    const { agent, model } = setup();
    await agent.send('set up storage');
    const attempt = agent.send('never mind', { whenBusy: 'reject' });
    await expect(attempt).rejects.toBeInstanceOf(AgentCommandError);
    await expect(attempt).rejects.toMatchObject({ code: 'agent-busy' });
    expect(agent.getState().messages.filter((message) => message.role === 'user')).toHaveLength(1);
    expect(model.calls).toHaveLength(1);
  });

  it('does not run a non-gated call twice when the phase resumes after decisions', async () => {
    const { agent, ran } = setup();
    await agent.send('set up storage');
    await agent.deny('p-deny');
    await agent.answer('p-question', [{ values: ['us'] }]);
    await agent.approve('p-approve');
    expect(ran.filter((name) => name === 'list_buckets')).toHaveLength(1);
    expect(callNamed(agent.getState(), 'p-free').audit.filter((entry) => entry.state === 'running')).toHaveLength(1);
  });

  it('keeps the pending approvals and questions in a new agent created from the saved state, which can settle them', async () => {
    const first = setup();
    await first.agent.send('set up storage');
    await first.agent.approve('p-approve');
    const saved = JSON.parse(JSON.stringify(first.agent.getState())) as AgentState;

    const ran: string[] = [];
    const execute = vi.fn((name: string) => {
      ran.push(name);
      return `${name} done`;
    });
    const tools = ['create_bucket', 'list_buckets', 'drop_bucket'].map((name) =>
      defineTool({ name, description: '', inputSchema: { type: 'object' }, needsApproval: name !== 'list_buckets', execute: () => execute(name) }),
    );
    const model = scriptedModel([text('Settled after the reload.')]);
    const reloaded = createAgent({ model, tools, askUser: true, initialState: saved });

    const state = reloaded.getState();
    expect(state.status).toBe('awaiting-people');
    expect(callNamed(state, 'p-deny').state).toBe('approval-requested');
    expect(callNamed(state, 'p-question').state).toBe('answer-requested');
    expect(callNamed(state, 'p-approve').state).toBe('output-available');

    expect((await reloaded.answer('p-question', [{ values: ['us'] }])).status).toBe('awaiting-people');
    expect(model.calls).toHaveLength(0);
    const result = await reloaded.approve('p-deny');
    expect(result).toEqual({ status: 'idle', error: null });
    expect(ran).toEqual(['drop_bucket']);
    expect(model.calls).toHaveLength(1);
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolCallParts(prompt).map((part) => part.toolCallId)).toEqual(order);
    expect(resultFor(prompt, 'p-deny')).toEqual({ type: 'text', value: 'drop_bucket done' });
  });
});
