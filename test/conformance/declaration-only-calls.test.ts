/**
 * Contract: a tool without `execute` is a declaration. Its calls go to the host app's
 * `onToolCall` handler (never ending as an error while a handler exists), and without a handler
 * they end as an error result: a declaration never silently "succeeds". A handler may defer the
 * result to `agent.submitToolResult`.
 */
import { describe, expect, it, vi } from 'vitest';
import { AgentCommandError, createAgent, defineTool, deferToolResult } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, resultText, waitUntil } from './helpers';

const lookupCustomer = defineTool({
  name: 'lookup_customer',
  description: 'Finds a customer by email (runs on the backend).',
  inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
});

describe('declaration-only calls', () => {
  it('sends the call to the host handler with its id, name, validated input and a signal, and its value is the result', async () => {
    const onToolCall = vi.fn(async (call: { toolCallId: string; name: string; input: unknown; signal: AbortSignal }) => ({
      id: 42,
      email: (call.input as { email: string }).email,
    }));
    const model = scriptedModel([toolCall('lookup_customer', { email: 'ada@example.com' }, 'decl-1'), text('Found Ada.')]);
    const agent = createAgent({ model, tools: [lookupCustomer], onToolCall });

    const result = await agent.send('who is ada?');

    expect(result).toEqual({ status: 'idle', error: null });
    expect(onToolCall).toHaveBeenCalledTimes(1);
    const received = onToolCall.mock.calls[0]![0];
    expect(received).toMatchObject({ toolCallId: 'decl-1', name: 'lookup_customer', input: { email: 'ada@example.com' } });
    expect(received.signal).toBeInstanceOf(AbortSignal);
    const call = callNamed(agent.getState(), 'decl-1');
    expect(call.state).toBe('output-available');
    expect(call.output).toEqual({ id: 42, email: 'ada@example.com' });
    expect(call.audit.at(-1)).toMatchObject({ state: 'output-available', by: 'host' });
    expect(resultFor(lastRequest(model), 'decl-1')).toEqual({ type: 'json', value: { id: 42, email: 'ada@example.com' } });
  });

  it('does not call the handler for tools that have their own execute', async () => {
    const onToolCall = vi.fn(() => 'from handler');
    const local = defineTool({ name: 'local', description: '', inputSchema: { type: 'object' }, execute: () => 'from execute' });
    const model = scriptedModel([toolCall('local', {}, 'local-1'), text('ok')]);
    const agent = createAgent({ model, tools: [local, lookupCustomer], onToolCall });
    await agent.send('go');
    expect(onToolCall).not.toHaveBeenCalled();
    expect(resultFor(lastRequest(model), 'local-1')).toEqual({ type: 'text', value: 'from execute' });
  });

  it('never silently succeeds without a handler: the model gets an error result saying it did not run', async () => {
    const model = scriptedModel([toolCall('lookup_customer', { email: 'x@example.com' }, 'orphan-1'), text('It is not available.')]);
    const agent = createAgent({ model, tools: [lookupCustomer] });
    const result = await agent.send('look up x');
    expect(result.status).toBe('idle');
    const call = callNamed(agent.getState(), 'orphan-1');
    expect(call.state).toBe('output-error');
    expect(call.output).toBeUndefined();
    const output = resultFor(lastRequest(model), 'orphan-1');
    expect(output.type).toBe('error-text');
    expect(resultText(output)).toContain('lookup_customer');
  });

  it('asks for approval first when the declaration needs it, then hands the call to the host', async () => {
    const onToolCall = vi.fn(() => 'charged');
    const charge = defineTool({ name: 'charge_card', description: '', inputSchema: { type: 'object' }, needsApproval: true });
    const model = scriptedModel([toolCall('charge_card', { cents: 500 }, 'charge-1'), text('Charged.')]);
    const agent = createAgent({ model, tools: [charge], onToolCall });
    expect((await agent.send('charge')).status).toBe('awaiting-people');
    expect(onToolCall).not.toHaveBeenCalled();
    expect((await agent.approve('charge-1')).status).toBe('idle');
    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(resultFor(lastRequest(model), 'charge-1')).toEqual({ type: 'text', value: 'charged' });
  });

  describe('deferred results', () => {
    it('waits for submitToolResult, then gives the model the submitted output', async () => {
      const onToolCall = vi.fn(() => deferToolResult);
      const model = scriptedModel([toolCall('lookup_customer', { email: 'b@example.com' }, 'later-1'), text('Got it.')]);
      const agent = createAgent({ model, tools: [lookupCustomer], onToolCall });

      const run = agent.send('look up b');
      await waitUntil(() => onToolCall.mock.calls.length === 1, 'the handler to be called');
      await new Promise((resolve) => setTimeout(resolve, 20));
      // Nothing is invented while the host works on it.
      expect(callNamed(agent.getState(), 'later-1').state).toBe('running');
      expect(model.calls).toHaveLength(1);

      const submitted = agent.submitToolResult('later-1', { name: 'Bea' });
      const [first, second] = await Promise.all([run, submitted]);
      expect(second.status).toBe('idle');
      expect(['idle', 'awaiting-people']).toContain(first.status);
      expect(callNamed(agent.getState(), 'later-1')).toMatchObject({ state: 'output-available', output: { name: 'Bea' } });
      expect(model.calls).toHaveLength(2);
      expect(resultFor(lastRequest(model), 'later-1')).toEqual({ type: 'json', value: { name: 'Bea' } });
    });

    it('submits an error result when the host says so', async () => {
      const model = scriptedModel([toolCall('lookup_customer', { email: 'c@example.com' }, 'later-2'), text('Failed.')]);
      const onToolCall = vi.fn(() => deferToolResult);
      const agent = createAgent({ model, tools: [lookupCustomer], onToolCall });
      const run = agent.send('look up c');
      await waitUntil(() => onToolCall.mock.calls.length === 1, 'the handler to be called');
      await agent.submitToolResult('later-2', undefined, { error: 'The CRM is down.' });
      await run;
      expect(callNamed(agent.getState(), 'later-2').state).toBe('output-error');
      const output = resultFor(lastRequest(model), 'later-2');
      expect(output.type).toBe('error-text');
      expect(resultText(output)).toContain('The CRM is down.');
      expectValidToolHistory(lastRequest(model));
    });

    it('refuses a result for a call that is not waiting for one, and changes nothing', async () => {
      const model = scriptedModel([toolCall('lookup_customer', { email: 'd@example.com' }, 'done-1'), text('ok')]);
      const agent = createAgent({ model, tools: [lookupCustomer], onToolCall: () => 'immediate' });
      await agent.send('look up d');
      const before = agent.getState();
      await expect(agent.submitToolResult('done-1', 'late')).rejects.toBeInstanceOf(AgentCommandError);
      await expect(agent.submitToolResult('done-1', 'late')).rejects.toMatchObject({ code: 'not-pending' });
      await expect(agent.submitToolResult('no-such-call', 'late')).rejects.toMatchObject({ code: 'not-pending' });
      expect(agent.getState()).toEqual(before);
      expect(model.calls).toHaveLength(2);
    });
  });
});
