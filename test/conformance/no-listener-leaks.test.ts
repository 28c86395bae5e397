/**
 * Contract: a long run leaks no listeners. Every listener the agent adds to the run's abort signal
 * (waiting for a decision, a tool's own signal, a model call) is removed when what it waited for
 * is over, and a model call's provider gets a signal of its own (fetch keeps its listener on the
 * signal it was given), so no signal ever carries more than a few listeners: a run of 50 tool
 * steps, in the browser or over the network, prints no `MaxListenersExceededWarning`.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { createAgent, defineTool } from '../../src/core/index';
import { httpToolBridge } from '../../src/core/bridge/http-tool-bridge';
import { remoteModel } from '../../src/core/bridge/remote-model';
import { createAgentHandler } from '../../src/server/index';
import { serve } from '../bridge/serve';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import type { ScriptedCall } from '../../src/testing/index';

const steps = 50;

function recordWarnings(): { warnings: Error[]; stop: () => void } {
  const warnings: Error[] = [];
  const listener = (warning: Error) => warnings.push(warning);
  process.on('warning', listener);
  return { warnings, stop: () => process.off('warning', listener) };
}

let stopRecording = () => {};
afterEach(() => stopRecording());

/** The most abort listeners any one signal carried at once while tracking (deterministic, unlike heap sizes). */
function trackAbortListenerPeak(): { peak: () => number } {
  let peak = 0;
  const original = EventTarget.prototype.addEventListener;
  const spy = vi.spyOn(EventTarget.prototype, 'addEventListener').mockImplementation(function (this: EventTarget, ...args: Parameters<EventTarget['addEventListener']>) {
    original.apply(this, args);
    if (args[0] === 'abort' && this instanceof AbortSignal) peak = Math.max(peak, getEventListeners(this, 'abort').length);
  });
  const stopWarnings = stopRecording;
  stopRecording = () => {
    spy.mockRestore();
    stopWarnings();
  };
  return { peak: () => peak };
}

/** Bound on listeners one signal may carry: a few per running tool and per wait, never one per step. */
const maxListenersOnOneSignal = 6;

/** A model that records how many abort listeners the run's signal carries at each call. */
function countingModel(calls: number[]) {
  const model = scriptedModel([...Array.from({ length: steps }, (_, index) => toolCall('lookup', { index })), text('Done.')]);
  const doStream = model.doStream.bind(model);
  model.doStream = (options: Parameters<typeof model.doStream>[0]) => {
    const signal = options.abortSignal;
    if (signal) calls.push(getEventListeners(signal, 'abort').length);
    return doStream(options);
  };
  return model;
}

describe('no listener leaks', () => {
  it.each([
    ['a tool that returns at once', () => 'ok'],
    ['a tool that awaits', async () => new Promise((resolve) => setTimeout(() => resolve('ok'), 1))],
    [
      'a tool that streams progress',
      async function* progress() {
        yield 'half';
        yield 'ok';
      },
    ],
  ])('a run of 50 tool steps (%s) adds no listener per step and prints no warning', async (_name, execute) => {
    const recording = recordWarnings();
    stopRecording = recording.stop;
    const listeners = trackAbortListenerPeak();
    const listenerCounts: number[] = [];
    const lookup = defineTool({ name: 'lookup', description: 'Looks up an index.', inputSchema: { type: 'object', properties: { index: { type: 'number' } } }, execute });
    const agent = createAgent({ model: countingModel(listenerCounts), tools: [lookup], limits: { maxSteps: steps + 1 } });

    const result = await agent.send('Look up fifty things.');
    await new Promise((resolve) => setTimeout(resolve, 10)); // warnings are emitted on a later tick

    expect(result.status).toBe('idle');
    expect(agent.getState().toolCalls.filter((call) => call.state === 'output-available')).toHaveLength(steps);
    expect(listenerCounts).toHaveLength(steps + 1);
    // The same few listeners at every step, not one more per step.
    expect(new Set(listenerCounts).size, `abort listeners per step: ${listenerCounts.join(',')}`).toBe(1);
    expect(listeners.peak(), 'abort listeners on one signal at most').toBeLessThanOrEqual(maxListenersOnOneSignal);
    expect(recording.warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });

  it('waiting for 50 decisions in a row adds no listener per wait', async () => {
    const recording = recordWarnings();
    stopRecording = recording.stop;
    const listeners = trackAbortListenerPeak();
    const listenerCounts: number[] = [];
    const lookup = defineTool({ name: 'lookup', description: '', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'ok' });
    const agent = createAgent({ model: countingModel(listenerCounts), tools: [lookup], limits: { maxSteps: steps + 1 } });

    let result = await agent.send('Look up fifty things, with approval.');
    while (result.status === 'awaiting-people') {
      const pending = agent.getState().toolCalls.find((call) => call.state === 'approval-requested');
      result = await agent.approve(pending!.id);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(result.status).toBe('idle');
    expect(new Set(listenerCounts).size, `abort listeners per step: ${listenerCounts.join(',')}`).toBe(1);
    expect(listeners.peak(), 'abort listeners on one signal at most').toBeLessThanOrEqual(maxListenersOnOneSignal);
    expect(recording.warnings).toEqual([]);
  });
});

describe('no listener leaks across the network', () => {
  it('50 steps of a remote model, each calling a tool on the backend, over real sockets: no listener per step, no warning', async () => {
    const recording = recordWarnings();
    stopRecording = recording.stop;
    const listeners = trackAbortListenerPeak();
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
    let step = 0;
    const serverModel = new MockLanguageModelV4({
      doStream: async () => {
        step += 1;
        const chunks =
          step <= steps
            ? [{ type: 'tool-call', toolCallId: `call_${step}`, toolName: 'lookup', input: JSON.stringify({ index: step }) }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage }]
            : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Done.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'end_turn' }, usage }];
        return { stream: simulateReadableStream({ chunks: chunks as never[] }) };
      },
    });
    const lookup = defineTool({ name: 'lookup', description: 'Looks up an index.', inputSchema: { type: 'object', properties: { index: { type: 'number' } } }, execute: ({ index }: { index?: number }) => ({ index }) });
    const served = await serve(createAgentHandler({ basePath: '/api', model: serverModel, tools: [lookup], authorize: () => true, onError: () => {} }));
    try {
      const backend = httpToolBridge(`${served.url}/api`);
      const { tools } = await backend.loadTools();
      const model = remoteModel(`${served.url}/api`);
      const listenerCounts: number[] = [];
      const doStream = model.doStream.bind(model);
      model.doStream = (options: Parameters<typeof model.doStream>[0]) => {
        if (options.abortSignal) listenerCounts.push(getEventListeners(options.abortSignal, 'abort').length);
        return doStream(options);
      };
      const agent = createAgent({ model, tools, limits: { maxSteps: steps + 1 } });

      const result = await agent.send('Look up fifty things on the backend.');
      await new Promise((resolve) => setTimeout(resolve, 10));

      expect(result.status).toBe('idle');
      expect(agent.getState().toolCalls.filter((call) => call.state === 'output-available')).toHaveLength(steps);
      expect(listeners.peak(), 'abort listeners on one signal at most').toBeLessThanOrEqual(maxListenersOnOneSignal);
      expect(recording.warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
      expect(new Set(listenerCounts).size, `abort listeners per step: ${listenerCounts.join(',')}`).toBe(1);
    } finally {
      await served.stop();
    }
  });
});

export type { ScriptedCall };
