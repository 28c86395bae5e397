// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent, createInitialState, defineTool, type AgentState } from '../../core/index';
import { isFollowUpRequest } from '../../core/agent/follow-up-request';
import { pause, scriptedModel, stateFromEvents, text, toolCall } from '../../testing/index';
import { AgentChat, followUpSuggestionsPart, starterPromptsPart } from '../agent-chat';
import { followUpMoment } from './use-follow-ups';

beforeAll(() => Promise.all([starterPromptsPart.preload(), followUpSuggestionsPart.preload()]));
afterEach(cleanup);

const followUpGroup = () => screen.queryByRole('group', { name: 'Suggested follow-ups' });
const liveText = () => [...document.querySelectorAll('[aria-live="polite"]')].map((region) => region.textContent).join('|');

async function typeAndSend(value: string) {
  const input = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(input, { target: { value } });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

describe('starter prompts', () => {
  it('show in the empty chat as a labelled group of buttons that send, and go with the first message', async () => {
    const agent = createAgent({ model: scriptedModel([text('Sunny.')]) });
    const send = vi.spyOn(agent, 'send');
    render(<AgentChat agent={agent} suggestions={{ starters: ['What can you do?', { label: 'Weather', prompt: 'Weather in Paris?' }, '  '] }} />);
    const group = screen.getByRole('group', { name: 'Suggested prompts' });
    const buttons = within(group).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['What can you do?', 'Weather']);
    expect(buttons[1]!.getAttribute('title')).toBe('Weather in Paris?');
    await act(async () => {
      fireEvent.click(buttons[1]!);
    });
    expect(send).toHaveBeenCalledWith('Weather in Paris?');
    await waitFor(() => expect(screen.getByText('Sunny.')).toBeTruthy());
    expect(screen.queryByRole('group', { name: 'Suggested prompts' })).toBeNull();
  });

  it('follow an app empty state, and without starters nothing of them renders', () => {
    const agent = createAgent({ model: scriptedModel([]) });
    const { unmount } = render(<AgentChat agent={agent} emptyState={<p>Welcome</p>} suggestions={{ starters: ['Hi'] }} />);
    expect(screen.getByText('Welcome')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Hi' })).toBeTruthy();
    unmount();
    render(<AgentChat agent={agent} />);
    expect(screen.queryByRole('group', { name: 'Suggested prompts' })).toBeNull();
  });
});

describe('follow-ups from an app function', () => {
  it('appear after a finished reply (announced once), send on click, and are gone once anything is sent', async () => {
    const agent = createAgent({ model: scriptedModel([text('Hello!'), text('Second answer.')]) });
    const followUps = vi.fn((state: AgentState) => [`Tell me more (${state.messages.length})`, 'Thanks']);
    render(<AgentChat agent={agent} suggestions={{ followUps }} />);
    expect(followUpGroup()).toBeNull();
    expect(followUps).not.toHaveBeenCalled();

    await act(() => agent.send('Hi').then(() => {}));
    const group = await screen.findByRole('group', { name: 'Suggested follow-ups' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['Tell me more (2)', 'Thanks']);
    expect(liveText()).toContain('2 suggested follow-ups above the message box');
    expect(followUps).toHaveBeenCalledTimes(1);

    const send = vi.spyOn(agent, 'send');
    await act(async () => {
      fireEvent.click(within(group).getByRole('button', { name: 'Thanks' }));
    });
    expect(send).toHaveBeenCalledWith('Thanks');
    await waitFor(() => expect(screen.getByText('Second answer.')).toBeTruthy());
    // New ones for the new reply, asked once.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Tell me more (4)' })).toBeTruthy());
    expect(followUps).toHaveBeenCalledTimes(2);
  });

  it('are not shown while the agent runs, and go as soon as a message is typed and sent', async () => {
    const model = scriptedModel([text('First.'), [text('Working on it'), pause(Number.POSITIVE_INFINITY)]]);
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} suggestions={{ followUps: () => ['More?'] }} />);
    await act(() => agent.send('Hi').then(() => {}));
    expect(await screen.findByRole('button', { name: 'More?' })).toBeTruthy();
    await typeAndSend('Something else');
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    expect(followUpGroup()).toBeNull();
    await act(() => agent.stop());
  });

  it('are not shown while a tool call waits for approval', async () => {
    const risky = defineTool({ name: 'risky', description: 'Needs approval.', inputSchema: { type: 'object' }, needsApproval: true, execute: () => 'done' });
    const agent = createAgent({ model: scriptedModel([toolCall('risky', {}), text('Done.')]), tools: [risky] });
    const followUps = vi.fn(() => ['More?']);
    render(<AgentChat agent={agent} suggestions={{ followUps }} />);
    act(() => void agent.send('Do it').catch(() => {}));
    await waitFor(() => expect(agent.getState().status).toBe('awaiting-people'));
    expect(followUpGroup()).toBeNull();
    expect(followUps).not.toHaveBeenCalled();
    await act(async () => {
      await agent.stop();
    });
  });

  it('are offered only at a finished reply with the agent idle and nothing queued', () => {
    const reply = { id: 'a1', role: 'assistant' as const, status: 'done' as const, createdAt: 0, parts: [] };
    const base = stateFromEvents([{ type: 'message-add', message: { id: 'u1', role: 'user', status: 'done', createdAt: 0, parts: [] } }, { type: 'message-add', message: reply }]);
    expect(followUpMoment(base)).toBe('a1');
    expect(followUpMoment({ ...base, queue: [{ id: 'q1', text: 'Next', queuedAt: 0 }] })).toBeNull();
    expect(followUpMoment({ ...base, status: 'running' })).toBeNull();
    expect(followUpMoment({ ...base, status: 'awaiting-people' })).toBeNull();
    expect(followUpMoment({ ...base, status: 'error' })).toBeNull();
    expect(followUpMoment({ ...base, messages: [...base.messages.slice(0, 1), { ...reply, status: 'stopped' }] })).toBeNull();
    expect(followUpMoment(createInitialState())).toBeNull();
  });
});

