// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent, type Agent, type Message } from '../../core/index';
import { hangingModel, scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';
import { queuedMessagesPart } from './composer';

beforeAll(async () => {
  await preloadChatParts();
  await queuedMessagesPart.preload();
});
afterEach(cleanup);

const textOf = (message: Message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
const userTexts = (agent: Agent) => agent.getState().messages.filter((message) => message.role === 'user').map(textOf);

function type(words: string): void {
  const input = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(input, { target: { value: words } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

/** The queued chips, as the person reads them. */
const chips = () => [...(screen.queryByRole('list', { name: 'Queued messages' })?.querySelectorAll('li') ?? [])].map((item) => item.textContent);

describe('the composer while the agent works', () => {
  it('queues a message sent during a reply as a chip (announced), beside a Stop button, and sends it when the reply is stopped', async () => {
    const model = hangingModel({ text: 'A long story' });
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} />);
    type('Tell me a story');
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    type('And a poem after');
    await waitFor(() => expect(chips()).toEqual(['And a poem after✎×']));
    expect(document.querySelector('.rak-composer [aria-live="polite"].rak-visually-hidden')!.textContent).toBe('Queued, sent when the agent is done: And a poem after');
    expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Message' }).value).toBe('');
    expect(userTexts(agent)).toEqual(['Tell me a story']);

    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(userTexts(agent)).toEqual(['Tell me a story', 'And a poem after']));
    await waitFor(() => expect(chips()).toEqual([]));
    await agent.stop();
  });

  it('edits a queued message in place (Enter saves, Escape cancels) and removes one (announced)', async () => {
    const agent = createAgent({ model: hangingModel({ text: 'Working' }) });
    render(<AgentChat agent={agent} />);
    type('Start');
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    type('Frist thing');
    type('Second thing');
    await waitFor(() => expect(chips()).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Edit queued message: Frist thing' }));
    const field = screen.getByRole('textbox', { name: 'Queued message' });
    fireEvent.change(field, { target: { value: 'First thing' } });
    fireEvent.keyDown(field, { key: 'Enter' });
    await waitFor(() => expect(agent.getState().queue?.map((message) => message.text)).toEqual(['First thing', 'Second thing']));

    fireEvent.click(screen.getByRole('button', { name: 'Edit queued message: Second thing' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Queued message' }), { target: { value: 'Not this' } });
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'Queued message' }), { key: 'Escape' });
    // Escape in the field cancels the edit, and does not stop the run.
    expect(agent.getState().status).toBe('running');
    expect(agent.getState().queue?.map((message) => message.text)).toEqual(['First thing', 'Second thing']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove queued message: Second thing' }));
    await waitFor(() => expect(chips()).toEqual(['First thing✎×']));
    // Said once the removal is done (the chip may go first).
    await waitFor(() => expect(document.querySelector('.rak-composer [aria-live="polite"].rak-visually-hidden')!.textContent).toBe('Queued message removed.'));
    await agent.stop();
    await waitFor(() => expect(userTexts(agent)).toEqual(['Start', 'First thing']));
    await agent.stop();
  });

  it("says the queue waits while the agent waits for a person; with whenBusy: 'reject' nothing can be sent meanwhile", async () => {
    const agent = createAgent({ model: hangingModel({ text: 'Busy' }), whenBusy: 'reject' });
    render(<AgentChat agent={agent} />);
    type('Start');
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    fireEvent.change(screen.getByRole('textbox', { name: 'Message' }), { target: { value: 'More' } });
    expect(screen.queryByRole('button', { name: 'Queue message' })).toBeNull();
    await agent.stop();

    const waiting = createAgent({
      model: scriptedModel([text('unused')]),
      initialState: {
        ...createAgent({ model: scriptedModel([]) }).getState(),
        status: 'awaiting-people',
        queue: [{ id: 'queued-1', text: 'After the approval', queuedAt: 1 }],
      },
    });
    cleanup();
    render(<AgentChat agent={waiting} />);
    await waitFor(() => expect(screen.getByText('Queued messages are sent after your decision above.')).toBeTruthy());
    expect(chips()).toEqual(['After the approval✎×']);
  });
});
