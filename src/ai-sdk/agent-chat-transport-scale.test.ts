/**
 * The transport's work per notification does not grow with the reply (issue 26, item 14): a reply
 * of thousands of short parts, announced part by part, is read part by part. Counted, not timed:
 * the parts lists the agent hands out count every element the transport reads.
 */
import type { UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createInitialState, type Agent, type AgentState, type Message, type MessagePart, type RunResult } from '../core/index';
import { agentChatTransport } from './agent-chat-transport';

/** An agent whose state the test sets, with the parts lists counting reads by index. */
function drivenAgent() {
  let reads = 0;
  const counting = (parts: MessagePart[]) =>
    new Proxy(parts, {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
  let state: AgentState = createInitialState();
  const listeners = new Set<(state: AgentState, previous: AgentState) => void>();
  let finish: (result: RunResult) => void = () => {};
  const agent = {
    getState: () => state,
    subscribe: (listener: (state: AgentState, previous: AgentState) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    send: () => new Promise<RunResult>((resolve) => (finish = resolve)),
    stop: () => Promise.resolve(),
    on: () => () => {},
    tools: [],
  } as unknown as Agent;
  return {
    agent,
    set(messages: Message[], status: AgentState['status'] = 'running') {
      const previous = state;
      state = { ...state, status, messages: messages.map((message) => ({ ...message, parts: counting(message.parts) })) };
      for (const listener of listeners) listener(state, previous);
    },
    finish: () => finish({ status: 'idle', error: null }),
    reads: () => reads,
  };
}

describe('agentChatTransport with a reply of many parts', () => {
  it('reads each part a constant number of times, however many parts the reply has', async () => {
    const driven = drivenAgent();
    const stream = await agentChatTransport(driven.agent).sendMessages({ trigger: 'submit-message', chatId: 'c', messageId: undefined, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Go' }] }], abortSignal: undefined });
    const user: Message = { id: 'u1', role: 'user', parts: [{ type: 'text', id: 'q', text: 'Go', status: 'done' }], status: 'done', createdAt: 0 };
    const parts: MessagePart[] = [];
    const count = 3_000;
    for (let index = 0; index < count; index++) {
      parts.push({ type: 'text', id: `p${index}`, text: `${index} `, status: 'done' });
      driven.set([user, { id: 'a1', role: 'assistant', parts: parts.slice(), status: 'streaming', createdAt: 0 }]);
    }
    driven.set([user, { id: 'a1', role: 'assistant', parts: parts.slice(), status: 'done', createdAt: 0 }], 'idle');
    driven.finish();
    const chunks: UIMessageChunk[] = [];
    for await (const chunk of stream as unknown as AsyncIterable<UIMessageChunk>) chunks.push(chunk);
    expect(chunks.filter((chunk) => chunk.type === 'text-delta').map((chunk) => (chunk as { delta: string }).delta).join('')).toBe(parts.map((part) => (part as { text: string }).text).join(''));
    expect(chunks.filter((chunk) => chunk.type === 'text-end')).toHaveLength(count);
    // Before: every notification read every part again, 4.5 million reads.
    expect(driven.reads()).toBeLessThanOrEqual(4 * count);
  });
});