describe("follow-ups from the model ('model')", () => {
  it('makes exactly one extra model call per reply, counts its usage, and shows what it suggests', async () => {
    const model = scriptedModel(({ prompt }) =>
      isFollowUpRequest(prompt) ? { items: [text('["What about tomorrow?", "And in Lyon?"]')], usage: { inputTokens: 40, outputTokens: 12 } } : { items: [text('Sunny in Paris.')], usage: { inputTokens: 100, outputTokens: 5 } },
    );
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} suggestions={{ followUps: 'model' }} />);
    await act(() => agent.send('Weather in Paris?').then(() => {}));
    const group = await screen.findByRole('group', { name: 'Suggested follow-ups' });
    expect(within(group).getAllByRole('button').map((button) => button.textContent)).toEqual(['What about tomorrow?', 'And in Lyon?']);
    expect(model.calls).toHaveLength(2);
    expect(isFollowUpRequest(model.calls[1]!.prompt)).toBe(true);
    expect(agent.getState().usage).toMatchObject({ inputTokens: 140, outputTokens: 17, totalTokens: 157 });
    // Re-renders ask nothing more.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(model.calls).toHaveLength(2);
  });

  it('shows no chips for a junk answer', async () => {
    const model = scriptedModel(({ prompt }) => (isFollowUpRequest(prompt) ? 'Sorry, I have no idea what you mean.' : 'Hello.'));
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} suggestions={{ followUps: 'model' }} />);
    await act(() => agent.send('Hi').then(() => {}));
    await waitFor(() => expect(model.calls).toHaveLength(2));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(followUpGroup()).toBeNull();
  });

  it('is aborted when the person sends while it waits', async () => {
    const model = scriptedModel(({ prompt }) => (isFollowUpRequest(prompt) ? [pause(Number.POSITIVE_INFINITY)] : 'Reply.'));
    const agent = createAgent({ model });
    render(<AgentChat agent={agent} suggestions={{ followUps: 'model' }} />);
    await act(() => agent.send('Hi').then(() => {}));
    await waitFor(() => expect(model.calls).toHaveLength(2));
    await typeAndSend('Never mind');
    await waitFor(() => expect(model.calls[1]!.abortSignal?.aborted).toBe(true));
    expect(followUpGroup()).toBeNull();
    await waitFor(() => expect(agent.getState().messages).toHaveLength(4));
  });

  it('asks nothing for the reply a restored conversation ends with', async () => {
    const model = scriptedModel(() => '["x?"]');
    const initialState = stateFromEvents([
      { type: 'message-add', message: { id: 'u1', role: 'user', status: 'done', createdAt: 0, parts: [{ type: 'text', id: 'p1', text: 'Hi', status: 'done' }] } },
      { type: 'message-add', message: { id: 'a1', role: 'assistant', status: 'done', createdAt: 0, parts: [{ type: 'text', id: 'p2', text: 'Hello.', status: 'done' }] } },
    ]);
    const agent = createAgent({ model, initialState });
    render(<AgentChat agent={agent} suggestions={{ followUps: 'model' }} />);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(model.calls).toHaveLength(0);
    expect(followUpGroup()).toBeNull();
  });
});
