// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { startAgUiServer, textRun, type ScriptedAgUiServer } from '../../test/fixtures/ag-ui-server';
import { AgentChat } from '../components/index';
import { AgentProvider, useRemoteState } from '../react/index';
import type { Agent } from '../core/index';
import { agUiAgent } from './index';

let server: ScriptedAgUiServer | undefined;
let agent: Agent | undefined;
afterEach(async () => {
  cleanup();
  await agent?.dispose();
  await server?.close();
});

it('<AgentChat agent={agUiAgent({ url })} /> shows the streamed text and the approval dialog of an interrupt', async () => {
  server = await startAgUiServer((input, index) =>
    index === 0
      ? { events: textRun(input, 'a1', 'Hello from the server.', { outcome: { type: 'interrupt', interrupts: [{ id: 'int-1', reason: 'confirm', message: 'Delete record 7?' }] } }) }
      : { events: textRun(input, 'a2', 'Deleted.') },
  );
  agent = agUiAgent({ url: server.url });
  render(<AgentChat agent={agent} />);
  fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'Delete record 7' } });
  fireEvent.submit(screen.getByRole('textbox', { name: 'Message' }).closest('form')!);
  await screen.findByText('Hello from the server.');
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog.textContent).toContain('Delete record 7?');
  // A remote agent's request is decided each time: no "Always allow" for it.
  expect(within(dialog).queryByRole('button', { name: /Always allow/ })).toBeNull();
  await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Approve' })));
  await screen.findByText('Deleted.');
  await waitFor(() => expect(agent!.getState().status).toBe('idle'));
  expect(server.inputs[1]!.resume).toEqual([{ interruptId: 'int-1', status: 'resolved', payload: { approved: true } }]);
});

function Count() {
  const count = useRemoteState((state: { count?: number } | undefined) => state?.count);
  return <p>Count: {count ?? 'none'}</p>;
}

it('useRemoteState shows the agent\'s shared state as snapshots and deltas arrive', async () => {
  server = await startAgUiServer((input) => ({
    events: [
      { type: 'RUN_STARTED', threadId: input.threadId, runId: input.runId },
      { type: 'STATE_SNAPSHOT', snapshot: { count: 1, other: 'x' } },
      { type: 'STATE_DELTA', delta: [{ op: 'replace', path: '/count', value: 2 }] },
      { type: 'RUN_FINISHED', threadId: input.threadId, runId: input.runId },
    ],
  }));
  agent = agUiAgent({ url: server.url });
  render(
    <AgentProvider agent={agent}>
      <Count />
    </AgentProvider>,
  );
  expect(screen.getByText('Count: none')).toBeTruthy();
  await act(async () => void (await agent!.send('Count')));
  expect(screen.getByText('Count: 2')).toBeTruthy();
});
