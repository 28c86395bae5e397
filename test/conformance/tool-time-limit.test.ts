/**
 * Contract: browser tools have a default time limit. A call to a tool that sets no `timeoutMs`
 * is stopped after `limits.toolTimeoutMs` (default 60 s, as on the server): its signal aborts,
 * it ends with an error result the model reads, and the run goes on. A tool's own `timeoutMs`
 * wins; `timeoutMs: Infinity` opts a tool out (Stop still ends it). Bad values are refused.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAgent, defineTool, InvalidToolError } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { lastRequest, resultFor, resultText } from './helpers';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** A tool that never finishes on its own; it records the signal it was given. */
function hangingTool(options: { timeoutMs?: number } = {}) {
  const signals: AbortSignal[] = [];
  const tool = defineTool({
    name: 'wait_forever',
    description: 'Never returns.',
    inputSchema: { type: 'object' },
    ...options,
    execute: (_input, { signal }) => {
      signals.push(signal);
      return new Promise<never>(() => {});
    },
  });
  return { tool, signals };
}

/**
 * Waits (in real time, as module loading and stream plumbing take it) until the first call runs,
 * running due fake timers meanwhile but moving fake time no further: the limit's clock starts
 * when the call starts, so the test's arithmetic holds however busy the machine is.
 */
async function untilRunning(agent: { getState: () => { toolCalls: ReadonlyArray<{ state: string }> } }): Promise<void> {
  // Up to 10 s of real time: the run loop's module loads on the first call, and transforming it can take a while.
  const deadline = performance.now() + 10_000;
  while (agent.getState().toolCalls[0]?.state !== 'running' && performance.now() < deadline) {
    await vi.advanceTimersByTimeAsync(0);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function runUntilSettled<T>(promise: Promise<T>, advanceMs: number): Promise<T> {
  await vi.advanceTimersByTimeAsync(advanceMs);
  return promise;
}

describe('default tool time limit', () => {
  it('stops a call after 60 s by default and tells the model, and the run goes on', async () => {
    const { tool, signals } = hangingTool();
    const model = scriptedModel([toolCall('wait_forever', {}, 'hang-1'), text('It timed out; moving on.')]);
    const agent = createAgent({ model, tools: [tool] });

    const run = agent.send('Wait.');
    await untilRunning(agent);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(agent.getState().toolCalls[0]?.state).toBe('running');
    expect(signals[0]?.aborted).toBe(false);

    const result = await runUntilSettled(run, 1);
    expect(result.status).toBe('idle');
    expect(signals[0]?.aborted).toBe(true);
    const call = agent.getState().toolCalls[0]!;
    expect(call.state).toBe('output-error');
    expect(call.error).toContain('timed out after 60000 ms');
    expect(resultText(resultFor(lastRequest(model), 'hang-1'))).toContain('timed out after 60000 ms');
    expect(agent.getState().messages.at(-1)?.parts).toContainEqual(expect.objectContaining({ type: 'text', text: 'It timed out; moving on.' }));
  });

  it('applies limits.toolTimeoutMs, and a tool’s own timeoutMs wins over it', async () => {
    const agentWide = hangingTool();
    const own = hangingTool({ timeoutMs: 5_000 });
    const ownTool = { ...own.tool, name: 'wait_own' };
    const model = scriptedModel([[toolCall('wait_forever', {}, 'a'), toolCall('wait_own', {}, 'b')], text('Done.')]);
    const agent = createAgent({ model, tools: [agentWide.tool, ownTool], limits: { toolTimeoutMs: 1_000 } });

    const run = agent.send('Wait twice.');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-error', 'running']);
    await runUntilSettled(run, 4_000);
    expect(agent.getState().toolCalls.map((call) => call.error)).toEqual([expect.stringContaining('after 1000 ms'), expect.stringContaining('after 5000 ms')]);
  });

  it('timeoutMs: Infinity opts a tool out; Stop still ends the call', async () => {
    const { tool, signals } = hangingTool({ timeoutMs: Infinity });
    const agent = createAgent({ model: scriptedModel([toolCall('wait_forever', {}, 'long-1'), text('Done.')]), tools: [tool] });

    const run = agent.send('Wait as long as it takes.');
    await vi.advanceTimersByTimeAsync(60 * 60_000);
    expect(agent.getState().toolCalls[0]?.state).toBe('running');

    await agent.stop();
    await run;
    expect(signals[0]?.aborted).toBe(true);
    expect(agent.getState().toolCalls[0]?.state).toBe('cancelled');
  });

  it('limits.toolTimeoutMs: Infinity sets no default limit', async () => {
    const { tool } = hangingTool();
    const agent = createAgent({ model: scriptedModel([toolCall('wait_forever', {}, 'long-2'), text('Done.')]), tools: [tool], limits: { toolTimeoutMs: Infinity } });
    const run = agent.send('Wait.');
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(agent.getState().toolCalls[0]?.state).toBe('running');
    await agent.stop();
    await run;
  });

  it('refuses time limits that are not positive numbers', () => {
    const model = scriptedModel([text('unused')]);
    for (const timeoutMs of [0, -1, Number.NaN, '5000' as unknown as number]) {
      expect(() => createAgent({ model, tools: [hangingTool({ timeoutMs }).tool] })).toThrow(InvalidToolError);
    }
    expect(() => createAgent({ model, limits: { toolTimeoutMs: 0 } })).toThrow(/limits\.toolTimeoutMs/);
  });
});
