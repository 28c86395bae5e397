/**
 * Contract: failures are results, not exceptions. Thrown errors, rejected promises, unknown
 * tools and failing host handlers all come back to the model as an error result; the run does
 * not fail, and the loop goes on to the next model step.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, expectValidToolHistory, lastRequest, resultFor, resultText } from './helpers';

const schema = { type: 'object', properties: {} } as const;

describe('errors as results', () => {
  it.each([
    ['throws an Error', () => { throw new Error('disk full'); }, 'disk full'],
    ['rejects', () => Promise.reject(new Error('network unreachable')), 'network unreachable'],
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a tool that throws something other than an Error is the case under test
    ['throws a string', () => { throw 'plain string failure'; }, 'plain string failure'],
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a tool that throws something other than an Error is the case under test
    ['throws an object', () => { throw { code: 'E_QUOTA', detail: 'quota exceeded' }; }, 'quota exceeded'],
  ])('gives the model an error result when the tool %s, and goes on', async (_case, execute, message) => {
    const model = scriptedModel([toolCall('flaky', {}, 'flaky-1'), text('It failed, sorry.')]);
    const agent = createAgent({ model, tools: [defineTool({ name: 'flaky', description: '', inputSchema: schema, execute })] });

    const result = await agent.send('go');

    expect(result).toEqual({ status: 'idle', error: null });
    expect(agent.getState().status).toBe('idle');
    expect(agent.getState().error).toBeNull();
    const call = callNamed(agent.getState(), 'flaky-1');
    expect(call.state).toBe('output-error');
    expect(call.error).toContain(message);
    expect(model.calls).toHaveLength(2);
    const output = resultFor(lastRequest(model), 'flaky-1');
    expect(output.type).toBe('error-text');
    expect(resultText(output)).toContain(message);
    expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: 'It failed, sorry.' }]);
  });

  it('gives the model an error result for an unknown tool that names the available ones', async () => {
    const model = scriptedModel([toolCall('delete_everything', {}, 'unknown-1'), text('I cannot do that.')]);
    const agent = createAgent({ model, tools: [defineTool({ name: 'list_notes', description: '', inputSchema: schema, execute: () => [] })] });
    const result = await agent.send('go');
    expect(result.status).toBe('idle');
    const output = resultFor(lastRequest(model), 'unknown-1');
    expect(output.type).toBe('error-text');
    expect(resultText(output)).toContain('delete_everything');
    expect(resultText(output)).toContain('list_notes');
  });

  it('gives the model an error result when the host handler of a declaration throws', async () => {
    const onToolCall = vi.fn(async () => {
      throw new Error('backend returned 502');
    });
    const model = scriptedModel([toolCall('remote_lookup', { q: 'x' }, 'remote-1'), text('The backend failed.')]);
    const agent = createAgent({ model, tools: [defineTool({ name: 'remote_lookup', description: '', inputSchema: { type: 'object' } })], onToolCall });
    const result = await agent.send('go');
    expect(onToolCall).toHaveBeenCalledTimes(1);
    expect(result).toEqual({ status: 'idle', error: null });
    expect(callNamed(agent.getState(), 'remote-1').state).toBe('output-error');
    expect(resultText(resultFor(lastRequest(model), 'remote-1'))).toContain('backend returned 502');
  });

  it('keeps the good results of a step when another call of it fails, each with its own result', async () => {
    const model = scriptedModel([
      [toolCall('ok_tool', {}, 'ok-1'), toolCall('bad_tool', {}, 'bad-1'), toolCall('ok_tool', {}, 'ok-2')],
      text('One failed.'),
    ]);
    let runs = 0;
    const agent = createAgent({
      model,
      tools: [
        defineTool({ name: 'ok_tool', description: '', inputSchema: schema, execute: () => `ok ${++runs}` }),
        defineTool({ name: 'bad_tool', description: '', inputSchema: schema, execute: () => { throw new Error('bad things'); } }),
      ],
    });
    await agent.send('go');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(resultFor(prompt, 'ok-1').type).toBe('text');
    expect(resultFor(prompt, 'bad-1').type).toBe('error-text');
    expect(resultFor(prompt, 'ok-2').type).toBe('text');
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-available', 'output-error', 'output-available']);
  });

  it('lets the model recover: after an error result it can call the tool again and succeed', async () => {
    let attempt = 0;
    const execute = (input: { n: number }) => {
      attempt += 1;
      if (input.n < 0) throw new Error('n must not be negative');
      return input.n * 2;
    };
    const model = scriptedModel([toolCall('double', { n: -1 }, 'try-1'), toolCall('double', { n: 4 }, 'try-2'), text('8.')]);
    const agent = createAgent({
      model,
      tools: [defineTool<{ n: number }, number>({ name: 'double', description: '', inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] }, execute })],
    });
    const result = await agent.send('double -1, then 4');
    expect(result.status).toBe('idle');
    expect(attempt).toBe(2);
    expect(model.calls).toHaveLength(3);
    expect(resultFor(lastRequest(model), 'try-1').type).toBe('error-text');
    expect(resultFor(lastRequest(model), 'try-2')).toEqual({ type: 'json', value: 8 });
  });
});
