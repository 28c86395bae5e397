/**
 * A reply of thousands of short parts costs linear work (issue 26, item 14): each application of
 * buffered stream events copies the message's parts once, not once per event. Counted, not timed:
 * every reducer call of the store is wrapped and adds the length of each parts array it made new.
 */
import { describe, expect, it, vi } from 'vitest';
import type { AgentState } from './state';

const counted = vi.hoisted(() => ({ partsCopied: 0, calls: 0 }));

function countCopies(before: AgentState, after: AgentState): void {
  counted.calls++;
  const earlier = new Map(before.messages.map((message) => [message.id, message.parts]));
  for (const message of after.messages) if (earlier.get(message.id) !== message.parts) counted.partsCopied += message.parts.length;
}

vi.mock('./reducer', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./reducer')>();
  return {
    ...actual,
    reduce: (state: AgentState, event: Parameters<typeof actual.reduce>[1]) => {
      const next = actual.reduce(state, event);
      countCopies(state, next);
      return next;
    },
  };
});
vi.mock('./apply-stream-events', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./apply-stream-events')>();
  return {
    ...actual,
    applyStreamEvents: (state: AgentState, events: Parameters<typeof actual.applyStreamEvents>[1]) => {
      const next = actual.applyStreamEvents(state, events);
      countCopies(state, next);
      return next;
    },
  };
});

const { createAgentStore } = await import('./store');
const { createInitialState } = await import('./state');

describe('a reply of many text parts', () => {
  it('copies the parts a number of times linear in the parts, not quadratic, and announces them per frame', () => {
    const frames: Array<() => void> = [];
    const agentStore = createAgentStore(createInitialState(), () => 0, (notify) => {
      frames.push(notify);
      return () => frames.splice(frames.indexOf(notify), 1);
    });
    agentStore.dispatch({ type: 'message-add', message: { id: 'm1', role: 'assistant', parts: [], status: 'streaming', createdAt: 0 } });
    let notifications = 0;
    agentStore.store.subscribe(() => notifications++);
    counted.partsCopied = 0;
    const parts = 5_000;
    for (let index = 0; index < parts; index++) {
      agentStore.dispatch({ type: 'text-start', messageId: 'm1', partId: `p${index}` });
      agentStore.dispatch({ type: 'text-delta', messageId: 'm1', partId: `p${index}`, delta: `${index} ` });
      agentStore.dispatch({ type: 'text-end', messageId: 'm1', partId: `p${index}` });
      // A frame now and then, as a stream at network pace gets.
      if (index % 1_000 === 999) frames.splice(0).forEach((notify) => notify());
    }
    agentStore.dispatch({ type: 'message-finish', messageId: 'm1', status: 'done' });
    const message = agentStore.store.getState().messages[0]!;
    expect(message.parts).toHaveLength(parts);
    expect(message.parts.at(-1)).toEqual({ type: 'text', id: 'p4999', text: '4999 ', status: 'done' });
    expect(message.parts.every((part) => part.type === 'text' && part.status === 'done')).toBe(true);
    // Five frames of 1,000 parts each copy what the message has then (15,000), and the finish once more (5,000).
    // Before: three copies per part, about 37.5 million.
    expect(counted.partsCopied).toBeLessThanOrEqual(4 * parts);
    // Before: two per part (its start and its end notified at once), 10,001.
    expect(notifications).toBe(6);
  });
});
