// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { callNamed, gate, heldTool, waitUntil } from '../../test/conformance/helpers';
import { createAgent, createInitialState, type AgentState, type Message, type ToolCall } from '../core/index';
import { scriptedModel, text, toolCall } from '../testing/index';
import { AgentProvider } from './agent-context';
import { useToolCallIds, useToolCalls, type ToolCallFilter } from './use-tool-calls';

afterEach(cleanup);

function call(id: string, name: string, state: ToolCall['state'], messageId = 'm1'): ToolCall {
  return { id, name, messageId, inputText: '{}', input: {}, state, audit: [{ state, at: 1, by: 'runtime' }] };
}

function message(id: string, runId: string, toolCallIds: string[]): Message {
  return {
    id,
    role: 'assistant',
    runId,
    status: 'done',
    createdAt: 1,
    parts: [{ type: 'text', id: `${id}-text`, text: 'Working.', status: 'done' }, ...toolCallIds.map((toolCallId) => ({ type: 'tool-call' as const, toolCallId }))],
  };
}

function setup() {
  const initialState: AgentState = {
    ...createInitialState(),
    messages: [message('m1', 'run-1', ['a', 'b']), message('m2', 'run-2', ['c'])],
    toolCalls: [call('a', 'read_file', 'output-available'), call('b', 'write_file', 'running'), call('c', 'read_file', 'running', 'm2')],
  };
  return { agent: createAgent({ model: scriptedModel([]), initialState }) };
}

/**
 * A real run paused in its tool phase: read_file `a` is done, write_file `b` and read_file `c`
 * are running; the test reports their progress and ends them. The model's next step (a text
 * reply) waits for `reply.open()`.
 */
async function runningSetup() {
  const readFile = heldTool('read_file');
  const writeFile = heldTool('write_file');
  const reply = gate();
  const model = scriptedModel(async ({ callIndex }) => {
    if (callIndex === 0) return [text('Working.'), toolCall('read_file', {}, 'a'), toolCall('write_file', {}, 'b'), toolCall('read_file', {}, 'c')];
    await reply.promise;
    return text('All three files are read and written, and nothing else changed.');
  });
  const agent = createAgent({ model, tools: [readFile.tool, writeFile.tool] });
  const run = agent.send('Read a and c, write b');
  await Promise.all(['a', 'b', 'c'].map((id) => (id === 'b' ? writeFile : readFile).started(id)));
  readFile.finish('a', 'contents of a');
  await waitUntil(() => callNamed(agent.getState(), 'a').state === 'output-available', 'a done');
  const settled = (id: string) => waitUntil(() => callNamed(agent.getState(), id).state !== 'running', `${id} settled`);
  return { agent, run, readFile, writeFile, reply, settled };
}

function Probe({ filter, renders, onResult }: { filter?: ToolCallFilter; renders: { count: number }; onResult: (calls: ToolCall[]) => void }) {
  renders.count += 1;
  onResult(useToolCalls(filter));
  return null;
}

describe('useToolCalls', () => {
  it('filters by state (one or several), tool name and run', () => {
    const { agent } = setup();
    const results: Record<string, string[]> = {};
    const probe = (key: string, filter?: ToolCallFilter) => (
      <Probe key={key} filter={filter} renders={{ count: 0 }} onResult={(calls) => void (results[key] = calls.map((found) => found.id))} />
    );
    render(
      <AgentProvider agent={agent}>
        {probe('all')}
        {probe('running', { state: 'running' })}
        {probe('several', { state: ['running', 'output-available'], name: 'read_file' })}
        {probe('run', { runId: 'run-1' })}
      </AgentProvider>,
    );
    expect(results).toEqual({ all: ['a', 'b', 'c'], running: ['b', 'c'], several: ['a', 'c'], run: ['a', 'b'] });
  });

  it('re-renders only when its slice changes, even with an inline state array', async () => {
    const { agent, run, readFile, writeFile, reply, settled } = await runningSetup();
    const readRenders = { count: 0 };
    const writeRenders = { count: 0 };
    let latest: ToolCall[] = [];
    const { rerender } = render(
      <AgentProvider agent={agent}>
        <Probe filter={{ name: 'read_file', state: ['running'] }} renders={readRenders} onResult={(calls) => void (latest = calls)} />
        <Probe filter={{ name: 'write_file' }} renders={writeRenders} onResult={() => {}} />
      </AgentProvider>,
    );
    expect(readRenders.count).toBe(1);

    // An update of a call outside the slice: no render.
    act(() => writeFile.progress('b', { percent: 50 }));
    expect(readRenders.count).toBe(1);
    expect(writeRenders.count).toBe(2);

    // A change to a call in the slice: one render, with the new object.
    act(() => readFile.progress('c', 'half way'));
    expect(readRenders.count).toBe(2);
    expect(latest[0]!.progress).toBe('half way');

    // The call leaves the slice.
    await act(async () => {
      readFile.finish('c', 'done');
      await settled('c');
    });
    expect(readRenders.count).toBe(3);
    expect(latest).toEqual([]);

    // Streaming text (the model's reply once b is done): no render.
    await act(async () => {
      writeFile.finish('b', 'written');
      await settled('b');
    });
    const writeRendersBefore = writeRenders.count;
    await act(async () => {
      reply.open();
      await run;
    });
    expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: 'All three files are read and written, and nothing else changed.' }]);
    expect(readRenders.count).toBe(3);
    expect(writeRenders.count).toBe(writeRendersBefore);

    // A parent render with a fresh (equal) filter object keeps the result's identity.
    const before = latest;
    rerender(
      <AgentProvider agent={agent}>
        <Probe filter={{ name: 'read_file', state: ['running'] }} renders={readRenders} onResult={(calls) => void (latest = calls)} />
        <Probe filter={{ name: 'write_file' }} renders={writeRenders} onResult={() => {}} />
      </AgentProvider>,
    );
    expect(latest).toBe(before);
  });
});

describe('useToolCallIds', () => {
  it('changes only when a call enters or leaves, not on progress', async () => {
    const { agent, readFile, writeFile, settled } = await runningSetup();
    const renders = { count: 0 };
    let ids: string[] = [];
    function Ids() {
      renders.count += 1;
      ids = useToolCallIds({ state: 'running' });
      return null;
    }
    render(
      <AgentProvider agent={agent}>
        <Ids />
      </AgentProvider>,
    );
    act(() => writeFile.progress('b', 1));
    act(() => readFile.progress('c', 2));
    expect(renders.count).toBe(1);
    await act(async () => {
      writeFile.fail('b', 'Disk full');
      await settled('b');
    });
    expect(callNamed(agent.getState(), 'b').state).toBe('output-error');
    expect(renders.count).toBe(2);
    expect(ids).toEqual(['c']);
  });
});
