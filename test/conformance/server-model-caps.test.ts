/**
 * Contract: the server caps what a browser may ask of its model. Every model step gets at most
 * the server's output-token ceiling (`maxOutputTokens`, default 16,384), when the browser asks for
 * more and when it asks for nothing. Sampling settings are range-checked before the model is
 * called (`temperature` 0..2, `topP` (0..1], `topK` a positive integer, `presencePenalty` and
 * `frequencyPenalty` -2..2, `seed` an integer, `stopSequences` at most 4 of 1..100 characters): a
 * value out of range is a 400 that names the setting and its range. A top-level setting the route
 * does not know is a 400 that names it; fields the wire format does not name inside messages and
 * parts (such as `providerOptions`) never reach the model.
 */
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ModelStepRequest } from '../../src/core/index';
import { createAgentHandler, type AgentHandlerOptions } from '../../src/server/index';

const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };

function recordingModel() {
  return new MockLanguageModelV4({
    doStream: async () => ({ stream: simulateReadableStream({ chunks: [{ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }] as never[] }) }),
  });
}

const prompt: ModelStepRequest['prompt'] = [{ role: 'user', content: [{ type: 'text', text: 'Hello.' }] }];

async function step(body: Record<string, unknown>, options: Partial<AgentHandlerOptions> = {}) {
  const model = recordingModel();
  const handler = createAgentHandler({ model, authorize: () => true, onError: () => {}, ...options });
  const response = await handler(new Request('http://localhost/model', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt, ...body }) }));
  const text = await response.text();
  return { status: response.status, text, calls: model.doStreamCalls };
}

describe('the output-token ceiling', () => {
  it('applies the default ceiling of 16,384 when the browser asks for more or for nothing', async () => {
    expect((await step({ maxOutputTokens: 1_000_000 })).calls[0]!.maxOutputTokens).toBe(16_384);
    expect((await step({})).calls[0]!.maxOutputTokens).toBe(16_384);
    expect((await step({ maxOutputTokens: 500 })).calls[0]!.maxOutputTokens).toBe(500);
  });

  it('applies a ceiling set on the server the same way', async () => {
    expect((await step({ maxOutputTokens: 5000 }, { maxOutputTokens: 1000 })).calls[0]!.maxOutputTokens).toBe(1000);
    expect((await step({}, { maxOutputTokens: 1000 })).calls[0]!.maxOutputTokens).toBe(1000);
  });

  it('refuses a ceiling that is not a positive whole number at creation', () => {
    for (const maxOutputTokens of [0, -1, 1.5, Number.NaN]) expect(() => createAgentHandler({ authorize: () => true, maxOutputTokens })).toThrow(/maxOutputTokens/);
  });
});

describe('sampling settings', () => {
  it('passes settings within their ranges to the model', async () => {
    const settings = { temperature: 2, topP: 1, topK: 40, presencePenalty: -2, frequencyPenalty: 2, seed: 7, stopSequences: ['END', 'x'.repeat(100)] };
    const { status, calls } = await step(settings);
    expect(status).toBe(200);
    expect(calls[0]).toMatchObject(settings);
  });

  it.each([
    ['temperature', 2.5, 'a number from 0 to 2'],
    ['temperature', -0.1, 'a number from 0 to 2'],
    ['temperature', 'hot', 'a number from 0 to 2'],
    ['topP', 0, 'a number greater than 0 and at most 1'],
    ['topP', 1.1, 'a number greater than 0 and at most 1'],
    ['topK', 0, 'a positive integer'],
    ['topK', 2.5, 'a positive integer'],
    ['presencePenalty', 3, 'a number from -2 to 2'],
    ['frequencyPenalty', -2.5, 'a number from -2 to 2'],
    ['seed', 1.5, 'an integer'],
    ['stopSequences', ['a', 'b', 'c', 'd', 'e'], 'a list of at most 4 strings of 1 to 100 characters'],
    ['stopSequences', ['x'.repeat(101)], 'a list of at most 4 strings of 1 to 100 characters'],
    ['stopSequences', [''], 'a list of at most 4 strings of 1 to 100 characters'],
    ['maxOutputTokens', 0, 'a positive integer'],
    ['maxOutputTokens', 10.5, 'a positive integer'],
  ])('refuses %s = %j with a 400 that names it and its range, before the model is called', async (name, value, range) => {
    const { status, text, calls } = await step({ [name]: value });
    expect(status).toBe(400);
    const { error } = JSON.parse(text) as { error: { code: string; message: string } };
    expect(error.code).toBe('invalid-request');
    expect(error.message).toContain(`\`${name}\` must be ${range}`);
    expect(calls).toHaveLength(0);
  });
});

describe('settings the route does not know', () => {
  it('refuses an unknown top-level setting with a 400 that names it', async () => {
    for (const name of ['providerOptions', 'headers', 'maxRetries', 'responseFormat']) {
      const { status, text, calls } = await step({ [name]: { openai: { serviceTier: 'priority' } } });
      expect([name, status]).toEqual([name, 400]);
      expect(JSON.parse(text).error.message).toContain(`\`${name}\``);
      expect(calls).toHaveLength(0);
    }
  });

  it('drops fields the wire format does not name inside messages and parts', async () => {
    const withExtras = [
      { role: 'system', content: 'Be brief.', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } },
      { role: 'user', content: [{ type: 'text', text: 'Hi.', providerOptions: { anthropic: { cacheControl: { type: 'ephemeral' } } } }] },
      { role: 'assistant', content: [{ type: 'text', text: 'Hello.', providerOptions: { openai: { itemId: 'msg_someone_elses' } } }] },
      { role: 'user', content: [{ type: 'text', text: 'Again.' }], providerOptions: { openai: { itemId: 'x' } } },
    ];
    const { status, calls } = await step({ prompt: withExtras });
    expect(status).toBe(200);
    expect(JSON.stringify(calls[0]!.prompt)).not.toContain('providerOptions');
    expect(JSON.stringify(calls[0]!.prompt)).not.toContain('itemId');
    expect(calls[0]!.providerOptions ?? {}).toEqual({});
  });

  it('passes back only what a provider issued with reasoning (a thinking signature, a reasoning item), nothing else', async () => {
    const prompt = [
      { role: 'user', content: [{ type: 'text', text: 'Hi.' }] },
      {
        role: 'assistant',
        content: [
          {
            type: 'reasoning',
            text: 'Think.',
            providerOptions: { anthropic: { signature: 'EvQB', cacheControl: { type: 'ephemeral' } }, openai: { itemId: 'rs_1', store: true }, google: { thoughtSignature: 'x' } },
          },
          { type: 'text', text: 'Hello.' },
        ],
      },
      { role: 'user', content: [{ type: 'text', text: 'Again.' }] },
    ];
    const { status, calls } = await step({ prompt });
    expect(status).toBe(200);
    const reasoning = (calls[0]!.prompt[1] as { content: unknown[] }).content[0];
    expect(reasoning).toMatchObject({ type: 'reasoning', text: 'Think.', providerOptions: { anthropic: { signature: 'EvQB' }, openai: { itemId: 'rs_1' } } });
    const sent = JSON.stringify(calls[0]!.prompt);
    for (const dropped of ['cacheControl', 'store', 'thoughtSignature']) expect(sent).not.toContain(dropped);
    // A signature that is not a string is not a signature: the request is refused.
    const bad = await step({ prompt: [prompt[0], { role: 'assistant', content: [{ type: 'reasoning', text: 'x', providerOptions: { anthropic: { signature: 7 } } }] }, prompt[2]] });
    expect(bad.status).toBe(400);
  });
});
