// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgent } from '../../core/index';
import { germanStrings } from '../locales/index';
import { scriptedModel, text } from '../../testing/index';
import { AgentChat } from '../agent-chat';
import { preloadChatParts } from '../../../test/setup/preload-chat-parts';
import { replyDetailsPart } from './message-view';

beforeAll(async () => {
  await preloadChatParts();
  await replyDetailsPart.preload();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** An agent whose model answers after 400 ms and streams 20 tokens for 2 s. */
function timedAgent() {
  vi.useFakeTimers({ toFake: ['Date'] });
  const start = 1_700_000_000_000;
  vi.setSystemTime(start);
  const agent = createAgent({
    model: scriptedModel(() => {
      vi.setSystemTime(start + 400);
      return { items: [text('Hello there.')], usage: { outputTokens: 20 } };
    }),
  });
  agent.on('message-first-token', () => void vi.setSystemTime(start + 2_400));
  return agent;
}

describe('reply timing in AgentChat', () => {
  it('with timing, a finished reply shows its time to first token, rate and duration', async () => {
    const agent = timedAgent();
    render(<AgentChat agent={agent} timing />);
    await act(() => agent.send('Hi'));
    const line = await screen.findByLabelText('Reply timing: 0.4 s to first token, 10 tokens/s, 2.4 s in all');
    expect(line.textContent).toBe('0.4 s to first token · 10 tokens/s · 2.4 s in all');
    // Under the reply, not the question.
    expect(line.closest('.rak-message')?.getAttribute('data-role')).toBe('assistant');
  });

  it('in the chat\'s language, numbers too', async () => {
    const agent = timedAgent();
    render(<AgentChat agent={agent} timing strings={germanStrings} />);
    await act(() => agent.send('Hi'));
    expect((await screen.findByLabelText(/^Zeitmessung der Antwort/)).textContent).toBe('0,4 s bis zum ersten Token · 10 Tokens/s · 2,4 s insgesamt');
  });

  it('is off by default', async () => {
    const agent = timedAgent();
    render(<AgentChat agent={agent} />);
    await act(() => agent.send('Hi'));
    await screen.findByText('Hello there.');
    expect(document.querySelector('.rak-reply-timing')).toBeNull();
  });
});
