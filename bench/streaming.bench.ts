/**
 * What one streamed token costs, as the thread grows. Run: `npm run bench`.
 * Compare rows within one run (ratios), not across machines: timings here are noisy.
 */
import { bench, describe } from 'vitest';
import { parseBlocks } from '../src/components/markdown/index';
import { createInitialState, reduce, type AgentState, type Message } from '../src/core/index';

function threadOf(length: number): AgentState {
  const messages: Message[] = Array.from({ length }, (_, index) => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    parts: [{ type: 'text', id: `p${index}`, text: 'Some earlier message text. '.repeat(8), status: 'done' }],
    status: 'done',
    createdAt: index,
  }));
  messages.push({ id: 'live', role: 'assistant', parts: [{ type: 'text', id: 'live-part', text: '', status: 'streaming' }], status: 'streaming', createdAt: length });
  return { ...createInitialState(), messages, status: 'running' };
}

describe('reduce: 1,000 text-delta events into the last message', () => {
  for (const length of [10, 100, 1_000]) {
    const start = threadOf(length);
    bench(`thread of ${length} messages`, () => {
      let state = start;
      for (let index = 0; index < 1_000; index++) state = reduce(state, { type: 'text-delta', messageId: 'live', partId: 'live-part', delta: 'token ' });
    });
  }
});

describe('markdown: re-parse the streaming message after a chunk', () => {
  const paragraph = 'A sentence with **bold**, `code` and a [link](https://example.com). '.repeat(6);
  for (const kilobytes of [2, 20]) {
    const text = Array.from({ length: Math.ceil((kilobytes * 1024) / paragraph.length) }, () => paragraph).join('\n\n');
    bench(`message of ${kilobytes} KB`, () => {
      parseBlocks(text);
    });
  }
});
