// @vitest-environment jsdom
/**
 * `useChat` (the real @ai-sdk/react) driving the kit's agent in the page through
 * `agentChatTransport`: a sandbox tool's call and result, text, an approval decided with
 * `addToolApprovalResponse` and sent back automatically, a denial with its reason, Stop, and a
 * model failure shown as useChat's error.
 */
import { useChat } from '@ai-sdk/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { lastAssistantMessageIsCompleteWithApprovalResponses } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type Agent } from '../core/index';
import { createSandbox } from '../core/sandbox/index';
import { failingCall, hangingModel, scriptedModel, text, toolCall } from '../testing/index';
import { agentChatTransport } from './agent-chat-transport';

afterEach(cleanup);

function chatWith(agent: Agent) {
  return renderHook(() => useChat({ transport: agentChatTransport(agent), sendAutomaticallyWhen: lastAssistantMessageIsCompleteWithApprovalResponses }));
}

const partsOf = (message: { parts: Array<{ type: string }> } | undefined) =>
  (message?.parts ?? []).filter((part) => part.type !== 'step-start').map((part) => {
    const tool = part as { type: string; state?: string; text?: string; output?: unknown };
    return tool.type.startsWith('tool-') ? `${tool.type}:${tool.state}` : `${tool.type}:${tool.text}`;
  });

describe('useChat over the agent in the page', () => {
  it('streams a sandbox tool call, its result and the reply into useChat messages', async () => {
    const sandbox = createSandbox({ files: { 'notes.md': 'Buy milk\n' } });
    const model = scriptedModel([toolCall('read_file', { path: 'notes.md' }, 'call-1'), text('Your note says: Buy milk.')]);
    const agent = createAgent({ model, sandbox });
    const { result } = chatWith(agent);
    await act(() => result.current.sendMessage({ text: 'What is in my notes?' }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const [user, assistant] = result.current.messages;
    expect(partsOf(user)).toEqual(['text:What is in my notes?']);
    expect(partsOf(assistant)).toEqual(['tool-read_file:output-available', 'text:Your note says: Buy milk.']);
    expect((assistant!.parts.find((part) => part.type === 'tool-read_file') as { output: { content: string } }).output.content).toContain('Buy milk');
    // What the model received: the user's text, from useChat.
    expect(JSON.stringify(model.calls[0]!.prompt)).toContain('What is in my notes?');
  });

  it("the chat's files go to the agent's model as file parts", async () => {
    const model = scriptedModel([text('A pixel.')]);
    const { result } = chatWith(createAgent({ model }));
    await act(() => result.current.sendMessage({ text: 'What is it?', files: [{ type: 'file', mediaType: 'image/png', filename: 'photo.png', url: 'data:image/png;base64,iVBORw0KGgo=' }] }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(model.calls[0]!.prompt.at(-1)).toEqual({ role: 'user', content: [{ type: 'file', mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=' }, { type: 'text', text: 'What is it?' }] });
  });

  it('an approval requested by the agent is decided in useChat and the run goes on; a denial reaches the model with its reason', async () => {
    let sent = 0;
    const sendEmail = defineTool({ name: 'send_email', description: 'Sends an email.', inputSchema: { type: 'object', properties: { to: { type: 'string' } } }, needsApproval: true, execute: () => ++sent });
    const model = scriptedModel([toolCall('send_email', { to: 'ada@example.com' }, 'call-1'), text('Sent.'), toolCall('send_email', { to: 'bob@example.com' }, 'call-2'), text('Not sent.')]);
    const agent = createAgent({ model, tools: [sendEmail] });
    const { result } = chatWith(agent);
    await act(() => result.current.sendMessage({ text: 'Email Ada.' }));
    await waitFor(() => expect(partsOf(result.current.messages[1])).toEqual(['tool-send_email:approval-requested']));
    expect(sent).toBe(0);
    await act(async () => {
      await result.current.addToolApprovalResponse({ id: 'call-1', approved: true });
    });
    await waitFor(() => expect(partsOf(result.current.messages[1])).toEqual(['tool-send_email:output-available', 'text:Sent.']));
    expect(sent).toBe(1);

    await act(() => result.current.sendMessage({ text: 'Email Bob.' }));
    await waitFor(() => expect(partsOf(result.current.messages[3])).toEqual(['tool-send_email:approval-requested']));
    await act(async () => {
      await result.current.addToolApprovalResponse({ id: 'call-2', approved: false, reason: 'Not Bob.' });
    });
    await waitFor(() => expect(partsOf(result.current.messages[3])).toEqual(['tool-send_email:output-denied', 'text:Not sent.']));
    expect(sent).toBe(1);
    expect(agent.getState().toolCalls.map((call) => call.state)).toEqual(['output-available', 'output-denied']);
    expect(JSON.stringify(model.calls.at(-1)!.prompt)).toContain('Not Bob.');
  });

  it("useChat's stop stops the agent; a failing model is useChat's error", async () => {
    const agent = createAgent({ model: hangingModel() });
    const { result } = chatWith(agent);
    act(() => void result.current.sendMessage({ text: 'Go on forever.' }));
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    await act(() => result.current.stop());
    await waitFor(() => expect(agent.getState().status).not.toBe('running'));

    const failing = createAgent({ model: scriptedModel([failingCall({ status: 400, message: 'Bad request.' })]), retry: { maxRetries: 0 } });
    const chat = chatWith(failing);
    await act(() => chat.result.current.sendMessage({ text: 'Hi' }));
    await waitFor(() => expect(chat.result.current.status).toBe('error'));
    expect(chat.result.current.error?.message).toBe(failing.getState().error?.message);
  });
});
