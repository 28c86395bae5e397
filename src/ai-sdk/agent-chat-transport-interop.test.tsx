// @vitest-environment jsdom
/**
 * What `useChat` users expect of the agent behind `agentChatTransport` (issue 26, item 13), with the
 * real @ai-sdk/react `useChat` and the real `validateUIMessages` of `ai`: `regenerate()` while a
 * reply streams stops it and regenerates; a call to a tool the agent does not have is a
 * `dynamic-tool` part at every step; a failed model call shows its error in the message; after
 * stop the agent keeps exactly the text the chat shows.
 */
import { useChat } from '@ai-sdk/react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { jsonSchema, tool, validateUIMessages, type UIMessage } from 'ai';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type Agent, type LanguageModel } from '../core/index';
import { failingCall, pause, scriptedModel, text, toolCall } from '../testing/index';
import { agentChatTransport } from './agent-chat-transport';
import { fromUIMessages } from './from-ui-messages';
import { toUIMessages } from './to-ui-messages';

afterEach(cleanup);

function chatWith(agent: Agent) {
  const statuses: string[] = [];
  const errors: string[] = [];
  const view = renderHook(() => {
    const chat = useChat({ transport: agentChatTransport(agent) });
    if (statuses.at(-1) !== chat.status) statuses.push(chat.status);
    if (chat.error) errors.push(chat.error.message);
    return chat;
  });
  return { ...view, statuses, errors };
}

