/**
 * Contract: failures of the model API end the way the core's retry rules say, with our
 * adapters as with the official providers, and the API key never shows.
 * - 401: the run ends in error at once (no retry), saying to check the key;
 * - 429 with retry-after, 500, an overload reported inside the stream, a network failure, a
 *   stream cut before any output: retried, and the reply arrives;
 * - a stream cut off after output: the partial text stays and the run ends with the
 *   interrupted-stream error (not retried: the user would see the words twice);
 * - stop: the request is aborted, and the connection closed.
 *
 * Where the official providers behave differently, the test says so and asserts it, so a
 * change on either side shows up here.
 */
import { describe, expect, it } from 'vitest';
import { type Agent } from '../../../src/core/index';
import { streamModel } from '../../../src/core/internal';
import { anthropic, ApiCallError, openAICompatible } from '../../../src/core/providers/index';
import { apiKey, assistantText, conversationOf, createTestAgent, implementations, modelFor, runAgainstReplay } from './agent-runs';
import { readFixture, startReplayServer, type ReplayFormat } from './replay-server';

interface FormatCase {
  format: ReplayFormat;
  modelId: string;
  fixture: string;
  /** An error body that echoes the key back, as a careless proxy might. */
  keyEchoingBody: unknown;
  /** An error reported inside a stream that started fine, before any output. */
  inStreamOverload: Array<Record<string, unknown>>;
}

const formats: FormatCase[] = [
  {
    format: 'openai',
    modelId: 'gpt-4.1-nano',
    fixture: 'openai-chat-text.jsonl',
    keyEchoingBody: { error: { message: `Incorrect API key provided: ${apiKey}.`, type: 'invalid_request_error', code: 'invalid_api_key' } },
    inStreamOverload: [{ error: { message: 'The server is overloaded.', type: 'server_error', code: null } }],
  },
  {
    format: 'anthropic',
    modelId: 'claude-sonnet-4-5-20250929',
    fixture: 'anthropic-text.jsonl',
    keyEchoingBody: { type: 'error', error: { type: 'authentication_error', message: `invalid x-api-key ${apiKey}` } },
    inStreamOverload: [
      { type: 'message_start', message: { id: 'msg_1', type: 'message', role: 'assistant', content: [], model: 'claude', usage: { input_tokens: 5, output_tokens: 1 } } },
      { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } },
    ],
  },
];

/** The text of the first `count` events of a recording: the oracle for partial replies. */
function textOfFirstEvents(fixture: string, count: number): string {
  return readFixture(fixture)
    .slice(0, count)
    .map((event) => {
      const chat = (event as { choices?: Array<{ delta?: { content?: unknown } }> }).choices?.[0]?.delta?.content;
      const messages = (event as { delta?: { text?: unknown } }).delta?.text;
      return typeof chat === 'string' ? chat : typeof messages === 'string' ? messages : '';
    })
    .join('');
}

function expectNoKey(agent: Agent): void {
  expect(JSON.stringify(agent.getState())).not.toContain(apiKey);
}

