/**
 * A reply of many short text parts (issue 26, item 14), through the agent and through
 * `agentChatTransport` read to its end. Run: `npm run bench`. Rows of one run should grow in
 * proportion to the parts (linear); compare ratios, not absolute numbers.
 */
import { bench, describe } from 'vitest';
import { agentChatTransport } from '../src/ai-sdk/agent-chat-transport';
import { createAgent, type LanguageModel } from '../src/core/index';

/** A model whose reply is `parts` text parts of one delta each, read as fast as it is asked for. */
function manyPartsModel(parts: number): LanguageModel {
  return {
    specificationVersion: 'v3',
    provider: 'bench',
    modelId: 'many-parts',
    doStream: () => {
      function* reply() {
        yield { type: 'stream-start', warnings: [] };
        for (let index = 0; index < parts; index++) {
          yield { type: 'text-start', id: `t${index}` };
          yield { type: 'text-delta', id: `t${index}`, delta: `${index} ` };
          yield { type: 'text-end', id: `t${index}` };
        }
        yield { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage: { inputTokens: { total: 1 }, outputTokens: { total: parts } } };
      }
      const items = reply();
      // Pulled one by one: a stream filled up front would measure Node's queue, not the kit.
      const stream = new ReadableStream({
        pull(controller) {
          const next = items.next();
          if (next.done) controller.close();
          else controller.enqueue(next.value);
        },
      }, { highWaterMark: 0 });
      return Promise.resolve({ stream });
    },
  } as unknown as LanguageModel;
}

const sizes = [1_000, 2_500, 5_000];

describe('agent.send: a reply of N text parts', () => {
  for (const parts of sizes) bench(`${parts} parts`, async () => void (await createAgent({ model: manyPartsModel(parts) }).send('Go')), { iterations: 3, warmupIterations: 1 });
});

describe('agentChatTransport: a reply of N text parts, read to its end', () => {
  for (const parts of sizes) {
    bench(`${parts} parts`, async () => {
      const transport = agentChatTransport(createAgent({ model: manyPartsModel(parts) }));
      const stream = await transport.sendMessages({ trigger: 'submit-message', chatId: 'bench', messageId: undefined, messages: [{ id: 'u', role: 'user', parts: [{ type: 'text', text: 'Go' }] }], abortSignal: undefined });
      const reader = stream.getReader();
      while (!(await reader.read()).done);
    }, { iterations: 3, warmupIterations: 1 });
  }
});
