/**
 * Contract: a person can deny a waiting call with a reason; the call ends `output-denied`, it does
 * not run, and the reason reaches the model in the call's result (an error text that contains it).
 */
import { describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, resultText } from './helpers';

function setup() {
  const execute = vi.fn(() => 'uploaded');
  const upload = defineTool({
    name: 'upload',
    description: 'Uploads a file to a bucket.',
    inputSchema: { type: 'object', properties: { bucket: { type: 'string' } }, required: ['bucket'] },
    needsApproval: true,
    execute,
  });
  const model = scriptedModel([toolCall('upload', { bucket: 'prod' }, 'up-1'), text('Understood, I will use staging.')]);
  const agent = createAgent({ model, tools: [upload] });
  return { agent, model, execute };
}

describe('deny reason reaches the model', () => {
  it('ends the call denied, does not run it, and gives the model an error result containing the reason', async () => {
    const { agent, model, execute } = setup();
    expect((await agent.send('upload the report')).status).toBe('awaiting-people');

    const reason = 'Use the staging bucket instead of prod.';
    const result = await agent.deny('up-1', { reason });

    expect(result).toEqual({ status: 'idle', error: null });
    expect(execute).not.toHaveBeenCalled();
    const call = callNamed(agent.getState(), 'up-1');
    expect(call.state).toBe('output-denied');
    expect(call.error).toContain(reason);
    expect(call.audit.at(-1)).toMatchObject({ state: 'output-denied', by: 'user' });
    expect(model.calls).toHaveLength(2);
    const output = resultFor(lastRequest(model), 'up-1');
    expect(output.type).toBe('execution-denied');
    expect(resultText(output)).toContain(reason);
    expectValidToolHistory(lastRequest(model));
  });

  it('tells the model the call was denied even without a reason', async () => {
    const { agent, model, execute } = setup();
    await agent.send('upload the report');
    await agent.deny('up-1');
    expect(execute).not.toHaveBeenCalled();
    expect(callNamed(agent.getState(), 'up-1').state).toBe('output-denied');
    const output = resultFor(lastRequest(model), 'up-1');
    expect(output.type).toBe('execution-denied');
    expect(resultText(output)).toMatch(/denied|not (approved|allowed)|refused/i);
  });

  it('does not deny a call that is no longer waiting, and changes nothing', async () => {
    const { agent, model } = setup();
    await agent.send('upload the report');
    await agent.deny('up-1', { reason: 'first' });
    const before = agent.getState();
    await expect(agent.deny('up-1', { reason: 'second' })).rejects.toBeInstanceOf(AgentCommandError);
    await expect(agent.deny('up-1', { reason: 'second' })).rejects.toMatchObject({ code: 'not-pending' });
    await expect(agent.deny('nope', { reason: 'x' })).rejects.toMatchObject({ code: 'not-pending' });
    expect(agent.getState()).toEqual(before);
    expect(resultText(resultFor(lastRequest(model), 'up-1'))).not.toContain('second');
  });

  it('does not remember a denial as a rule: the next call of the tool asks again', async () => {
    const execute = vi.fn(() => 'ok');
    const upload = defineTool({ name: 'upload', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute });
    const model = scriptedModel([toolCall('upload', {}, 'first-try'), toolCall('upload', {}, 'second-try'), text('Done.')]);
    const agent = createAgent({ model, tools: [upload] });
    await agent.send('upload');
    expect((await agent.deny('first-try', { reason: 'not yet' })).status).toBe('awaiting-people');
    expect(callNamed(agent.getState(), 'second-try').state).toBe('approval-requested');
    expect(agent.getState().alwaysAllowed).toEqual([]);
  });
});
