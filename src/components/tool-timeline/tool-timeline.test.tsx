// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { heldTool } from '../../../test/conformance/helpers';
import { createAgent, createInitialState, type AuditEntry, type ToolCall } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { ToolTimeline } from './tool-timeline';

// Counts the renders of each row: every row render reads its call through useToolCall once.
const rowRenders = vi.hoisted(() => new Map<string, number>());
vi.mock('../../react/index', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../react/index')>();
  return {
    ...original,
    useToolCall: (id: string) => {
      rowRenders.set(id, (rowRenders.get(id) ?? 0) + 1);
      return original.useToolCall(id);
    },
  };
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  rowRenders.clear();
});

const t0 = Date.UTC(2026, 0, 1);

function call(id: string, state: ToolCall['state'], extra: Partial<ToolCall> = {}, audit: Array<[ToolCall['state'], number]> = []): ToolCall {
  const entries: AuditEntry[] = [['input-streaming', 0] as const, ...audit].map(([entryState, offset]) => ({ state: entryState, at: t0 + offset, by: 'runtime' }));
  return { id, name: 'write_file', messageId: 'm1', inputText: '', input: { path: `/${id}.txt` }, state, audit: entries, ...extra };
}

/**
 * An agent that starts with `toolCalls` as they are, then a real run in which the model calls
 * write_file once per `live` entry (with that id and input); those calls keep running until the
 * test ends them through `writeFile`. Renders the timeline once they all run.
 */
async function setup(toolCalls: ToolCall[], live: Array<{ id: string; input?: object }> = []) {
  const writeFile = heldTool('write_file');
  const model = scriptedModel([live.map(({ id, input = { path: `/${id}.txt` } }) => toolCall('write_file', input, id)), text('Done.')]);
  const agent = createAgent({ model, tools: [writeFile.tool], initialState: { ...createInitialState(), toolCalls } });
  const run = live.length > 0 ? agent.send('Write the files') : Promise.resolve();
  await Promise.all(live.map(({ id }) => writeFile.started(id)));
  render(
    <AgentProvider agent={agent}>
      <ToolTimeline />
    </AgentProvider>,
  );
  const row = (id: string) => document.querySelector<HTMLElement>(`[data-tool-call-id="${id}"]`)!;
  /** Ends the live call `id` with `output`, and waits for the run to end. */
  const finish = (id: string, output: unknown) =>
    act(async () => {
      writeFile.finish(id, output);
      await run;
    });
  return { agent, row, writeFile, finish };
}

describe('<ToolTimeline>', () => {
  it('shows every call with its state and running time, live while it runs', async () => {
    vi.useFakeTimers({ now: t0, toFake: ['Date', 'setInterval', 'clearInterval'] });
    // "running" starts at t0 in a real run, when the timeline is shown; 2 s pass.
    const { row, finish } = await setup(
      [
        call('streaming', 'input-streaming', { input: undefined, inputText: '{"path": "/dra' }),
        call('done', 'output-available', { output: { bytes: 12 } }, [['running', 100], ['output-available', 2500]]),
        call('failed', 'output-error', { error: 'Disk full' }, [['running', 0], ['output-error', 40]]),
        call('denied', 'output-denied', { error: 'The user denied it.' }, [['approval-requested', 0], ['output-denied', 10]]),
      ],
      [{ id: 'running' }],
    );
    act(() => {
      vi.advanceTimersByTime(2000);
    });
    expect(screen.getByRole('list', { name: 'Tool calls' }).children).toHaveLength(5);
    expect(row('streaming').textContent).toContain('Preparing');
    expect(row('streaming').textContent).toContain('{"path": "/dra');
    expect(row('done').textContent).toContain('Done');
    expect(row('done').textContent).toContain('2.4 s');
    expect(row('failed').textContent).toContain('Failed');
    expect(row('failed').textContent).toContain('40 ms');
    expect(row('denied').textContent).toContain('Denied');
    expect(row('denied').querySelector('time')).toBeNull();

    expect(row('running').querySelector('time')!.textContent).toBe('2 s');
    const rendersBefore = rowRenders.get('running');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(row('running').querySelector('time')!.textContent).toBe('5 s');
    // The clock re-rendered itself, not the row.
    expect(rowRenders.get('running')).toBe(rendersBefore);

    vi.setSystemTime(t0 + 5200);
    await finish('running', 'ok');
    expect(row('running').querySelector('time')!.textContent).toBe('5.2 s');
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(row('running').querySelector('time')!.textContent).toBe('5.2 s');
  });

  it('expands a row to show arguments, progress, result and error', async () => {
    const { row, writeFile, finish } = await setup([call('b', 'output-error', { error: 'Disk full' })], [{ id: 'a' }]);
    act(() => writeFile.progress('a', { percent: 40 }));
    const toggle = within(row('a')).getByRole('button', { expanded: false });
    expect(row('a').textContent).not.toContain('percent');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(row('a')).getByRole('region', { name: 'write_file details' });
    expect(details.textContent).toContain('Arguments');
    expect(details.textContent).toContain('"percent": 40');

    await finish('a', { written: true });
    expect(details.textContent).toContain('Result');
    expect(details.textContent).toContain('"written": true');
    expect(details.textContent).not.toContain('percent');

    fireEvent.click(within(row('b')).getByRole('button', { expanded: false }));
    expect(within(row('b')).getByText('Disk full')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays light with hundreds of calls and large arguments', async () => {
    const big = { path: '/big.txt', content: 'x'.repeat(50_000) };
    // 299 calls as they are, and c7 running in a real run (its progress comes from the tool).
    const calls = Array.from({ length: 300 }, (_, index) => call(`c${index}`, 'running', { input: big }, [['running', 0]])).filter((each) => each.id !== 'c7');
    const { row, writeFile } = await setup(calls, [{ id: 'c7', input: big }]);
    // Collapsed rows show a one-line summary, never the whole arguments.
    expect(document.body.textContent.length).toBeLessThan(300 * 200);
    expect(rowRenders.size).toBe(300);
    rowRenders.clear();

    // Progress of one call re-renders that row only; the list does not re-render the others.
    act(() => writeFile.progress('c7', { percent: 10 }));
    act(() => writeFile.progress('c7', { percent: 20 }));
    expect([...rowRenders]).toEqual([['c7', 2]]);

    // An open row shows the first 2,000 characters, and all of them on demand.
    fireEvent.click(within(row('c7')).getByRole('button', { expanded: false }));
    const argumentsText = () => within(row('c7')).getByRole('region').querySelector('pre')!.textContent;
    expect(argumentsText().length).toBeLessThanOrEqual(2001);
    fireEvent.click(within(row('c7')).getByRole('button', { name: /Show all \(50,0\d\d characters\)/ }));
    expect(argumentsText().length).toBeGreaterThan(50_000);
    fireEvent.click(within(row('c7')).getByRole('button', { name: 'Show less' }));
    expect(argumentsText().length).toBeLessThanOrEqual(2001);
  });

  it('filters by state and name, and says when nothing matches', () => {
    const agent = createAgent({ model: scriptedModel([]), initialState: { ...createInitialState(), toolCalls: [call('a', 'running'), call('b', 'output-error')] } });
    render(
      <AgentProvider agent={agent}>
        <ToolTimeline state="output-error" label="Failed calls" />
        <ToolTimeline name="read_file" />
      </AgentProvider>,
    );
    expect(screen.getByRole('list', { name: 'Failed calls' }).children).toHaveLength(1);
    expect(screen.getByText('No tool calls yet.')).toBeTruthy();
  });
});
