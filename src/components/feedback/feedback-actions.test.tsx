// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, type FeedbackInput, type Message } from '../../core/index';
import { scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { germanStrings } from '../locales/index';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';
import { feedbackActionsPart } from '../message/message-view';

beforeAll(async () => {
  await preloadChatParts();
  await feedbackActionsPart.preload();
});
afterEach(cleanup);

async function ratedChat(onFeedback: (message: Message, feedback: FeedbackInput) => void | Promise<void>, strings?: typeof germanStrings) {
  const agent = createAgent({ model: scriptedModel([[text('Paris.')]]) });
  render(<AgentChat agent={agent} onFeedback={onFeedback} strings={strings} />);
  await act(() => agent.send('Capital of France?').then(() => {}));
  return agent;
}

describe('rating a reply (onFeedback)', () => {
  it('thumbs up is kept in the reply, pressed, given to the app and announced; it can be changed, with a comment', async () => {
    const given: Array<[string, FeedbackInput]> = [];
    const agent = await ratedChat((message, feedback) => void given.push([message.id, feedback]));
    const reply = agent.getState().messages[1]!;
    const group = await screen.findByRole('group', { name: 'Rate this reply' });
    const up = within(group).getByRole('button', { name: 'Good reply' });
    expect(up.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(up);
    await waitFor(() => expect(given).toEqual([[reply.id, { rating: 'up' }]]));
    expect(agent.getState().messages[1]!.feedback?.rating).toBe('up');
    await waitFor(() => expect(within(group).getByRole('button', { name: 'Good reply' }).getAttribute('aria-pressed')).toBe('true'));
    expect(group.textContent).toContain('Rated good. Thanks for the feedback.');
    // Pressing it again changes nothing.
    fireEvent.click(within(group).getByRole('button', { name: 'Good reply' }));
    expect(given).toHaveLength(1);

    fireEvent.click(within(group).getByRole('button', { name: 'Bad reply' }));
    await waitFor(() => expect(agent.getState().messages[1]!.feedback?.rating).toBe('down'));
    fireEvent.click(await within(group).findByRole('button', { name: 'Add a comment' }));
    const field = within(group).getByRole('textbox', { name: 'What was good or bad about it?' });
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: 'It forgot the population.' } });
    fireEvent.click(within(group).getByRole('button', { name: 'Send feedback' }));
    await waitFor(() => expect(given.at(-1)).toEqual([reply.id, { rating: 'down', comment: 'It forgot the population.' }]));
    expect(agent.getState().messages[1]!.feedback).toMatchObject({ rating: 'down', comment: 'It forgot the population.' });
    expect(within(group).getByRole('button', { name: 'Edit comment' })).toBeTruthy();
  });

  it('when the app fails, the rating goes back and an alert says so', async () => {
    const onFeedback = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    const agent = await ratedChat(onFeedback);
    const group = await screen.findByRole('group', { name: 'Rate this reply' });
    fireEvent.click(within(group).getByRole('button', { name: 'Bad reply' }));
    expect((await within(group).findByRole('alert')).textContent).toBe('Your feedback could not be sent. Try again.');
    expect(agent.getState().messages[1]!.feedback).toBeUndefined();
    expect(within(group).getByRole('button', { name: 'Bad reply' }).getAttribute('aria-pressed')).toBe('false');
    // Trying again works, and the alert goes.
    fireEvent.click(within(group).getByRole('button', { name: 'Bad reply' }));
    await waitFor(() => expect(agent.getState().messages[1]!.feedback?.rating).toBe('down'));
    expect(within(group).queryByRole('alert')).toBeNull();
  });

  it('Escape closes the comment without sending; German words; no buttons without onFeedback', async () => {
    const onFeedback = vi.fn();
    await ratedChat(onFeedback, germanStrings);
    const group = await screen.findByRole('group', { name: 'Diese Antwort bewerten' });
    fireEvent.click(within(group).getByRole('button', { name: 'Gute Antwort' }));
    fireEvent.click(await within(group).findByRole('button', { name: 'Kommentar hinzufügen' }));
    fireEvent.keyDown(within(group).getByRole('textbox'), { key: 'Escape' });
    expect(within(group).queryByRole('textbox')).toBeNull();
    expect(onFeedback).toHaveBeenCalledTimes(1);
    cleanup();

    const agent = createAgent({ model: scriptedModel([[text('Paris.')]]) });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Capital of France?').then(() => {}));
    await screen.findByText('Paris.');
    expect(screen.queryByRole('group', { name: 'Rate this reply' })).toBeNull();
  });
});
