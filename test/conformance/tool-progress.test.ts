/**
 * Contract: `execute` may return an async iterable; each yielded value is progress and the
 * LAST one is the result (never a concatenation of them). Progress is visible in the state while
 * the call runs; only the result reaches the model.
 */
import { describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import type { AgentState } from '../../src/core/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { callNamed, gate, lastRequest, resultFor, waitUntil } from './helpers';

const schema = { type: 'object', properties: {} } as const;

describe('tool progress', () => {
  it('records the last yielded string as the result, not the concatenation', async () => {
    const model = scriptedModel([toolCall('process', {}, 'p-1'), text('Processed.')]);
    const processTool = defineTool({
      name: 'process',
      description: '',
      inputSchema: schema,
      async *execute() {
        yield 'Loading dataset...';
        yield 'Processing 3 rows...';
        yield '3 rows processed';
      },
    });
    const agent = createAgent({ model, tools: [processTool] });
    await agent.send('process it');
    const call = callNamed(agent.getState(), 'p-1');
    expect(call.state).toBe('output-available');
    expect(call.output).toBe('3 rows processed');
    expect(resultFor(lastRequest(model), 'p-1')).toEqual({ type: 'text', value: '3 rows processed' });
    expect(JSON.stringify(lastRequest(model))).not.toContain('Loading dataset');
  });

  it('records the last yielded object as the result, unmerged', async () => {
    const model = scriptedModel([toolCall('build', {}, 'b-1'), text('Built.')]);
    const build = defineTool({
      name: 'build',
      description: '',
      inputSchema: schema,
      async *execute() {
        yield { percent: 10, phase: 'compile' };
        yield { percent: 60, warnings: ['unused variable'] };
        yield { percent: 100, artifact: 'app.js' };
      },
    });
    const agent = createAgent({ model, tools: [build] });
    await agent.send('build');
    expect(callNamed(agent.getState(), 'b-1').output).toEqual({ percent: 100, artifact: 'app.js' });
    expect(resultFor(lastRequest(model), 'b-1')).toEqual({ type: 'json', value: { percent: 100, artifact: 'app.js' } });
  });

  it('shows progress in the state while the call runs, in order, before the result', async () => {
    const step = gate();
    const model = scriptedModel([toolCall('index_files', {}, 'i-1'), text('Indexed.')]);
    const indexFiles = defineTool({
      name: 'index_files',
      description: '',
      inputSchema: schema,
      async *execute() {
        yield { done: 1, of: 3 };
        await step.promise;
        yield { done: 2, of: 3 };
        yield { indexed: 3 };
      },
    });
    const agent = createAgent({ model, tools: [indexFiles] });
    const seen: unknown[] = [];
    agent.subscribe((state: AgentState) => {
      const call = state.toolCalls[0];
      if (call && seen.at(-1) !== call.progress && call.progress !== undefined) seen.push(call.progress);
    });

    const run = agent.send('index');
    await waitUntil(() => agent.getState().toolCalls[0]?.progress !== undefined, 'progress in the state');
    const running = callNamed(agent.getState(), 'i-1');
    expect(running.state).toBe('running');
    expect(running.progress).toEqual({ done: 1, of: 3 });
    expect(running.output).toBeUndefined();
    expect(agent.getState().status).toBe('running');
    expect(model.calls).toHaveLength(1);

    step.open();
    await run;
    expect(seen.slice(0, 2)).toEqual([{ done: 1, of: 3 }, { done: 2, of: 3 }]);
    expect(callNamed(agent.getState(), 'i-1')).toMatchObject({ state: 'output-available', output: { indexed: 3 } });
    expect(resultFor(lastRequest(model), 'i-1')).toEqual({ type: 'json', value: { indexed: 3 } });
  });

  it('shows progress reported through the context while a plain async execute runs', async () => {
    const step = gate();
    const model = scriptedModel([toolCall('download', {}, 'd-1'), text('Downloaded.')]);
    const download = defineTool({
      name: 'download',
      description: '',
      inputSchema: schema,
      execute: async (_input: unknown, { reportProgress }: { reportProgress: (progress: unknown) => void }) => {
        reportProgress({ bytes: 512 });
        await step.promise;
        return { saved: '/tmp/file.bin' };
      },
    });
    const agent = createAgent({ model, tools: [download] });
    const run = agent.send('download');
    await waitUntil(() => agent.getState().toolCalls[0]?.progress !== undefined, 'progress in the state');
    expect(callNamed(agent.getState(), 'd-1')).toMatchObject({ state: 'running', progress: { bytes: 512 } });
    step.open();
    await run;
    expect(resultFor(lastRequest(model), 'd-1')).toEqual({ type: 'json', value: { saved: '/tmp/file.bin' } });
  });

  it('ends as an error, not with the last progress value, when the iterable throws part-way', async () => {
    const model = scriptedModel([toolCall('fragile', {}, 'f-1'), text('It broke.')]);
    const fragile = defineTool({
      name: 'fragile',
      description: '',
      inputSchema: schema,
      async *execute() {
        yield 'half way';
        throw new Error('connection lost');
      },
    });
    const agent = createAgent({ model, tools: [fragile] });
    await agent.send('go');
    const call = callNamed(agent.getState(), 'f-1');
    expect(call.state).toBe('output-error');
    expect(call.output).toBeUndefined();
    const output = resultFor(lastRequest(model), 'f-1');
    expect(output.type).toBe('error-text');
    expect(String(output.value)).toContain('connection lost');
  });
});
