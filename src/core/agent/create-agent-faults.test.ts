import { MockLanguageModelV3, convertArrayToReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { InvalidModelError } from '../model/validate-model';
import { defineTool } from '../tools/define-tool';
import { AgentCommandError } from './agent-options';
import { createAgent } from './create-agent';

const usage = {
  inputTokens: { total: 1, noCache: 1, cacheRead: undefined, cacheWrite: undefined },
  outputTokens: { total: 1, text: 1, reasoning: undefined },
};
const finish = { type: 'finish' as const, finishReason: { unified: 'stop' as const, raw: undefined }, usage };

/** A stream the test pushes parts into by hand. Honors the abort signal like a real provider. */
function controlledStream(signal?: AbortSignal) {
  let controller!: ReadableStreamDefaultController<unknown>;
  const stream = new ReadableStream<unknown>({ start: (c) => void (controller = c) });
  signal?.addEventListener('abort', () => controller.error(signal.reason));
  return { stream, push: (part: unknown) => controller.enqueue(part), close: () => controller.close() };
}

const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));
const replyText = (agent: ReturnType<typeof createAgent>) =>
  agent.getState().messages.filter((message) => message.role === 'assistant').map((message) =>
    message.parts.map((part) => (part.type === 'text' ? part.text : '')).join(''));

describe('stop', () => {
  it('keeps what streamed, marks the message stopped and returns to idle', async () => {
    let push!: (part: unknown) => void;
    let called!: () => void;
    // The first run loads the loop before it calls the model: wait for the call, not for a tick.
    const modelCalled = new Promise<void>((resolve) => (called = resolve));
    const model = new MockLanguageModelV3({
      doStream: async ({ abortSignal }) => {
        const controlled = controlledStream(abortSignal);
        push = controlled.push;
        called();
        return { stream: controlled.stream as never };
      },
    });
    const agent = createAgent({ model });
    const run = agent.send('tell me a long story');
    await modelCalled;
    await nextTick();
    push({ type: 'text-start', id: '0' });
    push({ type: 'text-delta', id: '0', delta: 'Once upon ' });
    push({ type: 'text-delta', id: '0', delta: 'a time' });
    await nextTick();
    expect(agent.getState().status).toBe('running');
    await agent.stop();
    expect(await run).toEqual({ status: 'idle', error: null });
    const reply = agent.getState().messages[1]!;
    expect(reply.status).toBe('stopped');
    expect(replyText(agent)).toEqual(['Once upon a time']);
  });

  it('ends even when the provider ignores the abort signal', async () => {
    const model = new MockLanguageModelV3({ doStream: async () => ({ stream: controlledStream().stream as never }) });
    const agent = createAgent({ model });
    const run = agent.send('hang');
    await nextTick();
    await agent.stop();
    expect((await run).status).toBe('idle');
  });

  it('cancels a running tool and gives it a result', async () => {
    const model = new MockLanguageModelV3({
      doStream: { stream: convertArrayToReadableStream([{ type: 'tool-call', toolCallId: 'slow-1', toolName: 'slow', input: '{}' }, { ...finish, finishReason: { unified: 'tool-calls', raw: undefined } }]) },
    });
    let sawAbort = false;
    const slow = defineTool({
      name: 'slow',
      description: '',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => { sawAbort = true; resolve('late'); })),
    });
    const agent = createAgent({ model, tools: [slow] });
    const run = agent.send('run slow');
    while (agent.getState().toolCalls[0]?.state !== 'running') await nextTick();
    await agent.stop();
    await run;
    expect(sawAbort).toBe(true);
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'cancelled' });
    expect(agent.getState().status).toBe('idle');
  });
});

