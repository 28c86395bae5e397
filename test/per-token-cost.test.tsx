// @vitest-environment jsdom
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { MockLanguageModelV3 } from 'ai/test';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AgentChat } from '../src/components/agent-chat';
import { branchPickerPart, MessageView } from '../src/components/message/message-view';
import type { MessageComponentProps } from '../src/components/thread/message-list';
import { createAgent, createInitialState, type Agent, type Message, type ReadonlyAgentStore } from '../src/core/index';
import { preloadChatParts } from './setup/preload-chat-parts';

// What these tests show is there once AgentChat's preloads have run (lazy-parts.test.tsx: when they load).
beforeAll(async () => {
  await preloadChatParts();
  await branchPickerPart.preload();
});

/**
 * The deterministic guard of "O(1) per token in thread length": while a reply streams, the
 * work done per store notification (calls into store listeners: shared selections, the
 * message index, components' own subscriptions) and the messages that re-render must not
 * depend on how many messages came before. Counted, never timed.
 */
afterEach(cleanup);

function history(length: number): Message[] {
  return Array.from({ length }, (_, index) => ({
    id: `old-${index}`,
    role: index % 2 === 0 ? ('user' as const) : ('assistant' as const),
    parts: [{ type: 'text' as const, id: `old-part-${index}`, text: `Message **${index}** with a [link](https://example.com/${index}).`, status: 'done' as const }],
    status: 'done' as const,
    createdAt: index,
  }));
}

/** The agent with a store that counts its subscribers and every call into them. */
function counted(agent: Agent) {
  const counts = { subscribers: 0, listenerCalls: 0 };
  const store: ReadonlyAgentStore = {
    getState: agent.store.getState,
    getInitialState: agent.store.getInitialState,
    subscribe(listener) {
      counts.subscribers += 1;
      const unsubscribe = agent.store.subscribe((state, previous) => {
        counts.listenerCalls += 1;
        listener(state, previous);
      });
      return () => {
        counts.subscribers -= 1;
        unsubscribe();
      };
    },
  };
  return { agent: { ...agent, store }, counts };
}

/** A stored branch after each message of the thread (1,000 branches for 1,000 messages): an edit or a regeneration at every place. */
function withBranches(messages: readonly Message[]): Message[] {
  return messages.map((message, index) => ({
    ...message,
    branches: [{ messages: [{ ...history(1)[0]!, id: `alt-${index}`, role: index % 2 === 0 ? 'assistant' : 'user', createdAt: index + 1.5 }], toolCalls: [] }],
  }));
}

async function streamInto(threadLength: number, branched = false) {
  let push!: (part: unknown) => void;
  const model = new MockLanguageModelV3({
    doStream: async () => ({ stream: new ReadableStream({ start: (controller) => void (push = (part) => controller.enqueue(part)) }) as never }),
  });
  const messages = branched ? withBranches(history(threadLength)) : history(threadLength);
  const { agent, counts } = counted(createAgent({ model, initialState: { ...createInitialState(), messages } }));
  const renders = new Map<string, number>();
  function CountingMessage(props: MessageComponentProps) {
    renders.set(props.message.id, (renders.get(props.message.id) ?? 0) + 1);
    return <MessageView {...props} />;
  }
  render(<AgentChat agent={agent} messageComponent={CountingMessage} />);
  void agent.send('one more');
  await waitFor(() => expect(push).toBeTypeOf('function'));
  await act(async () => {
    push({ type: 'text-start', id: '0' });
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
  renders.clear();
  let notifications = 0;
  const stop = agent.store.subscribe(() => (notifications += 1));
  const callsBefore = counts.listenerCalls;
  // One token per frame: the worst case for the subscribers (every token is a notification).
  for (let index = 0; index < 20; index++) {
    await act(async () => {
      push({ type: 'text-delta', id: '0', delta: `token${index} ` });
      await new Promise((resolve) => setTimeout(resolve, 30));
    });
  }
  stop();
  const listenerCallsPerNotification = (counts.listenerCalls - callsBefore - notifications) / notifications;
  const rerenderedOld = [...renders.keys()].filter((id) => id.startsWith('old-'));
  const subscribers = counts.subscribers;
  await agent.stop();
  return { listenerCallsPerNotification, rerenderedOld, subscribers, notifications };
}

describe('work per streamed token', () => {
  it('does not grow with the thread: 10 earlier messages and 1,000 cost the same', { timeout: 120_000 }, async () => {
    const short = await streamInto(10);
    cleanup();
    const long = await streamInto(1000);
    expect(short.notifications).toBeGreaterThan(5);
    expect(long.notifications).toBeGreaterThan(5);
    // The same number of store subscribers and the same calls into them per notification.
    expect(long.subscribers).toBe(short.subscribers);
    expect(long.listenerCallsPerNotification).toBe(short.listenerCallsPerNotification);
    // And no earlier message re-rendered.
    expect(short.rerenderedOld).toEqual([]);
    expect(long.rerenderedOld).toEqual([]);
  });

  it('does not grow with branches: 1,000 stored branches (a picker under each message) cost what none do', { timeout: 120_000 }, async () => {
    const plain = await streamInto(1000);
    cleanup();
    const branched = await streamInto(1000, true);
    expect(branched.notifications).toBeGreaterThan(5);
    // The pickers shown watch the branches through one shared subscription: the same subscribers
    // (the thread mounts the same rows) and the same calls per streamed token.
    expect(branched.subscribers).toBe(plain.subscribers);
    expect(branched.listenerCallsPerNotification).toBe(plain.listenerCallsPerNotification);
    expect(branched.rerenderedOld).toEqual([]);
    expect(document.querySelectorAll('.rak-branch-picker').length).toBeGreaterThan(0);
  });
});
