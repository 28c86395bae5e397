// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, createInitialState, reduce, type AgentEvent, type AgentState, type Message, type ToolCall } from '../core/index';
import { scriptedModel } from '../testing/index';
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
  const agent = createAgent({ model: scriptedModel([]), initialState });
  const apply = (event: AgentEvent) => act(() => agent.store.setState(reduce(agent.getState(), event), true));
  return { agent, apply };
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

  it('re-renders only when its slice changes, even with an inline state array', () => {
    const { agent, apply } = setup();
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

    // Streaming text and an update of a call outside the slice: no render.
    apply({ type: 'text-delta', messageId: 'm2', partId: 'm2-text', delta: ' More.' });
    apply({ type: 'tool-call-progress', toolCallId: 'b', progress: { percent: 50 } });
    expect(readRenders.count).toBe(1);
    expect(writeRenders.count).toBe(2);

    // A change to a call in the slice: one render, with the new object.
    apply({ type: 'tool-call-progress', toolCallId: 'c', progress: 'half way' });
    expect(readRenders.count).toBe(2);
    expect(latest[0]!.progress).toBe('half way');

    // The call leaves the slice.
    apply({ type: 'tool-call-update', toolCallId: 'c', state: 'output-available', by: 'runtime', at: 2, output: 'done' });
    expect(readRenders.count).toBe(3);
    expect(latest).toEqual([]);

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
  it('changes only when a call enters or leaves, not on progress', () => {
    const { agent, apply } = setup();
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
    apply({ type: 'tool-call-progress', toolCallId: 'b', progress: 1 });
    apply({ type: 'tool-call-progress', toolCallId: 'c', progress: 2 });
    expect(renders.count).toBe(1);
    apply({ type: 'tool-call-update', toolCallId: 'b', state: 'output-error', by: 'runtime', at: 3, error: 'Disk full' });
    expect(renders.count).toBe(2);
    expect(ids).toEqual(['c']);
  });
});
