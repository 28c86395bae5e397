import { isStepCount, jsonSchema, streamText, tool } from 'ai';
import { describe, expect, it } from 'vitest';
import type { ModelStreamEvent } from '../core/model/language-model';
import { streamModel } from '../core/model/stream-model';
import { hangingModel, scriptedModel } from './index';
import { failingCall, reasoning, streamError, text, toolCall } from './step-builders';

const prompt = [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hello' }] }];

async function collect(events: AsyncIterable<ModelStreamEvent>): Promise<ModelStreamEvent[]> {
  const list: ModelStreamEvent[] = [];
  for await (const event of events) list.push(event);
  return list;
}

describe('scriptedModel', () => {
  it('plays one step per call: a tool call, then text (through AI SDK streamText)', async () => {
    const model = scriptedModel([[reasoning('Need the weather.'), toolCall('get_weather', { city: 'Paris' })], text('Sunny in Paris.')]);
    const result = streamText({
      model,
      prompt: 'Weather in Paris?',
      stopWhen: isStepCount(3),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } } }),
          execute: async ({ city }) => `${city}: sunny`,
        }),
      },
    });
    expect(await result.text).toBe('Sunny in Paris.');
    expect(model.calls).toHaveLength(2);
    expect(model.calls[1]?.prompt.at(-1)).toMatchObject({ role: 'tool', content: [{ output: { type: 'text', value: 'Paris: sunny' } }] });
  });

  it('rejects clearly when called more often than scripted', async () => {
    const model = scriptedModel(['Only one.']);
    await model.doStream({ prompt });
    await expect(model.doStream({ prompt })).rejects.toThrow('The scripted model has no step for call 2');
  });

  it('accepts a function of the call', async () => {
    const model = scriptedModel(({ lastUserText }) => `Echo: ${lastUserText}`);
    const events = await collect(streamModel(model, { prompt }, { signal: new AbortController().signal }));
    const textOut = events.flatMap((event) => (event.type === 'text-delta' ? [event.delta] : [])).join('');
    expect(textOut).toBe('Echo: Hello');
    expect(events.at(-1)).toMatchObject({ type: 'finish', finishReason: 'stop' });
  });

  it('lets the core retry a rate-limited call, honoring retry-after', async () => {
    const model = scriptedModel([failingCall('Slow down', { status: 429, retryAfter: 2 }), 'Back again.']);
    const retries: Array<{ attempt: number; delayMs: number }> = [];
    const events = await collect(
      streamModel(model, { prompt }, {
        signal: new AbortController().signal,
        onRetry: ({ attempt, delayMs }) => retries.push({ attempt, delayMs }),
        sleep: async () => {},
      }),
    );
    expect(retries).toEqual([{ attempt: 1, delayMs: 2000 }]);
    expect(events.at(-1)).toMatchObject({ type: 'finish' });
    expect(model.calls).toHaveLength(2);
  });

  it('surfaces a stream error after output as an error event', async () => {
    const model = scriptedModel([[text('Half of it'), streamError('connection reset')]]);
    const events = await collect(streamModel(model, { prompt }, { signal: new AbortController().signal }));
    expect(events.some((event) => event.type === 'text-delta')).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'error', error: { message: 'connection reset' } });
  });
});

describe('hangingModel', () => {
  it('streams a few tokens, then waits until aborted', async () => {
    const controller = new AbortController();
    const model = hangingModel({ text: 'Let me see' });
    const reader = (await model.doStream({ prompt, abortSignal: controller.signal })).stream.getReader();
    const types: string[] = [];
    for (let part = await reader.read(); part.value?.type !== 'text-end'; part = await reader.read()) types.push(String(part.value?.type));
    expect(types).toContain('text-delta');
    const pending = reader.read();
    const outcome = await Promise.race([pending.then(() => 'read'), new Promise((resolve) => setTimeout(resolve, 30, 'waiting'))]);
    expect(outcome).toBe('waiting');
    const reason = new Error('stopped by the user');
    controller.abort(reason);
    await expect(pending).rejects.toBe(reason);
  });

  it('ends the core stream promptly on abort, with or without output', async () => {
    for (const model of [hangingModel(), hangingModel({ text: '' }), hangingModel({ hangWhile: 'connecting' })]) {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 20);
      const events: ModelStreamEvent[] = [];
      const reading = (async () => {
        for await (const event of streamModel(model, { prompt }, { signal: controller.signal })) events.push(event);
      })();
      await expect(reading).rejects.toMatchObject({ name: 'AbortError' });
      expect(events.some((event) => event.type === 'finish')).toBe(false);
    }
  });

  it('hangs in doStream itself when asked to, until aborted', async () => {
    const controller = new AbortController();
    const call = hangingModel({ hangWhile: 'connecting' }).doStream({ prompt, abortSignal: controller.signal });
    controller.abort(new Error('gave up'));
    await expect(call).rejects.toThrow('gave up');
  });
});
