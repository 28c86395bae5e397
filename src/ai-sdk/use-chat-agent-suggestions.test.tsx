// @vitest-environment jsdom
/**
 * Suggestions over a `useChat` chat (`useChatAgent`): starters and follow-ups from an app function
 * work as with the kit's own agent; `'model'` has no model in the browser to ask, so it shows
 * none and `suggestFollowUps` says why.
 */
import { useChat } from '@ai-sdk/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DirectChatTransport, simulateReadableStream, ToolLoopAgent } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { suggestFollowUps, type Agent } from '../core/index';
import { AgentChat, type SuggestionOptions } from '../components/index';
import { useChatAgent } from './use-chat-agent';
import { preloadChatParts } from '../../test/setup/preload-chat-parts';

beforeAll(preloadChatParts);
afterEach(cleanup);

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };
const textStep = (text: string) => [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];

function chatSetup(steps: unknown[][], suggestions: SuggestionOptions) {
  const prompts: unknown[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(options.prompt);
      return { stream: simulateReadableStream({ chunks: steps.shift() as never[] }) };
    },
  });
  const transport = new DirectChatTransport({ agent: new ToolLoopAgent({ model }) });
  const seen: { agent?: Agent } = {};
  function App() {
    const agent = useChatAgent(useChat({ transport }));
    seen.agent = agent;
    return <AgentChat agent={agent} suggestions={suggestions} />;
  }
  return { App, prompts, seen };
}

describe('suggestions over useChat', () => {
  it('sends a starter, then shows follow-ups from an app function, which send through useChat', async () => {
    const { App, prompts } = chatSetup([textStep('Hello from useChat.'), textStep('Second reply.')], {
      starters: ['Say hello'],
      followUps: (state) => (state.messages.length === 2 ? ['Tell me more'] : []),
    });
    render(<App />);
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Say hello' }));
    });
    await waitFor(() => expect(screen.getByText('Hello from useChat.')).toBeTruthy());
    const chip = await screen.findByRole('button', { name: 'Tell me more' });
    expect(screen.getByRole('group', { name: 'Suggested follow-ups' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(chip);
    });
    await waitFor(() => expect(screen.getByText('Second reply.')).toBeTruthy());
    expect(prompts).toHaveLength(2);
    expect(JSON.stringify(prompts[1])).toContain('Tell me more');
    expect(screen.queryByRole('button', { name: 'Tell me more' })).toBeNull();
  });

  it("has no model to ask: 'model' shows no chips and asks nothing, and suggestFollowUps says why", async () => {
    const { App, prompts, seen } = chatSetup([textStep('Hello.')], { followUps: 'model' });
    render(<App />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Hi' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByText('Hello.')).toBeTruthy());
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(prompts).toHaveLength(1);
    expect(screen.queryByRole('group', { name: 'Suggested follow-ups' })).toBeNull();
    await expect(suggestFollowUps(seen.agent!)).rejects.toMatchObject({ code: 'not-available', message: expect.stringContaining('no model in the browser') });
  });
});
