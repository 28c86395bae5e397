// @vitest-environment jsdom
/**
 * The kit's `<AgentChat>` rendering an AI SDK chat: `useChat` (the real @ai-sdk/react) over the
 * AI SDK's own in-process transport and `ToolLoopAgent` (a scripted model), shown through
 * `useChatAgent`. The composer sends through `useChat`; a tool that needs approval (AI SDK 7's
 * `needsApproval`) asks in the kit's dialog and the decision goes back with
 * `addToolApprovalResponse`; a denial too.
 */
import { useChat } from '@ai-sdk/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { DirectChatTransport, lastAssistantMessageIsCompleteWithApprovalResponses, simulateReadableStream, tool, ToolLoopAgent } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AgentChat } from '../components/index';
import { useChatAgent } from './use-chat-agent';
import { replyDetailsPart } from '../components/message/message-view';

afterEach(cleanup);

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };
const textStep = (text: string) => [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: text }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }];
const callStep = (id: string, to: string) => [{ type: 'tool-call', toolCallId: id, toolName: 'send_email', input: JSON.stringify({ to }) }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }];

function chatSetup(steps: unknown[][], props: { timing?: boolean } = {}) {
  const prompts: unknown[] = [];
  const sent: string[] = [];
  const model = new MockLanguageModelV4({
    doStream: async (options) => {
      prompts.push(options.prompt);
      return { stream: simulateReadableStream({ chunks: steps.shift() as never[] }) };
    },
  });
  const agent = new ToolLoopAgent({
    model,
    tools: { send_email: tool({ description: 'Sends an email.', inputSchema: z.object({ to: z.string() }), needsApproval: true, execute: ({ to }) => (sent.push(to), `Sent to ${to}.`) }) },
  });
  const transport = new DirectChatTransport({ agent });
  function App() {
    const chat = useChat({ transport, sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses });
    return <AgentChat agent={useChatAgent(chat)} {...props} />;
  }
  return { App, prompts, sent };
}

async function send(text: string) {
  const input = screen.getByRole('textbox', { name: 'Message' });
  fireEvent.change(input, { target: { value: text } });
  await act(async () => {
    fireEvent.keyDown(input, { key: 'Enter' });
  });
}

describe('AgentChat over useChat', () => {
  it('sends through useChat, asks for approval in the kit dialog, and shows the result and the reply', async () => {
    const { App, sent } = chatSetup([callStep('c1', 'ada@example.com'), textStep('Emailed Ada.')]);
    render(<App />);
    await send('Email Ada.');
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy());
    expect(screen.getByText('Email Ada.')).toBeTruthy();
    expect(sent).toEqual([]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    });
    await waitFor(() => expect(screen.getByText('Emailed Ada.')).toBeTruthy());
    expect(sent).toEqual(['ada@example.com']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('"Always allow" approves later calls of that tool as they come; a finished reply offers no Continue', async () => {
    const { App, sent } = chatSetup([callStep('c1', 'ada@example.com'), textStep('Emailed Ada.'), callStep('c2', 'bob@example.com'), textStep('Emailed Bob.')]);
    render(<App />);
    await send('Email Ada.');
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Always allow send_email' }));
    });
    await waitFor(() => expect(screen.getByText('Emailed Ada.')).toBeTruthy());
    await send('Email Bob.');
    await waitFor(() => expect(screen.getByText('Emailed Bob.')).toBeTruthy());
    expect(sent).toEqual(['ada@example.com', 'bob@example.com']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('a denial in the kit dialog goes back to the model as denied; nothing runs', async () => {
    const { App, sent, prompts } = chatSetup([callStep('c1', 'bob@example.com'), textStep('Not sent.')]);
    render(<App />);
    await send('Email Bob.');
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Deny' }));
    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Not Bob' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Confirm deny' }));
    });
    await waitFor(() => expect(screen.getByText('Not sent.')).toBeTruthy());
    expect(sent).toEqual([]);
    // The model is told the call was denied, with the person's reason.
    expect(JSON.stringify(prompts.at(-1))).toContain('execution-denied');
    expect(JSON.stringify(prompts.at(-1))).toContain('Not Bob');
  });

  it('times each reply as the page saw it (from the send to its first text and its end); useChat reports no usage, so no rate', async () => {
    await replyDetailsPart.preload();
    const { App } = chatSetup([textStep('Hello.')], { timing: true });
    render(<App />);
    await send('Hi');
    const line = await screen.findByLabelText(/^Reply timing: /);
    expect(line.textContent).toMatch(/^\d+\.\d s to first token · \d+\.\d s in all$/);
    expect(line.closest('.rak-message')?.getAttribute('data-role')).toBe('assistant');
  });
});
