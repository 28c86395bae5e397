// @vitest-environment jsdom
/**
 * `useChatAgent` with the `useChat` of @ai-sdk/react 4 (ai@7) and 3 (ai@6), over a transport that
 * answers with scripted UI message chunks (the same stream format in both): an approval decided in
 * the kit's dialog, then a failed request shown with the kit's Retry, which regenerates.
 */
import { useChat as useChatV4 } from '@ai-sdk/react';
import { useChat as useChatV3 } from '@ai-sdk/react-v3';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AgentChat } from '../components/index';
import { useChatAgent, type ChatHelpers } from './use-chat-agent';

afterEach(cleanup);

type Chunk = Record<string, unknown>;

/** A transport that answers each request with the next list of chunks, and records what it was sent. */
function scriptedTransport(responses: Chunk[][]) {
  const requests: Array<{ trigger: string; messages: unknown[] }> = [];
  const transport = {
    sendMessages: (options: { trigger: string; messages: unknown[] }) => {
      requests.push({ trigger: options.trigger, messages: options.messages });
      const chunks = responses.shift() ?? [{ type: 'start' }, { type: 'finish' }];
      return Promise.resolve(
        new ReadableStream({
          start(controller) {
            for (const chunk of chunks) controller.enqueue(chunk);
            controller.close();
          },
        }),
      );
    },
    reconnectToStream: () => Promise.resolve(null),
  };
  return { transport, requests };
}

const answeredApprovals = ({ messages }: { messages: Array<{ role: string; parts: Array<{ state?: string }> }> }) =>
  messages.at(-1)?.role === 'assistant' && messages.at(-1)!.parts.some((part) => part.state === 'approval-responded');

const text = (id: string, value: string): Chunk[] => [{ type: 'text-start', id }, { type: 'text-delta', id, delta: value }, { type: 'text-end', id }];

// Each version's useChat is typed with its own ai; the test drives both through what they share.
type AnyUseChat = (options: { transport: never; sendAutomaticallyWhen: never }) => unknown;
const versions: Array<[string, AnyUseChat]> = [
  ['@ai-sdk/react 4 (ai@7)', useChatV4],
  ['@ai-sdk/react 3 (ai@6)', useChatV3],
];

describe.each(versions)('useChatAgent with %s', (_name, useChat) => {
  it('decides an approval in the kit dialog, then shows a failed request with Retry, which regenerates', async () => {
    const { transport, requests } = scriptedTransport([
      [{ type: 'start' }, { type: 'start-step' }, { type: 'tool-input-available', toolCallId: 'c1', toolName: 'send_email', input: { to: 'ada@example.com' } }, { type: 'tool-approval-request', approvalId: 'ap-1', toolCallId: 'c1' }, { type: 'finish-step' }, { type: 'finish' }],
      [{ type: 'start' }, { type: 'start-step' }, { type: 'tool-output-available', toolCallId: 'c1', output: { sent: true } }, { type: 'finish-step' }, { type: 'start-step' }, ...text('t1', 'Sent.'), { type: 'finish-step' }, { type: 'finish' }],
      [{ type: 'start' }, { type: 'error', errorText: 'The server is busy.' }],
      [{ type: 'start' }, { type: 'start-step' }, ...text('t2', 'Here it is.'), { type: 'finish-step' }, { type: 'finish' }],
    ]);
    function App() {
      const chat = useChat({ transport: transport as never, sendAutomaticallyWhen: answeredApprovals as never });
      return <AgentChat agent={useChatAgent(chat as ChatHelpers)} />;
    }
    render(<App />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Email Ada.' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByRole('alertdialog')).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Approve' }));
    });
    await waitFor(() => expect(screen.getByText('Sent.')).toBeTruthy());
    // The approval went back as the AI SDK's own response to the request's approval id.
    expect(JSON.stringify(requests[1]!.messages)).toContain('"approval":{"id":"ap-1","approved":true');

    fireEvent.change(input, { target: { value: 'And the report?' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(screen.getByText('The server is busy.')).toBeTruthy());
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    await waitFor(() => expect(screen.getByText('Here it is.')).toBeTruthy());
    expect(requests.map((request) => request.trigger)).toEqual(['submit-message', 'submit-message', 'submit-message', 'regenerate-message']);
  });

  it("the kit's Stop stops the chat's request; submitToolResult completes a client tool with addToolOutput", async () => {
    let aborted = false;
    const responses: Chunk[][] = [[{ type: 'start' }, { type: 'start-step' }, { type: 'tool-input-available', toolCallId: 'c9', toolName: 'pick_color', input: {} }, { type: 'finish-step' }, { type: 'finish' }]];
    const transport = {
      sendMessages: (options: { abortSignal?: AbortSignal }) => {
        const chunks = responses.shift();
        return Promise.resolve(
          new ReadableStream({
            start(controller) {
              if (chunks) {
                for (const chunk of chunks) controller.enqueue(chunk);
                controller.close();
                return;
              }
              // The second request streams and never ends, until it is stopped.
              for (const chunk of [{ type: 'start' }, { type: 'start-step' }, { type: 'text-start', id: 'x' }, { type: 'text-delta', id: 'x', delta: 'Thinking about colors' }]) controller.enqueue(chunk);
              options.abortSignal?.addEventListener('abort', () => {
                aborted = true;
                controller.error(new DOMException('Stopped.', 'AbortError'));
              });
            },
          }),
        );
      },
      reconnectToStream: () => Promise.resolve(null),
    };
    let agent: ReturnType<typeof useChatAgent> | undefined;
    function App() {
      const chat = useChat({ transport: transport as never, sendAutomaticallyWhen: (({ messages }: { messages: Array<{ parts: Array<{ state?: string }> }> }) => messages.at(-1)?.parts.some((part) => part.state === 'output-available') ?? false) as never });
      agent = useChatAgent(chat as ChatHelpers);
      return <AgentChat agent={agent} />;
    }
    render(<App />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: 'Pick a color.' } });
    await act(async () => {
      fireEvent.keyDown(input, { key: 'Enter' });
    });
    await waitFor(() => expect(agent!.getState().toolCalls).toMatchObject([{ id: 'c9', name: 'pick_color', state: 'input-available' }]));
    await act(async () => {
      await agent!.submitToolResult('c9', { color: 'teal' });
    });
    await waitFor(() => expect(screen.getByText('Thinking about colors')).toBeTruthy());
    expect(agent!.getState().toolCalls).toMatchObject([{ state: 'output-available', output: { color: 'teal' } }]);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    });
    await waitFor(() => expect(agent!.getState().status).not.toBe('running'));
    expect(aborted).toBe(true);
  });
});
