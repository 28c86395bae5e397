// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { createAgent, createInitialState, type Message } from '../core/index';
import { AgentChat } from './agent-chat';
import { MessageView } from './message/message-view';
import type { MessageComponentProps } from './thread/message-list';
import { preloadChatParts } from '../../test/setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(preloadChatParts);

afterEach(cleanup);

it('re-renders only the streaming message while tokens arrive in a long thread', async () => {
  const history: Message[] = Array.from({ length: 200 }, (_, index) => ({
    id: `old-${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', id: `old-part-${index}`, text: `Message number ${index}`, status: 'done' }],
    status: 'done',
    createdAt: index,
  }));
  let push!: (part: unknown) => void;
  const model = new MockLanguageModelV3({
    doStream: async () => {
      const stream = new ReadableStream({ start: (controller) => void (push = (part) => controller.enqueue(part)) });
      return { stream: stream as never };
    },
  });
  const agent = createAgent({ model, initialState: { ...createInitialState(), messages: history } });

  const renders = new Map<string, number>();
  function CountingMessage(props: MessageComponentProps) {
    renders.set(props.message.id, (renders.get(props.message.id) ?? 0) + 1);
    return <MessageView {...props} />;
  }
  render(<AgentChat agent={agent} messageComponent={CountingMessage} />);
  expect(renders.size).toBe(200);
  renders.clear();

  void agent.send('one more');
  await waitFor(() => expect(push).toBeTypeOf('function'));
  // A burst: 50 tokens arrive before the next frame; the thread is told once.
  const tokens = 50;
  await act(async () => {
    for (let index = 0; index < tokens; index++) push({ type: 'text-delta', id: '0', delta: `token${index} ` });
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  const streamingId = agent.getState().messages.at(-1)!.id;
  await waitFor(() => expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: expect.stringContaining(`token${tokens - 1} `) }]));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });

  const oldRenders = [...renders].filter(([id]) => id.startsWith('old-'));
  // None of the 200 earlier messages re-rendered; the new user message rendered once.
  expect(oldRenders).toEqual([]);
  const userId = agent.getState().messages.at(-2)!.id;
  expect(renders.get(userId)).toBe(1);
  // The streaming message rendered once when it appeared and once per frame of text, not per token
  // (50): the burst arrives in one frame, and a busy machine adds a frame or two around it.
  expect(renders.get(streamingId)).toBeGreaterThanOrEqual(1);
  expect(renders.get(streamingId)).toBeLessThanOrEqual(5);
  // Nothing was lost or reordered on the way.
  const expected = Array.from({ length: tokens }, (_, index) => `token${index} `).join('');
  expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: expected }]);
  await agent.stop();
});
