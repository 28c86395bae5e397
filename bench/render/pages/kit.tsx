/**
 * The kit: `<AgentChat>` over `createAgent`, the earlier messages as its initial state, the reply
 * from a language model (AI SDK specification v3) whose stream is the shared token source.
 */
import { createAgent, createInitialState, type Agent, type LanguageModel, type Message } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import 'react-agent-kit/styles.css';
import './page.css';
import { renderInto, startBench } from './harness';
import type { SeedMessage } from './content';

let nextReply: (() => ReadableStream<string>) | undefined;

/** A language model that answers every call with the next reply's tokens as text deltas. */
const tokenModel: LanguageModel = {
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

function toMessage(seed: SeedMessage, index: number): Message {
  return { id: seed.id, role: seed.role, status: 'done', createdAt: 1_700_000_000_000 + index * 1000, parts: [{ type: 'text', id: `${seed.id}-text`, text: seed.text, status: 'done' }] };
}

let agent: Agent | undefined;

startBench({
  // The message list: the log of messages inside the viewport.
  threadSelector: '[role="log"]',
  async mount(container, seed) {
    agent = createAgent({ model: tokenModel, initialState: { ...createInitialState(), messages: seed.map(toMessage) } });
    await renderInto(container, <AgentChat agent={agent} />);
  },
  async send(text, reply) {
    nextReply = reply;
    const result = await agent!.send(text);
    if (result.status !== 'idle') throw new Error(`The run ended as ${result.status}.`);
  },
});
