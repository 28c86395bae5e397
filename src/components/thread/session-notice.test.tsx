// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, PersistenceError } from '../../core/index';
import { memorySessionStorage } from '../../core/sessions/index';
import { scriptedModel, text, toolCall } from '../../testing/index';
import { AgentChat } from '../agent-chat';

afterEach(cleanup);

describe('<SessionNotice> in AgentChat', () => {
  it('says the conversation loads, then shows it', async () => {
    const storage = memorySessionStorage();
    const first = createAgent({ model: scriptedModel([text('Hello again.')]), session: { id: 's', storage, delayMs: 0 } });
    await first.send('hi');
    await first.session!.flush();
    const agent = createAgent({ model: scriptedModel([]), session: { id: 's', storage } });
    render(<AgentChat agent={agent} />);
    expect(screen.getByText('Loading the conversation…').getAttribute('role')).toBe('status');
    await waitFor(() => expect(screen.getByText('Hello again.')).toBeTruthy());
    expect(screen.queryByText('Loading the conversation…')).toBeNull();
  });

  it('offers Continue for a restored conversation that stopped between steps', async () => {
    const storage = memorySessionStorage();
    const before = createAgent({
      model: scriptedModel([toolCall('wait', {}, 'call-1')]),
      tools: [{ name: 'wait', description: 'Waits.', inputSchema: { type: 'object' }, execute: () => new Promise<never>(() => {}) }],
      // The tool never ends: this tab was closed while it ran (letting it end later would make this
      // tab and the restored one write the same conversation, and one of them report it). It still
      // hears the restored one's save before its model call, and stops saving: a closed tab would not.
      session: { id: 's', storage, delayMs: 0, onError: () => {} },
    });
    void before.send('go');
    await waitFor(() => expect(before.getState().toolCalls[0]?.state).toBe('running'));
    await before.session!.flush();

    const model = scriptedModel([text('Picked up where we left off.')]);
    const agent = createAgent({ model, tools: [{ name: 'wait', description: 'Waits.', inputSchema: { type: 'object' } }], session: { id: 's', storage } });
    render(<AgentChat agent={agent} />);
    const button = await screen.findByRole('button', { name: 'Continue' });
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(screen.getByText('Picked up where we left off.')).toBeTruthy());
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('says when saving stopped because another tab took over, and keeps the chat usable', async () => {
    const storage = memorySessionStorage();
    const agent = createAgent({ model: scriptedModel([text('Mine.')]), session: { id: 's', storage, delayMs: 0, onError: () => {} } });
    await agent.session!.ready;
    const other = createAgent({ model: scriptedModel([text('Theirs.')]), session: { id: 's', storage, delayMs: 0, onError: () => {} } });
    await other.session!.ready;
    render(<AgentChat agent={agent} />);
    await act(async () => {
      await other.send('from the other tab');
      await other.session!.flush();
    });
    const alert = await screen.findByText(/changed in another tab or window/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).disabled).toBe(false);
  });

  it('says why nothing is saved when the storage cannot be used, and that the chat goes on', async () => {
    const storage = memorySessionStorage();
    storage.load = () => Promise.reject(new PersistenceError('unavailable', 'IndexedDB is not usable here.'));
    const agent = createAgent({ model: scriptedModel([text('Still works.')]), session: { id: 's', storage, onError: () => {} } });
    render(<AgentChat agent={agent} />);
    expect((await screen.findByRole('alert')).textContent).toBe('Not saved: IndexedDB is not usable here. The chat goes on in this tab.');
    await act(() => agent.send('hello').then(() => {}));
    expect(screen.getByText('Still works.')).toBeTruthy();
  });
});
