import { describe, expect, it } from 'vitest';
import type { LanguageModel } from './language-model';
import { streamModel } from './stream-model';

/** A model whose stream has `after` chunks following the finish (say, a `[DONE]` line), and says whether it was read to its end or cancelled. */
function modelWithTail(after: number, options: { hold?: boolean } = {}) {
  const seen = { closed: false, cancelled: false };
  const model: LanguageModel = {
    specificationVersion: 'v3',
    provider: 'test',
    modelId: 'tail',
    doStream: async () => {
      let sent = 0;
      const parts = [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Hi.' },
        { type: 'text-end', id: 't' },
        { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1 }, outputTokens: { total: 1 } } },
        ...Array.from({ length: after }, () => ({ type: 'raw', rawValue: '[DONE]' })),
      ];
      return {
        stream: new ReadableStream({
          pull(controller) {
            if (sent < parts.length) controller.enqueue(parts[sent++]);
            else if (!options.hold) {
              seen.closed = true;
              controller.close();
            }
          },
          cancel() {
            seen.cancelled = true;
          },
        }),
      };
    },
  };
  return { model, seen };
}

describe('streamModel', () => {
  it('reads a finished stream to its end instead of cancelling it (the network panel shows a finished request)', async () => {
    const { model, seen } = modelWithTail(2);
    const events = [];
    for await (const event of streamModel(model, { prompt: [] }, { signal: new AbortController().signal })) events.push(event.type);
    expect(events).toEqual(['text-start', 'text-delta', 'text-end', 'finish']);
    await expect.poll(() => seen.closed).toBe(true);
    expect(seen.cancelled).toBe(false);
  });

  it('lets go of a stream that stays open after its finish, and cancels one the caller abandons', async () => {
    const held = modelWithTail(100);
    for await (const event of streamModel(held.model, { prompt: [] }, { signal: new AbortController().signal })) void event;
    // 16 reads past the finish at most, then cancelled.
    await expect.poll(() => held.seen.cancelled).toBe(true);

    const abandoned = modelWithTail(0);
    for await (const event of streamModel(abandoned.model, { prompt: [] }, { signal: new AbortController().signal })) if (event.type === 'text-delta') break;
    expect(abandoned.seen.cancelled).toBe(true);
  });
});
