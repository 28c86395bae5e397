/**
 * Contract: run limits (maxSteps, maxToolCalls, maxParallelTools, maxOutputTokens,
 * maxWallClockMs, maxCostUsd with a costEstimator). A limit ends the run gracefully: status
 * idle (not error), a visible `notice` part on the last assistant message, every call with one
 * result, and a valid next request. Limits are per run.
 */
import { describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { Agent, RunResult } from '../../src/core/index';
import type { ScriptedCall, ScriptedStepInput } from '../../src/testing/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import {
  callNamed,
  expectValidToolHistory,
  handModel,
  isFinal,
  lastAssistant,
  lastRequest,
  noticesOf,
  rawText,
  resultFor,
  toolCallParts,
  waitUntil,
  type RecordedCall,
} from './helpers';

const goOn = 'Please go on.';
const schema = { type: 'object', properties: {} } as const;

function tick(execute: () => unknown = () => 'tock') {
  return defineTool({ name: 'tick', description: 'Ticks.', inputSchema: schema, execute });
}

/** The run ended by the limit `code`: idle, no error, a notice on the last assistant message, all calls final. */
function expectGracefulLimit(agent: Agent, result: RunResult, code: string): void {
  expect(result).toEqual({ status: 'idle', error: null });
  const state = agent.getState();
  expect(state.status).toBe('idle');
  expect(state.error).toBeNull();
  const notices = lastAssistant(state).parts.filter((part) => part.type === 'notice');
  expect(notices.map((notice) => notice.code)).toContain(code);
  expect(notices.find((notice) => notice.code === code)!.text.length).toBeGreaterThan(0);
  expect(state.toolCalls.every(isFinal)).toBe(true);
}