const textOf = (message: UIMessage | undefined) => (message?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
const kitTextOf = (agent: Agent) =>
  agent
    .getState()
    .messages.filter((message) => message.role === 'assistant')
    .flatMap((message) => message.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
    .join('');

/** A model whose one reply the test streams chunk by chunk, as a slow network would. */
function pushedModel() {
  let push: (part: unknown) => void = () => {};
  const model: LanguageModel = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'pushed',
    doStream: () =>
      Promise.resolve({
        stream: new ReadableStream({
          start(controller) {
            push = (part) => controller.enqueue(part);
          },
        }),
      }),
  } as unknown as LanguageModel;
  return { model, push: (part: unknown) => push(part) };
}

describe('useChat over the agent: what useChat users expect', () => {
  it("regenerate() while a reply streams stops it and regenerates, without the chat's error and without the old reply coming back", async () => {
    const model = scriptedModel(({ callIndex }) => (callIndex === 0 ? [text('The old reply'), pause(Number.POSITIVE_INFINITY)] : [text('The new reply.')]));
    const agent = createAgent({ model });
    const { result, statuses, errors } = chatWith(agent);
    act(() => void result.current.sendMessage({ text: 'Hi' }));
    await waitFor(() => expect(textOf(result.current.messages[1])).toBe('The old reply'));
    await act(() => result.current.regenerate());
    await waitFor(() => expect(result.current.status).toBe('ready'));
    expect(result.current.messages.map((message) => `${message.role}:${textOf(message)}`)).toEqual(['user:Hi', 'assistant:The new reply.']);
    expect(errors).toEqual([]);
    expect(statuses).not.toContain('error');
    expect(agent.getState().status).toBe('idle');
    expect(agent.getState().messages.map((message) => message.parts.map((part) => (part.type === 'text' ? part.text : part.type)).join(''))).toEqual(['Hi', 'The new reply.']);
    expect(model.calls).toHaveLength(2);
    // The old request ended with the agent's stop, and nothing of it reached the chat afterwards.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(result.current.messages).toHaveLength(2);
  });

  it('a call to a tool the agent does not have is a dynamic-tool part at every step, which validateUIMessages accepts with the tools', async () => {
    const weather = defineTool({ name: 'get_weather', description: 'Weather.', inputSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }, execute: () => 'Sunny' });
    const tools = { get_weather: tool({ inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }) }) };
    const script = () => [toolCall('no_such_tool', { a: 1 }, 'call-1'), toolCall('get_weather', { city: 'Paris' }, 'call-2'), text('Sunny in Paris.')];
    const exported = createAgent({ model: scriptedModel(script()), tools: [weather] });
    const seen: UIMessage[][] = [];
    exported.subscribe((state) => seen.push(toUIMessages(state, { tools: exported.tools })));
    await exported.send('Weather?');
    seen.push(toUIMessages(exported.getState(), { tools: exported.tools }));
    for (const messages of seen) if (messages.length > 0) await validateUIMessages({ messages, tools });
    const final = seen.at(-1)!;
    expect(final[1]!.parts[0]).toMatchObject({ type: 'dynamic-tool', toolName: 'no_such_tool', toolCallId: 'call-1', state: 'output-error' });
    expect(final[2]!.parts[0]).toMatchObject({ type: 'tool-get_weather', state: 'output-available' });
    expect(fromUIMessages(final)).toEqual(exported.getState());
    expect(() => toUIMessages(exported.getState(), { tools: [7 as never] })).toThrow('toUIMessages(state, { tools }): each tool must be a name or have one, such as agent.tools; got 7.');
    // Those the call streamed through, where validation failed before (no schema for the tool).
    expect(seen.some((messages) => messages.some((message) => message.parts.some((part) => part.type === 'dynamic-tool' && (part as { state: string }).state === 'input-available')))).toBe(true);

    const agent = createAgent({ model: scriptedModel(script()), tools: [weather] });
    const { result } = chatWith(agent);
    await act(() => result.current.sendMessage({ text: 'Weather?' }));
    await waitFor(() => expect(result.current.status).toBe('ready'));
    const parts = result.current.messages[1]!.parts.filter((part) => part.type !== 'step-start');
    expect(parts.map((part) => part.type)).toEqual(['dynamic-tool', 'tool-get_weather', 'text']);
    expect(parts[0]).toMatchObject({ toolName: 'no_such_tool', state: 'output-error' });
    await validateUIMessages({ messages: result.current.messages, tools });
  });

  it('a failed model call shows its error in the message: in useChat, and in toUIMessages (which gives the state back)', async () => {
    const failing = createAgent({ model: scriptedModel([failingCall({ status: 400, message: 'Bad request.' })]), retry: { maxRetries: 0 } });
    const { result } = chatWith(failing);
    await act(() => result.current.sendMessage({ text: 'Hi' }));
    await waitFor(() => expect(result.current.status).toBe('error'));
    const message = failing.getState().error!.message;
    expect(message).toContain('Bad request.');
    expect(result.current.error?.message).toBe(message);
    expect(textOf(result.current.messages[1])).toBe(message);

    const exported = toUIMessages(failing.getState());
    expect(exported[1]!.parts).toEqual([{ type: 'text', text: message, state: 'done' }]);
    expect(fromUIMessages(exported)).toEqual(failing.getState());
    await validateUIMessages({ messages: exported });
  });

  it('after stop, the agent keeps exactly the text the chat shows: no tokens the chat never got', async () => {
    const { model, push } = pushedModel();
    const agent = createAgent({ model });
    const { result } = chatWith(agent);
    act(() => void result.current.sendMessage({ text: 'Tell me a story.' }));
    await waitFor(() => expect(agent.getState().status).toBe('running'));
    push({ type: 'stream-start', warnings: [] });
    push({ type: 'text-start', id: 't' });
    for (const word of ['Once ', 'upon ', 'a ', 'time ']) push({ type: 'text-delta', id: 't', delta: word });
    // The reply waits for the network; the person presses Stop before the next frame.
    await new Promise((resolve) => setTimeout(resolve, 0));
    await act(() => result.current.stop());
    await waitFor(() => expect(agent.getState().status).not.toBe('running'));
    expect(kitTextOf(agent)).toBe(textOf(result.current.messages[1]));
    expect(kitTextOf(agent)).toBe('Once upon a time ');
  });

  it('after stop during a turn given to the page while a burst is read, the agent keeps exactly the text the chat shows', async () => {
    const words = Array.from({ length: 4_000 }, (_, index) => `w${index} `);
    const model = scriptedModel([[text(words.join('')), pause(Number.POSITIVE_INFINITY)]]);
    const agent = createAgent({ model });
    const { result } = chatWith(agent);
    // The person presses Stop in the first turn the agent gives the page while it reads the burst.
    const scheduler = globalThis as { scheduler?: { yield(): Promise<void> } };
    let stopped: Promise<void> | undefined;
    scheduler.scheduler = {
      yield() {
        // A click is a task of its own: it comes after what the page was doing, before the agent goes on.
        // (The agent also gives the page a turn before the step starts: nothing has streamed then.)
        if (kitTextOf(agent).length > 0) {
          setTimeout(() => {
            stopped ??= result.current.stop();
          }, 0);
        }
        return new Promise((resolve) => setTimeout(resolve, 0));
      },
    };
    try {
      act(() => void result.current.sendMessage({ text: 'Go' }));
      await waitFor(() => expect(stopped).toBeDefined());
      await act(() => stopped!);
      await waitFor(() => expect(agent.getState().status).not.toBe('running'));
    } finally {
      delete scheduler.scheduler;
    }
    const shown = textOf(result.current.messages[1]);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(words.join('').length);
    expect(kitTextOf(agent)).toBe(shown);
  });
});
