import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { generateText, isStepCount, jsonSchema, streamText, tool } from 'ai';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LanguageModel } from '../model/language-model';
import {
  describeCall,
  scriptedModel,
  stepsInOrder,
  toScriptedStep,
  type ScriptedCall,
  type ScriptedCallOptions,
  type ScriptedStreamPart,
} from './scripted-model';

async function readAll<T>(stream: ReadableStream<T>): Promise<T[]> {
  const parts: T[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parts;
    parts.push(value);
  }
}

const userPrompt = (text: string): ScriptedCallOptions => ({
  prompt: [{ role: 'user', content: [{ type: 'text', text }] }],
});

/** Reads one part while fake time moves on, so paced chunks arrive. */
function readWithTime<T>(reader: ReadableStreamDefaultReader<T>): () => Promise<ReadableStreamReadResult<T>> {
  return async () => {
    const result = reader.read();
    await vi.advanceTimersByTimeAsync(40);
    return result;
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('scriptedModel', () => {
  it('fits the AI SDK v3 interface and the core interface (checked by the compiler)', () => {
    const model = scriptedModel(['hi']);
    const asV3: LanguageModelV3 = model;
    const asCore: LanguageModel = model;
    // Every part we emit is a valid v3 stream part.
    const part: LanguageModelV3StreamPart = { type: 'stream-start', warnings: [] } satisfies ScriptedStreamPart;
    expect([asV3.specificationVersion, asCore.provider, part.type]).toEqual(['v3', 'scripted', 'stream-start']);
  });

  it('streams text in several word-sized chunks, framed by start, metadata and finish parts', async () => {
    const text = 'The quick brown fox jumps over the lazy dog, twice.\n\nThen it rests.';
    const model = scriptedModel([text]);
    const parts = await readAll((await model.doStream(userPrompt('go'))).stream);
    expect(parts.map((part) => part.type).slice(0, 3)).toEqual(['stream-start', 'response-metadata', 'text-start']);
    const deltas = parts.flatMap((part) => (part.type === 'text-delta' ? [part.delta] : []));
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(text);
    for (const delta of deltas) expect(delta.trim().split(/\s+/).length).toBeLessThanOrEqual(3);
    const finish = parts.at(-1);
    expect(finish).toMatchObject({ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' } });
    if (finish?.type !== 'finish') throw new Error('no finish');
    expect(finish.usage.outputTokens).toEqual({ total: Math.ceil(text.length / 4), text: Math.ceil(text.length / 4), reasoning: 0 });
    expect(finish.usage.inputTokens).toEqual({ total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 });
  });

  it('streams tool input as start, deltas, end, then the tool call, with matching ids', async () => {
    const input = { city: 'Paris', unit: 'celsius', days: 3 };
    const model = scriptedModel([{ type: 'tool-call', toolName: 'get_weather', input }]);
    const parts = await readAll((await model.doStream(userPrompt('weather'))).stream);
    const types = parts.map((part) => part.type);
    expect(types.filter((type) => type.startsWith('tool-'))).toEqual([
      'tool-input-start',
      ...types.filter((type) => type === 'tool-input-delta'),
      'tool-input-end',
      'tool-call',
    ]);
    const start = parts.find((part) => part.type === 'tool-input-start');
    const call = parts.find((part) => part.type === 'tool-call');
    if (start?.type !== 'tool-input-start' || call?.type !== 'tool-call') throw new Error('missing parts');
    const deltas = parts.flatMap((part) => (part.type === 'tool-input-delta' && part.id === start.id ? [part.delta] : []));
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join('')).toBe(call.input);
    expect(call).toMatchObject({ toolCallId: start.id, toolName: 'get_weather' });
    expect(JSON.parse(call.input)).toEqual(input);
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'tool-calls' } });
  });

  it('uses the given tool call id, reasoning parts and usage', async () => {
    const model = scriptedModel([
      {
        items: [
          { type: 'reasoning', text: 'Let me think.' },
          { type: 'tool-call', toolName: 'list_files', input: {}, toolCallId: 'call-1' },
        ],
        usage: { inputTokens: 10, outputTokens: 7, reasoningTokens: 3, cachedInputTokens: 4 },
        finishReason: 'other',
      },
    ]);
    const parts = await readAll((await model.doStream(userPrompt('go'))).stream);
    expect(parts.map((part) => part.type)).toContain('reasoning-delta');
    expect(parts.find((part) => part.type === 'tool-call')).toMatchObject({ toolCallId: 'call-1', input: '{}' });
    expect(parts.at(-1)).toEqual({
      type: 'finish',
      finishReason: { unified: 'other', raw: 'other' },
      usage: { inputTokens: { total: 10, noCache: 6, cacheRead: 4, cacheWrite: 0 }, outputTokens: { total: 7, text: 4, reasoning: 3 } },
    });
  });

  it('emits an error part where the script says, and finishes with reason error', async () => {
    const failure = new Error('network down');
    const model = scriptedModel([[{ type: 'text', text: 'Part of it' }, { type: 'error', error: failure }]]);
    const parts = await readAll((await model.doStream(userPrompt('go'))).stream);
    const types = parts.map((part) => part.type);
    expect(types.indexOf('error')).toBeGreaterThan(types.indexOf('text-end'));
    expect(parts.find((part) => part.type === 'error')).toEqual({ type: 'error', error: failure });
    expect(parts.at(-1)).toMatchObject({ finishReason: { unified: 'error' } });
  });

  it('rejects doStream for a throw item, and when the script runs out', async () => {
    const failure = Object.assign(new Error('rate limited'), { statusCode: 429 });
    const model = scriptedModel([{ type: 'throw', error: failure }]);
    await expect(model.doStream(userPrompt('a'))).rejects.toBe(failure);
    await expect(model.doStream(userPrompt('b'))).rejects.toThrow(/no step for call 2: the script has 1 step/);
    expect(model.calls).toHaveLength(2);
  });

  it('records the options of every call and tells the script about the turn', async () => {
    const seen: ScriptedCall[] = [];
    const model = scriptedModel((call) => {
      seen.push(call);
      return 'ok';
    });
    const options: ScriptedCallOptions = {
      prompt: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: [{ type: 'text', text: 'Hello' }, { type: 'text', text: 'there' }] },
        { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'c1', toolName: 'list_files', input: {} }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'c1', toolName: 'list_files', output: { type: 'json', value: [] } }] },
      ],
      tools: [{ type: 'function', name: 'list_files', inputSchema: { type: 'object' } }],
    };
    await model.doStream(options);
    expect(model.calls).toEqual([options]);
    expect(seen[0]).toMatchObject({ stepIndex: 1, callIndex: 0, lastUserText: 'Hello\nthere', tools: options.tools });
    expect(describeCall({ prompt: [] }, 3)).toMatchObject({ stepIndex: 0, callIndex: 3, lastUserText: '', tools: [] });
  });

  it('accepts step shorthands', () => {
    expect(toScriptedStep('Hi')).toEqual({ items: [{ type: 'text', text: 'Hi' }] });
    expect(toScriptedStep({ type: 'reasoning', text: 'r' })).toEqual({ items: [{ type: 'reasoning', text: 'r' }] });
    expect(toScriptedStep([{ type: 'pause', ms: 1 }])).toEqual({ items: [{ type: 'pause', ms: 1 }] });
    expect(stepsInOrder(['a', 'b'])(describeCall({ prompt: [] }, 1))).toBe('b');
  });

  it('sets no timer at all without a chunk delay', async () => {
    vi.useFakeTimers();
    const model = scriptedModel(['one two three four five six seven']);
    // With fake timers, any setTimeout would hang this read forever.
    const parts = await readAll((await model.doStream(userPrompt('go'))).stream);
    expect(parts.at(-1)?.type).toBe('finish');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('paces chunks with the chunk delay', async () => {
    vi.useFakeTimers();
    const model = scriptedModel(['one two three four five six'], { chunkDelayMs: (index) => 10 + index });
    const reader = (await model.doStream(userPrompt('go'))).stream.getReader();
    const types: string[] = [];
    const reading = (async () => {
      for (let result = await reader.read(); !result.done; result = await reader.read()) types.push(result.value.type);
    })();
    await vi.advanceTimersByTimeAsync(5);
    expect(types).not.toContain('text-delta');
    await vi.advanceTimersByTimeAsync(1_000);
    await reading;
    expect(types.filter((type) => type === 'text-delta').length).toBeGreaterThan(2);
  });

  it('errors the stream with the abort reason and clears its timer when aborted', async () => {
    vi.useFakeTimers();
    const controller = new AbortController();
    const model = scriptedModel(['a b c d e f g h i j k l'], { chunkDelayMs: 30 });
    const reader = (await model.doStream({ ...userPrompt('go'), abortSignal: controller.signal })).stream.getReader();
    const read = readWithTime(reader);
    let part = await read();
    while (part.value?.type !== 'text-delta') part = await read();
    // Take the chunk the stream buffered ahead: it then waits for the next chunk's timer.
    await reader.read();
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount()).toBe(1);
    const reason = new Error('user stopped');
    controller.abort(reason);
    await expect(reader.read()).rejects.toBe(reason);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const model = scriptedModel(['never']);
    await expect(model.doStream({ ...userPrompt('go'), abortSignal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('stops its timers when the reader cancels, and an infinite pause lasts until then', async () => {
    vi.useFakeTimers();
    const model = scriptedModel([[{ type: 'text', text: 'Hello there' }, { type: 'pause', ms: Number.POSITIVE_INFINITY }, { type: 'text', text: 'never' }]], { chunkDelayMs: 5 });
    const reader = (await model.doStream(userPrompt('go'))).stream.getReader();
    const read = readWithTime(reader);
    const types: unknown[] = [];
    for (let index = 0; index < 5; index += 1) types.push((await read()).value?.type);
    expect(types).toEqual(['stream-start', 'response-metadata', 'text-start', 'text-delta', 'text-end']);
    const pending = reader.read();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(vi.getTimerCount()).toBe(0);
    await reader.cancel();
    await expect(pending).resolves.toEqual({ done: true, value: undefined });
  });

  it('stops a paced stream when the reader cancels', async () => {
    vi.useFakeTimers();
    const model = scriptedModel(['a b c d e f g h'], { chunkDelayMs: 30 });
    const reader = (await model.doStream(userPrompt('go'))).stream.getReader();
    const read = readWithTime(reader);
    while ((await read()).value?.type !== 'text-delta');
    await reader.read();
    await vi.advanceTimersByTimeAsync(1);
    expect(vi.getTimerCount()).toBe(1);
    await reader.cancel();
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('scriptedModel with the AI SDK', () => {
  it('works with streamText', async () => {
    const model = scriptedModel(['Hello from a scripted model.']);
    const result = streamText({ model, prompt: 'Say hello' });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) chunks.push(chunk);
    expect(chunks.join('')).toBe('Hello from a scripted model.');
    expect(chunks.length).toBeGreaterThan(1);
    expect(await result.finishReason).toBe('stop');
    expect(model.calls[0]?.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Say hello' }] });
  });

  it('runs a tool loop with streamText: tool call, tool result in the next prompt, then text', async () => {
    const model = scriptedModel(({ stepIndex }) =>
      stepIndex === 0 ? { type: 'tool-call', toolName: 'get_weather', input: { city: 'Paris' } } : 'It is sunny in Paris.',
    );
    const result = streamText({
      model,
      prompt: 'Weather in Paris?',
      stopWhen: isStepCount(3),
      tools: {
        get_weather: tool({
          inputSchema: jsonSchema<{ city: string }>({ type: 'object', properties: { city: { type: 'string' } }, required: ['city'] }),
          execute: async ({ city }) => ({ city, conditions: 'sunny' }),
        }),
      },
    });
    expect(await result.text).toBe('It is sunny in Paris.');
    const toolMessage = model.calls[1]?.prompt.at(-1);
    expect(toolMessage).toMatchObject({
      role: 'tool',
      content: [{ type: 'tool-result', toolName: 'get_weather', output: { type: 'json', value: { city: 'Paris', conditions: 'sunny' } } }],
    });
    expect(model.calls[0]?.tools?.map((entry) => entry.name)).toEqual(['get_weather']);
  });

  it('works with generateText through doGenerate', async () => {
    const model = scriptedModel([[{ type: 'reasoning', text: 'Hmm.' }, { type: 'text', text: 'Forty-two.' }]]);
    const result = await generateText({ model, prompt: 'The answer?' });
    expect(result.text).toBe('Forty-two.');
    expect(result.reasoningText).toBe('Hmm.');
  });

  it('stops when streamText is aborted', async () => {
    const controller = new AbortController();
    const model = scriptedModel(['one two three four five six seven eight nine ten'], { chunkDelayMs: 20 });
    const result = streamText({ model, prompt: 'Count', abortSignal: controller.signal });
    const chunks: string[] = [];
    for await (const chunk of result.textStream) {
      chunks.push(chunk);
      if (chunks.length === 1) controller.abort();
    }
    expect(chunks.join('')).not.toBe('one two three four five six seven eight nine ten');
    expect(chunks.length).toBeLessThanOrEqual(2);
  });
});
