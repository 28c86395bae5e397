/**
 * Contract: state is always JSON. A tool (or an `onToolCall` handler) that returns a value JSON
 * cannot hold (a BigInt, a cycle, a function, a symbol, a Map, an Error, binary data, a class
 * instance) ends with a clear error result that says what and where; the model reads that, not
 * `"[object Object]"`. What is kept is what a JSON round trip gives back (a Date as its ISO
 * string), so `JSON.stringify(agent.getState())` never throws and saving the session works.
 * A host's `submitToolResult` with such a value is refused, changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { AgentCommandError, createAgent, defineTool, deferToolResult } from '../../src/core/index';
import { memorySessionStorage } from '../../src/core/sessions/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { lastRequest, resultFor, resultText } from './helpers';

class Point {
  constructor(
    readonly x: number,
    readonly y: number,
  ) {}
}

function cyclic(): object {
  const node: Record<string, unknown> = { name: 'root' };
  node.self = node;
  return node;
}

const notJson: Array<[string, () => unknown, RegExp]> = [
  ['a BigInt', () => ({ count: 10n }), /a BigInt \(10\) at output\.count/],
  ['a cycle', cyclic, /a cycle at output\.self/],
  ['a function', () => ({ callback: function onDone() {} }), /a function \(onDone\) at output\.callback/],
  ['a symbol', () => ({ tag: Symbol('x') }), /a symbol .* at output\.tag/],
  ['a Map', () => ({ items: new Map([['a', 1]]) }), /a Map .* at output\.items/],
  ['a class instance', () => [new Point(1, 2)], /a Point .* at output\[0\]/],
  ['an Error', () => ({ error: new Error('disk full') }), /an Error \(disk full\) at output\.error/],
  ['binary data', () => new Uint8Array([1, 2]), /binary data \(Uint8Array/],
];

function toolReturning(value: () => unknown) {
  return defineTool({ name: 'produce', description: 'Produces a value.', inputSchema: { type: 'object' }, execute: () => value() });
}

describe('state is always JSON', () => {
  it.each(notJson)('a tool returning %s ends with an error result naming it, and the state stays JSON', async (_name, value, problem) => {
    const model = scriptedModel([toolCall('produce', {}, 'p-1'), text('I see what went wrong.')]);
    const storage = memorySessionStorage();
    const agent = createAgent({ model, tools: [toolReturning(value)], session: { id: 'json', storage, delayMs: 0 } });

    expect((await agent.send('Produce something.')).status).toBe('idle');

    const call = agent.getState().toolCalls[0]!;
    expect(call.state).toBe('output-error');
    expect(call.output).toBeUndefined();
    expect(call.error).toMatch(/returned a value that is not JSON/);
    expect(call.error).toMatch(problem);
    const result = resultText(resultFor(lastRequest(model), 'p-1'));
    expect(result).toMatch(problem);
    expect(result).not.toContain('[object Object]');
    expect(() => JSON.stringify(agent.getState())).not.toThrow();
    expect(() => JSON.stringify(agent.snapshot())).not.toThrow();
    await agent.session!.flush();
    expect(agent.session!.status).toBe('saved');
    expect((await storage.load('json'))?.snapshot.state.toolCalls[0]?.state).toBe('output-error');
  });

  it('keeps what JSON keeps: a Date as its ISO string, undefined properties dropped, NaN as null', async () => {
    const agent = createAgent({
      model: scriptedModel([toolCall('produce', {}, 'p-2'), text('Done.')]),
      tools: [toolReturning(() => ({ at: new Date(0), missing: undefined, ratio: Number.NaN, list: [1, undefined] }))],
    });
    await agent.send('Produce.');
    const call = agent.getState().toolCalls[0]!;
    expect(call.state).toBe('output-available');
    expect(call.output).toEqual({ at: '1970-01-01T00:00:00.000Z', ratio: null, list: [1, null] });
    expect(JSON.parse(JSON.stringify(agent.getState())).toolCalls[0].output).toEqual(call.output);
  });

  it('an onToolCall handler returning a cycle ends the same way', async () => {
    const declaration = defineTool({ name: 'produce', description: '', inputSchema: { type: 'object' } });
    const model = scriptedModel([toolCall('produce', {}, 'p-3'), text('Done.')]);
    const agent = createAgent({ model, tools: [declaration], onToolCall: () => cyclic() });
    await agent.send('Produce.');
    expect(agent.getState().toolCalls[0]?.error).toMatch(/not JSON: a cycle at output\.self/);
    expect(() => JSON.stringify(agent.getState())).not.toThrow();
  });

  it('progress that is not JSON is not kept: the state stays JSON while the tool runs', async () => {
    let finish = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const tool = defineTool({
      name: 'produce',
      description: '',
      inputSchema: { type: 'object' },
      async *execute() {
        yield { step: 1 };
        yield { step: 2n };
        await finished;
        yield { done: true };
      },
    });
    const agent = createAgent({ model: scriptedModel([toolCall('produce', {}, 'p-4'), text('Done.')]), tools: [tool] });
    const run = agent.send('Produce.');
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'running', progress: { step: 1 } });
    expect(() => JSON.stringify(agent.getState())).not.toThrow();
    finish();
    await run;
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: { done: true } });
  });

  it('submitToolResult with a value that is not JSON is refused and changes nothing', async () => {
    const declaration = defineTool({ name: 'produce', description: '', inputSchema: { type: 'object' } });
    const model = scriptedModel([toolCall('produce', {}, 'p-5'), text('Done.')]);
    const agent = createAgent({ model, tools: [declaration], onToolCall: () => deferToolResult });
    expect((await agent.send('Produce.')).status).toBe('awaiting-people');
    const before = agent.getState();

    const refused = await agent.submitToolResult('p-5', { count: 1n }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AgentCommandError);
    expect(refused).toMatchObject({ code: 'invalid-output', message: expect.stringMatching(/a BigInt \(1\) at output\.count/) });
    expect(agent.getState()).toBe(before);

    expect((await agent.submitToolResult('p-5', { count: 1 })).status).toBe('idle');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-available', output: { count: 1 } });
  });
});
