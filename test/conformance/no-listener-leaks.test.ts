/**
 * Contract: a long run leaks no listeners. Every listener the agent adds to the run's abort signal
 * (waiting for a decision, a tool's own signal, a model call) is removed when what it waited for
 * is over, so a run of 50 tool steps stays far below Node's warning threshold and prints no
 * `MaxListenersExceededWarning`.
 */
import { getEventListeners } from 'node:events';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
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
    expect(recording.warnings.map((warning) => `${warning.name}: ${warning.message}`)).toEqual([]);
  });

  it('waiting for 50 decisions in a row adds no listener per wait', async () => {
    const recording = recordWarnings();
    stopRecording = recording.stop;
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
    expect(recording.warnings).toEqual([]);
  });
});

export type { ScriptedCall };