describe.each(formats)('$format errors', ({ format, modelId, fixture, keyEchoingBody, inStreamOverload }) => {
  const fullText = textOfFirstEvents(fixture, Infinity);

  describe.each(implementations)('%s', (implementation) => {
    it('401: ends in error at once, saying to check the key, without retrying', async () => {
      const run = await runAgainstReplay(format, implementation, modelId, [{ status: 401, body: keyEchoingBody }, { fixture }]);
      expect(run.result.status).toBe('error');
      expect(run.result.error).toMatchObject({ code: 'model-error', retryable: false });
      // Ours: "Anthropic rejected the API key (401): ..."; the official provider's errors get the core's wording.
      expect(run.result.error!.message).toMatch(/API key.*\(401\)|\(401\).*API key/);
      expect(run.requests).toHaveLength(1);
      expectNoKey(run.agent);
    });

    it('429 with retry-after: retried after the wait, and the reply arrives', async () => {
      const run = await runAgainstReplay(format, implementation, modelId, [{ status: 429, headers: { 'retry-after': '0' }, body: { error: { type: 'rate_limit_error', message: 'Slow down.' } } }, { fixture }]);
      expect(run.result).toEqual({ status: 'idle', error: null });
      expect(run.requests).toHaveLength(2);
      expect(assistantText(run.conversation, 'text')).toBe(fullText);
      expect(run.conversation.messages.at(-1)!.parts[0]).toEqual({ type: 'notice', code: 'model-retry' });
    });

    it('429: the wait is the server retry-after, capped by the policy', async () => {
      const server = await startReplayServer(format);
      try {
        const delays: number[] = [];
        for (const maxDelayMs of [20_000, 50]) {
          server.reply({ status: 429, headers: { 'retry-after': '3' } }, { text: 'ok' });
          const events = streamModel(modelFor(format, implementation, server.baseURL, modelId), { prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }] }, {
            signal: new AbortController().signal,
            retryPolicy: { maxRetries: 2, initialDelayMs: 1, maxDelayMs },
            onRetry: ({ delayMs }) => delays.push(delayMs),
            sleep: async () => {},
          });
          for await (const _event of events) {
            // drain
          }
        }
        expect(delays).toEqual([3000, 50]);
      } finally {
        await server.close();
      }
    });

    it('500, then success: retried, and the reply arrives', async () => {
      const run = await runAgainstReplay(format, implementation, modelId, [{ status: 500 }, { fixture }]);
      expect(run.result).toEqual({ status: 'idle', error: null });
      expect(run.requests).toHaveLength(2);
      expect(assistantText(run.conversation, 'text')).toBe(fullText);
    });

    it('an overload reported inside the stream before any output: retried', async () => {
      const run = await runAgainstReplay(format, implementation, modelId, [{ events: inStreamOverload }, { fixture }]);
      expect(run.result).toEqual({ status: 'idle', error: null });
      expect(run.requests).toHaveLength(2);
      expect(assistantText(run.conversation, 'text')).toBe(fullText);
    });

    it('a stream cut off before any output: retried', async () => {
      const run = await runAgainstReplay(format, implementation, modelId, [{ fixture, cutAfter: 1 }, { fixture }]);
      expect(run.result).toEqual({ status: 'idle', error: null });
      expect(run.requests).toHaveLength(2);
      expect(assistantText(run.conversation, 'text')).toBe(fullText);
    });

    it('stop: aborts the request, closes the connection and keeps what streamed', async () => {
      const server = await startReplayServer(format);
      try {
        server.reply({ fixture, holdAfter: 6 });
        const streamed = textOfFirstEvents(fixture, 6);
        const agent = createTestAgent(modelFor(format, implementation, server.baseURL, modelId));
        const textArrived = new Promise<void>((resolve) =>
          agent.subscribe((state) => {
            const last = state.messages.at(-1);
            if (last?.role === 'assistant' && last.parts.some((part) => part.type === 'text' && part.text === streamed)) resolve();
          }),
        );
        const done = agent.send('Hello');
        await textArrived;
        await agent.stop();
        expect(await done).toEqual({ status: 'idle', error: null });
        await server.clientClosed(0);
        const reply = conversationOf(agent).messages.at(-1)!;
        expect(reply.status).toBe('stopped');
        expect(assistantText(conversationOf(agent), 'text')).toBe(streamed);
      } finally {
        await server.close();
      }
    });
  });

  it('a stream cut off after output: keeps the partial text and ends with the interrupted-stream error, not retried (ours)', async () => {
    const run = await runAgainstReplay(format, 'ours', modelId, [{ fixture, cutAfter: 5 }, { fixture }]);
    expect(run.result.status).toBe('error');
    expect(run.result.error).toMatchObject({ code: 'model-stream-interrupted', retryable: true });
    expect(run.requests).toHaveLength(1);
    expect(textOfFirstEvents(fixture, 5)).not.toBe('');
    expect(assistantText(run.conversation, 'text')).toBe(textOfFirstEvents(fixture, 5));
    expect(run.conversation.messages.at(-1)!.status).toBe('error');
  });

  it('a stream that ends early without its final event: also an interrupted stream (ours)', async () => {
    const run = await runAgainstReplay(format, 'ours', modelId, [{ fixture, endAfter: 5 }, { fixture }]);
    expect(run.result.error).toMatchObject({ code: 'model-stream-interrupted' });
    expect(assistantText(run.conversation, 'text')).toBe(textOfFirstEvents(fixture, 5));
  });

  it('the official provider on cut streams: a destroyed socket and an early end are both an interrupted stream', async () => {
    // A destroyed socket errors the official provider's stream ("Failed to process successful response", status 200).
    const cut = await runAgainstReplay(format, 'official', modelId, [{ fixture, cutAfter: 5 }, { fixture }]);
    expect(cut.result.error).toMatchObject({ code: 'model-stream-interrupted', message: 'The connection to the model was cut off before the reply finished.' });
    expect(assistantText(cut.conversation, 'text')).toBe(textOfFirstEvents(fixture, 5));
    // A clean early end: the official (spec v4) provider emits a finish with reason "interrupted",
    // which the core reads as an interrupted stream, like our adapters' missing finish.
    const ended = await runAgainstReplay(format, 'official', modelId, [{ fixture, endAfter: 5 }, { fixture }]);
    expect(ended.result.error).toMatchObject({ code: 'model-stream-interrupted' });
    expect(assistantText(ended.conversation, 'text')).toBe(textOfFirstEvents(fixture, 5));
  });

  it('our errors say what happened and never contain the key, even when the server echoes it', async () => {
    const server = await startReplayServer(format);
    try {
      const model = modelFor(format, 'ours', server.baseURL, modelId);
      const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }];
      const label = format === 'openai' ? 'replay' : 'Anthropic';
      const cases: Array<[object, string]> = [
        [{ status: 401, body: keyEchoingBody }, `${label} rejected the API key (401): `],
        [{ status: 429, headers: { 'retry-after': '2' }, body: { error: { message: `Rate limit for ${apiKey}` } } }, `${label} is rate limiting requests (429): Rate limit for [redacted]`],
        [{ status: 500, body: 'Internal error' }, `${label} had a server error (500): Internal error`],
      ];
      for (const [reply, message] of cases) {
        server.reply(reply as never);
        const error = await Promise.resolve(model.doStream({ prompt } as never)).catch((caught: unknown) => caught);
        expect(error).toBeInstanceOf(ApiCallError);
        const apiError = error as ApiCallError;
        expect(apiError.message.startsWith(message), apiError.message).toBe(true);
        expect(`${apiError.message} ${apiError.responseBody} ${JSON.stringify(apiError.responseHeaders)} ${JSON.stringify(apiError.requestBodyValues)}`).not.toContain(apiKey);
      }
    } finally {
      await server.close();
    }
  });
});

