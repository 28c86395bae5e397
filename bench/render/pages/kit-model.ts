/**
 * What the kit's pages share: a language model (AI SDK specification v3) whose stream is the
 * shared token source, and the earlier messages as the kit's messages.
 */
import type { LanguageModel, Message } from 'react-agent-kit';
import type { SeedMessage } from './content';

let nextReply: (() => ReadableStream<string>) | undefined;

/** Sets what the next model call streams. */
export function setNextReply(reply: () => ReadableStream<string>): void {
  nextReply = reply;
}

/** A language model that answers every call with the next reply's tokens as text deltas. */
export const tokenModel: LanguageModel = {
  specificationVersion: 'v3',
  provider: 'bench',
  modelId: 'token-stream',
  doStream: async () => {
    const reply = nextReply?.();
    if (reply === undefined) throw new Error('No reply is set.');
    const id = 'text-0';
    let outputTokens = 0;
    const stream = reply.pipeThrough(
      new TransformStream<string, unknown>({
        start(controller) {
          controller.enqueue({ type: 'stream-start', warnings: [] });
          controller.enqueue({ type: 'text-start', id });
        },
        transform(delta, controller) {
          outputTokens++;
          controller.enqueue({ type: 'text-delta', id, delta });
        },
        flush(controller) {
          controller.enqueue({ type: 'text-end', id });
          controller.enqueue({
            type: 'finish',
            finishReason: { unified: 'stop', raw: 'stop' },
            usage: { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: outputTokens, text: outputTokens, reasoning: 0 } },
          });
        },
      }),
    );
    return { stream };
  },
};

/** An earlier message as the kit's message. */
export function toMessage(seed: SeedMessage, index: number): Message {
  return { id: seed.id, role: seed.role, status: 'done', createdAt: 1_700_000_000_000 + index * 1000, parts: [{ type: 'text', id: `${seed.id}-text`, text: seed.text, status: 'done' }] };
}