/** The conversation goes on: the next message is answered and its request is valid. */
async function expectValidNext(agent: Agent, model: { calls: readonly RecordedCall[] }): Promise<void> {
  const before = model.calls.length;
  const next = await agent.send(goOn);
  expect(next.status).toBe('idle');
  expect(model.calls.length).toBeGreaterThan(before);
  const prompt = lastRequest(model);
  expectValidToolHistory(prompt);
  for (const call of agent.getState().toolCalls) resultFor(prompt, call.id);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('limits', () => {
  it('maxSteps: stops after that many model calls', async () => {
    const model = scriptedModel(({ lastUserText, callIndex }: ScriptedCall) =>
      lastUserText === goOn ? text('Fine.') : toolCall('tick', {}, `step-${callIndex}`),
    );
    const execute = vi.fn(() => 'tock');
    const agent = createAgent({ model, tools: [tick(execute)], limits: { maxSteps: 3 } });
    const result = await agent.send('tick forever');
    expect(model.calls).toHaveLength(3);
    expectGracefulLimit(agent, result, 'limit-max-steps');
    await expectValidNext(agent, model);
  });

  it('maxToolCalls: calls past the limit get an error result, are not run, and the run ends', async () => {
    const script: ScriptedStepInput[] = [
      [toolCall('tick', {}, 'a-1'), toolCall('tick', {}, 'a-2')],
      [toolCall('tick', {}, 'b-1'), toolCall('tick', {}, 'b-2')],
      text('Should not be reached in the first run.'),
    ];
    const model = scriptedModel(({ lastUserText, callIndex }: ScriptedCall) =>
      lastUserText === goOn ? (callIndex === 2 ? toolCall('tick', {}, 'c-1') : text('Fine.')) : script[callIndex]!,
    );
    const execute = vi.fn(() => 'tock');
    const agent = createAgent({ model, tools: [tick(execute)], limits: { maxToolCalls: 3 } });
    const result = await agent.send('tick four times');

    expect(execute).toHaveBeenCalledTimes(3);
    expect(model.calls).toHaveLength(2);
    const over = callNamed(agent.getState(), 'b-2');
    expect(over.state).toBe('output-error');
    expect(over.audit.map((entry) => entry.state)).not.toContain('running');
    expectGracefulLimit(agent, result, 'limit-max-tool-calls');

    // The budget is per run: the next run may call tools again.
    await expectValidNext(agent, model);
    expect(callNamed(agent.getState(), 'c-1').state).toBe('output-available');
    expect(execute).toHaveBeenCalledTimes(4);
    expect(resultFor(lastRequest(model), 'b-2').type).toBe('error-text');
  });

  it.each([
    [2, 2],
    [3, 3],
    [undefined, 4],
  ])('maxParallelTools %s: at most that many calls of a step run at once (and that many do)', async (limit, expected) => {
    let active = 0;
    let highest = 0;
    const slow = defineTool({
      name: 'slow',
      description: '',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } } },
      execute: async (input: { n: number }) => {
        active += 1;
        highest = Math.max(highest, active);
        await sleep(15);
        active -= 1;
        return input.n;
      },
    });
    const ids = Array.from({ length: 8 }, (_, index) => `par-${index}`);
    const model = scriptedModel([ids.map((id, index) => toolCall('slow', { n: index }, id)), text('All done.')]);
    const agent = createAgent({ model, tools: [slow], ...(limit === undefined ? {} : { limits: { maxParallelTools: limit } }) });
    const result = await agent.send('run them all');

    expect(result.status).toBe('idle');
    expect(highest).toBe(expected);
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    expect(toolCallParts(prompt).map((part) => part.toolCallId)).toEqual(ids);
    ids.forEach((id, index) => expect(resultFor(prompt, id)).toEqual({ type: 'json', value: index }));
  });

  it('maxOutputTokens: is passed to the provider, and ends the run once the run used that many', async () => {
    const step = (id: string): ScriptedStepInput => ({ items: [toolCall('tick', {}, id)], usage: { outputTokens: 60 } });
    const model = scriptedModel(({ lastUserText, callIndex }: ScriptedCall) =>
      lastUserText === goOn ? { items: [{ type: 'text', text: 'Fine.' }], usage: { outputTokens: 5 } } : step(`tok-${callIndex}`),
    );
    const agent = createAgent({ model, tools: [tick()], limits: { maxOutputTokens: 100 } });
    const result = await agent.send('tick');
    expect(model.calls[0]!.maxOutputTokens).toBe(100);
    expect(model.calls).toHaveLength(2);
    expectGracefulLimit(agent, result, 'limit-max-output-tokens');
    await expectValidNext(agent, model);
  });

  it('maxCostUsd: ends the run once the estimated cost reaches it', async () => {
    const costEstimator = vi.fn(({ usage }: { usage: { outputTokens: number } }) => usage.outputTokens * 0.001);
    const model = scriptedModel(({ lastUserText, callIndex }: ScriptedCall) =>
      lastUserText === goOn
        ? { items: [{ type: 'text', text: 'Fine.' }], usage: { outputTokens: 1 } }
        : { items: [toolCall('tick', {}, `cost-${callIndex}`)], usage: { outputTokens: 30 } },
    );
    const agent = createAgent({ model, tools: [tick()], limits: { maxCostUsd: 0.05 }, costEstimator });
    const result = await agent.send('tick');
    expect(model.calls).toHaveLength(2);
    expect(costEstimator).toHaveBeenCalledWith(
      expect.objectContaining({ usage: expect.objectContaining({ outputTokens: 30 }), provider: 'scripted', modelId: 'scripted-model' }),
    );
    expectGracefulLimit(agent, result, 'limit-max-cost');
    await expectValidNext(agent, model);
  });

  it('maxWallClockMs: ends a run whose tool never finishes', async () => {
    const model = scriptedModel(({ lastUserText }: ScriptedCall) => (lastUserText === goOn ? text('Fine.') : toolCall('wait_forever', {}, 'forever-1')));
    const waitForever = defineTool({
      name: 'wait_forever',
      description: '',
      inputSchema: schema,
      execute: (_input, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    });
    const agent = createAgent({ model, tools: [waitForever], limits: { maxWallClockMs: 60 } });
    const started = Date.now();
    const result = await agent.send('wait');
    expect(Date.now() - started).toBeLessThan(2_000);
    expectGracefulLimit(agent, result, 'limit-wall-clock');
    expect(callNamed(agent.getState(), 'forever-1').state).not.toBe('output-available');
    await expectValidNext(agent, model);
  });

  it('maxWallClockMs: ends a run whose model stream hangs, keeping what streamed', async () => {
    const model = handModel([{ parts: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Let me think' }], hang: true }, { parts: rawText('Fine.') }]);
    const agent = createAgent({ model, limits: { maxWallClockMs: 50 } });
    const result = await agent.send('think');
    expectGracefulLimit(agent, result, 'limit-wall-clock');
    const reply = agent.getState().messages[1]!;
    expect(reply.parts.some((part) => part.type === 'text' && part.text === 'Let me think')).toBe(true);
    await expectValidNext(agent, model);
  });

  it('maxWallClockMs: time spent waiting for a person does not count', async () => {
    // The tool takes a while, so a clock that counted the wait would run out while it runs.
    const execute = vi.fn(async () => {
      await sleep(60);
      return 'done';
    });
    const gated = defineTool({ name: 'gated', description: '', inputSchema: schema, needsApproval: true, execute });
    const model = scriptedModel([toolCall('gated', {}, 'gated-1'), text('Finished.')]);
    const agent = createAgent({ model, tools: [gated], limits: { maxWallClockMs: 150 } });
    expect((await agent.send('go')).status).toBe('awaiting-people');
    await sleep(350);
    const result = await agent.approve('gated-1');
    expect(result).toEqual({ status: 'idle', error: null });
    expect(execute).toHaveBeenCalledTimes(1);
    expect(noticesOf(agent.getState()).map((notice) => notice.code)).not.toContain('limit-wall-clock');
    expect(model.calls).toHaveLength(2);
  });

  it('a limit does not end a run early: a run under every limit finishes normally', async () => {
    const model = scriptedModel([{ items: [toolCall('tick', {}, 'under-1')], usage: { outputTokens: 10 } }, { items: [{ type: 'text', text: 'Done.' }], usage: { outputTokens: 10 } }]);
    const agent = createAgent({
      model,
      tools: [tick()],
      limits: { maxSteps: 2, maxToolCalls: 1, maxOutputTokens: 1_000, maxWallClockMs: 5_000, maxCostUsd: 1 },
      costEstimator: () => 0.01,
    });
    const result = await agent.send('tick once');
    expect(result).toEqual({ status: 'idle', error: null });
    expect(noticesOf(agent.getState())).toEqual([]);
    expect(callNamed(agent.getState(), 'under-1').state).toBe('output-available');
  });

  it.each([[{ maxSteps: 0 }], [{ maxParallelTools: 0 }], [{ maxToolCalls: -1 }], [{ maxWallClockMs: Number.NaN }]])(
    'refuses an unusable limit %j when the agent is created',
    (limits) => {
      expect(() => createAgent({ model: scriptedModel(['x']), limits })).toThrow(RangeError);
    },
  );

  it('waits for nothing after a limit: no call is left waiting for a person', async () => {
    const gated = defineTool({ name: 'gated', description: '', inputSchema: schema, needsApproval: true, execute: () => 'x' });
    const model = scriptedModel([[toolCall('tick', {}, 'l-1'), toolCall('gated', {}, 'l-2')], text('Fine.')]);
    const agent = createAgent({ model, tools: [tick(), gated], limits: { maxToolCalls: 1 } });
    const result = await agent.send('go');
    expectGracefulLimit(agent, result, 'limit-max-tool-calls');
    expect(callNamed(agent.getState(), 'l-2').state).not.toBe('approval-requested');
    await waitUntil(() => agent.getState().status === 'idle', 'idle');
    await expectValidNext(agent, model);
  });
});
