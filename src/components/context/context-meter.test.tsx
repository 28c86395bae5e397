// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAgent } from '../../core/index';
import { scriptedModel } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { isSummaryRequest } from '../../core/context/summary-request';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

const model = () => scriptedModel((call) => (isSummaryRequest(call.prompt) ? 'They said hello twice.' : { items: [{ type: 'text', text: `Hi, ${call.lastUserText}` }], usage: { inputTokens: 700, outputTokens: 20 } }));

describe('<ContextMeter> in AgentChat', () => {
  it('shows how full the context is and what the conversation cost; Compact summarizes for the model', async () => {
    const agent = createAgent({ model: model(), context: { maxInputTokens: 2_000 }, costEstimator: ({ usage }) => usage.inputTokens * 1e-5 });
    render(<AgentChat agent={agent} />);
    expect(screen.getByText('Context: 0 of 2.0k tokens')).toBeTruthy();
    await act(() => agent.send('one'));
    expect(screen.getByText('Context: 720 of 2.0k tokens (36%)')).toBeTruthy();
    expect(screen.getByText('Cost: $0.0070')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Context used' }).getAttribute('value')).toBe('720');
    // The per-step usage is on the reply, the total in the state.
    expect(agent.getState().messages.at(-1)).toMatchObject({ usage: { inputTokens: 700, outputTokens: 20 }, costUsd: 0.007 });

    await act(() => agent.send('two'));
    expect(agent.getState().costUsd).toBeCloseTo(0.014);
    fireEvent.click(screen.getByRole('button', { name: 'Compact' }));
    await screen.findByText(/Earlier messages summarized/);
    expect(await screen.findByText('Summarized the first 2 messages for the model; they stay in the thread.')).toBeTruthy();
    expect(agent.getState().compactions).toHaveLength(1);
  });

  it('says so when there is nothing to summarize yet, and shows nothing for an agent without a budget or costs', async () => {
    const agent = createAgent({ model: model(), context: { maxInputTokens: 2_000 } });
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('one'));
    fireEvent.click(screen.getByRole('button', { name: 'Compact' }));
    expect(await screen.findByText(/Nothing to summarize yet/)).toBeTruthy();
    cleanup();
    const { container } = render(<AgentChat agent={createAgent({ model: model() })} />);
    expect(container.querySelector('.rak-context')).toBeNull();
  });
});