describe('network failures (ours)', () => {
  it('a rejected fetch is retried, and the reply arrives', async () => {
    const server = await startReplayServer('openai');
    try {
      server.reply({ text: 'Back online.' });
      let calls = 0;
      const flaky: typeof fetch = (url, init) => (calls++ === 0 ? Promise.reject(new TypeError('fetch failed')) : fetch(url, init));
      const agent = createTestAgent(openAICompatible({ baseURL: server.baseURL, apiKey, model: 'm', fetch: flaky }));
      expect(await agent.send('Hello')).toEqual({ status: 'idle', error: null });
      expect(calls).toBe(2);
      expect(assistantText(conversationOf(agent), 'text')).toBe('Back online.');
    } finally {
      await server.close();
    }
  });

  it('an unreachable server: retried, then the run ends saying where the request went, without the key', async () => {
    const server = await startReplayServer('anthropic');
    const baseURL = server.baseURL;
    await server.close();
    const agent = createTestAgent(anthropic({ baseURL, apiKey, model: 'claude' }), { retry: { maxRetries: 1, initialDelayMs: 1 } });
    const result = await agent.send('Hello');
    expect(result.status).toBe('error');
    expect(result.error).toMatchObject({ code: 'model-error', retryable: true });
    expect(result.error!.message).toContain(`Could not reach Anthropic at ${baseURL}/messages: fetch failed`);
    expect(conversationOf(agent).messages.at(-1)!.parts).toEqual([{ type: 'notice', code: 'model-retry' }]);
    expectNoKey(agent);
  });
});
