// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent, createInitialState, reduce, type AgentEvent, type AuditEntry, type ToolCall } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel } from '../../testing/index';
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

function setup(toolCalls: ToolCall[]) {
  const agent = createAgent({ model: scriptedModel([]), initialState: { ...createInitialState(), toolCalls } });
  const apply = (event: AgentEvent) => act(() => agent.store.setState(reduce(agent.getState(), event), true));
  render(
    <AgentProvider agent={agent}>
      <ToolTimeline />
    </AgentProvider>,
  );
  const row = (id: string) => document.querySelector<HTMLElement>(`[data-tool-call-id="${id}"]`)!;
  return { agent, apply, row };
}

describe('<ToolTimeline>', () => {
  it('shows every call with its state and running time, live while it runs', () => {
    vi.useFakeTimers({ now: t0 + 2000, toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { row, apply } = setup([
      call('streaming', 'input-streaming', { input: undefined, inputText: '{"path": "/dra' }),
      call('running', 'running', {}, [['running', 0]]),
      call('done', 'output-available', { output: { bytes: 12 } }, [['running', 100], ['output-available', 2500]]),
      call('failed', 'output-error', { error: 'Disk full' }, [['running', 0], ['output-error', 40]]),
      call('denied', 'output-denied', { error: 'The user denied it.' }, [['approval-requested', 0], ['output-denied', 10]]),
    ]);
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
    act(() => vi.advanceTimersByTime(3000));
    expect(row('running').querySelector('time')!.textContent).toBe('5 s');
    // The clock re-rendered itself, not the row.
    expect(rowRenders.get('running')).toBe(rendersBefore);

    apply({ type: 'tool-call-update', toolCallId: 'running', state: 'output-available', by: 'runtime', at: t0 + 5200, output: 'ok' });
    expect(row('running').querySelector('time')!.textContent).toBe('5.2 s');
    act(() => vi.advanceTimersByTime(3000));
    expect(row('running').querySelector('time')!.textContent).toBe('5.2 s');
  });

  it('expands a row to show arguments, progress, result and error', () => {
    const { row, apply } = setup([call('a', 'running', { progress: { percent: 40 } }, [['running', 0]]), call('b', 'output-error', { error: 'Disk full' })]);
    const toggle = within(row('a')).getByRole('button', { expanded: false });
    expect(row('a').textContent).not.toContain('percent');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = within(row('a')).getByRole('region', { name: 'write_file details' });
    expect(details.textContent).toContain('Arguments');
    expect(details.textContent).toContain('"percent": 40');

    apply({ type: 'tool-call-update', toolCallId: 'a', state: 'output-available', by: 'runtime', at: t0 + 10, output: { written: true } });
    expect(details.textContent).toContain('Result');
    expect(details.textContent).toContain('"written": true');
    expect(details.textContent).not.toContain('percent');

    fireEvent.click(within(row('b')).getByRole('button', { expanded: false }));
    expect(within(row('b')).getByText('Disk full')).toBeTruthy();
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('stays light with hundreds of calls and large arguments', () => {
    const big = { path: '/big.txt', content: 'x'.repeat(50_000) };
    const calls = Array.from({ length: 300 }, (_, index) => call(`c${index}`, 'running', { input: big }, [['running', 0]]));
    const { row, apply } = setup(calls);
    // Collapsed rows show a one-line summary, never the whole arguments.
    expect(document.body.textContent!.length).toBeLessThan(300 * 200);
    expect(rowRenders.size).toBe(300);
    rowRenders.clear();

    // Progress of one call re-renders that row only; the list does not re-render the others.
    apply({ type: 'tool-call-progress', toolCallId: 'c7', progress: { percent: 10 } });
    apply({ type: 'tool-call-progress', toolCallId: 'c7', progress: { percent: 20 } });
    expect([...rowRenders]).toEqual([['c7', 2]]);

    // An open row shows the first 2,000 characters, and all of them on demand.
    fireEvent.click(within(row('c7')).getByRole('button', { expanded: false }));
    const argumentsText = () => within(row('c7')).getByRole('region').querySelector('pre')!.textContent!;
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