describe('model failures', () => {
  it('keeps partial text when the stream errors half-way, and retry replaces it', async () => {
    let attempt = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        attempt += 1;
        const parts: unknown[] =
          attempt === 1
            ? [{ type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: 'Half an ans' }, { type: 'error', error: new Error('socket hang up') }]
            : [{ type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: 'A whole answer.' }, { type: 'text-end', id: '0' }, finish];
        return { stream: convertArrayToReadableStream(parts) as never };
      },
    });
    const agent = createAgent({ model, retry: { maxRetries: 0 } });
    const failed = await agent.send('question');
    expect(failed.status).toBe('error');
    expect(failed.error?.message).toContain('socket hang up');
    expect(agent.getState().status).toBe('error');
    expect(agent.getState().messages[1]!.status).toBe('error');
    expect(replyText(agent)).toEqual(['Half an ans']);

    const retried = await agent.retry();
    expect(retried).toEqual({ status: 'idle', error: null });
    expect(replyText(agent)).toEqual(['A whole answer.']);
    // The second request did not carry the failed partial answer.
    expect(model.doStreamCalls[1]!.prompt).toEqual([{ role: 'user', content: [{ type: 'text', text: 'question' }] }]);
  });

  it('retries a transient failure before any output, and says so', async () => {
    let attempt = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        attempt += 1;
        if (attempt === 1) throw Object.assign(new Error('Too many requests'), { statusCode: 429, isRetryable: true, responseHeaders: { 'retry-after-ms': '1' } });
        return { stream: convertArrayToReadableStream([{ type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: 'ok' }, finish]) as never };
      },
    });
    const agent = createAgent({ model });
    expect((await agent.send('hi')).status).toBe('idle');
    expect(attempt).toBe(2);
    const reply = agent.getState().messages[1]!;
    expect(reply.parts[0]).toMatchObject({ type: 'notice', code: 'model-retry' });
    expect(reply.parts[1]).toMatchObject({ type: 'text', text: 'ok' });
  });

  it('does not retry a non-transient failure', async () => {
    let attempts = 0;
    const model = new MockLanguageModelV3({
      doStream: async () => {
        attempts += 1;
        throw Object.assign(new Error('Unauthorized'), { statusCode: 401, isRetryable: false });
      },
    });
    const agent = createAgent({ model });
    const result = await agent.send('hi');
    expect(attempts).toBe(1);
    expect(result.error?.message).toMatch(/refused the credentials \(401\)/);
  });

  it('reports a stream that ends without finishing as interrupted', async () => {
    const model = new MockLanguageModelV3({
      doStream: { stream: convertArrayToReadableStream([{ type: 'text-start', id: '0' }, { type: 'text-delta', id: '0', delta: 'cut' }]) },
    });
    const result = await createAgent({ model }).send('hi');
    expect(result.error).toMatchObject({ code: 'model-stream-interrupted' });
  });

  it('closes unfinished tool input when the stream fails', async () => {
    const model = new MockLanguageModelV3({
      doStream: {
        stream: convertArrayToReadableStream([
          { type: 'tool-input-start', id: 't1', toolName: 'x' },
          { type: 'tool-input-delta', id: 't1', delta: '{"a":' },
          { type: 'error', error: new Error('gone') },
        ]),
      },
    });
    const agent = createAgent({ model, retry: { maxRetries: 0 }, tools: [defineTool({ name: 'x', description: '', inputSchema: { type: 'object' }, execute: () => 1 })] });
    await agent.send('hi');
    expect(agent.getState().toolCalls[0]).toMatchObject({ state: 'output-error', inputText: '{"a":' });
  });
});

describe('bad input', () => {
  const okModel = () => new MockLanguageModelV3({ doStream: { stream: convertArrayToReadableStream([finish]) } });

  it('does not send empty or whitespace-only text', async () => {
    const model = okModel();
    const agent = createAgent({ model });
    await expect(agent.send('   \n\t')).rejects.toMatchObject({ name: 'AgentCommandError', code: 'empty-message' });
    await expect(agent.send(42 as unknown as string)).rejects.toMatchObject({ code: 'invalid-message' });
    expect(agent.getState().messages).toEqual([]);
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it("refuses send while a run is active with whenBusy: 'reject'", async () => {
    const model = new MockLanguageModelV3({ doStream: async ({ abortSignal }) => ({ stream: controlledStream(abortSignal).stream as never }) });
    const agent = createAgent({ model, whenBusy: 'reject' });
    const first = agent.send('first');
    const second = agent.send('second');
    await expect(second).rejects.toBeInstanceOf(AgentCommandError);
    await expect(second).rejects.toMatchObject({ code: 'agent-busy' });
    expect(agent.getState().messages.filter((message) => message.role === 'user')).toHaveLength(1);
    await agent.stop();
    await first;
  });

  it('refuses retry when nothing failed', async () => {
    await expect(createAgent({ model: okModel() }).retry()).rejects.toMatchObject({ code: 'nothing-to-retry' });
  });

  it.each([
    [undefined, /`model` is required/],
    ['gpt-5', /is the string "gpt-5", not a model object/],
    [() => ({}), /is a function \(a provider\?\)/],
    [{ specificationVersion: 'v1', provider: 'p', modelId: 'm', doStream() {} }, /specification v1/],
    [{ specificationVersion: 'v9', provider: 'p', modelId: 'm', doStream() {} }, /expected one of v2, v3, v4/],
    [{ specificationVersion: 'v3', provider: 'p', modelId: 'm' }, /model.doStream` must be a function/],
  ])('names what is wrong with an invalid model (%#)', (model, message) => {
    expect(() => createAgent({ model: model as never })).toThrow(InvalidModelError);
    expect(() => createAgent({ model: model as never })).toThrow(message);
  });

  it('refuses bad and duplicate tool names', () => {
    const tool = (name: string) => defineTool({ name, description: '', inputSchema: { type: 'object' }, execute: () => 1 });
    expect(() => createAgent({ model: okModel(), tools: [tool('has space')] })).toThrow(/not valid/);
    expect(() => createAgent({ model: okModel(), tools: [tool('same'), tool('same')] })).toThrow(/defined twice/);
  });

  it("refuses a tab it does not know, and tab: 'sender' on a tool with execute (only onToolCall runs in another tab)", () => {
    const declared = { name: 'pick', description: '', inputSchema: { type: 'object' } } as const;
    expect(() => createAgent({ model: okModel(), tools: [defineTool({ ...declared, tab: 'focused' as never })] })).toThrow(`Tool "pick": \`tab\` must be 'leader', or 'sender' for a tool without \`execute\` (run by the app's \`onToolCall\`); got "focused".`);
    expect(() => createAgent({ model: okModel(), tools: [defineTool({ ...declared, tab: 'sender', execute: () => 1 })] })).toThrow(/must be 'leader', or 'sender' for a tool without `execute`.*got "sender"/);
    expect(() => createAgent({ model: okModel(), tools: [defineTool({ ...declared, tab: 'sender' })] })).not.toThrow();
  });
});
