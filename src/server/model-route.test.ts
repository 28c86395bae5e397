import { APICallError } from '@ai-sdk/provider';
import { customProvider } from 'ai';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { describe, expect, it } from 'vitest';
import type { ModelStepPart, ModelStepRequest } from '../core/index';
import { createAgentHandler } from './agent-handler';

const usage = { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 7, text: 5, reasoning: 2 } };
const url = 'http://localhost/api/agent/model';

function streamingModel(chunks: unknown[]) {
  return new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: chunks as never[] }) }) });
}

function failingModel(error: unknown) {
  return new MockLanguageModelV4({
    doStream: async () => {
      throw error;
    },
  });
}

const textAndToolCall = [
  { type: 'stream-start', warnings: [] },
  { type: 'reasoning-start', id: 'r1' },
  { type: 'reasoning-delta', id: 'r1', delta: 'The user wants a customer.' },
  { type: 'reasoning-end', id: 'r1' },
  { type: 'text-start', id: 't1' },
  { type: 'text-delta', id: 't1', delta: 'Looking ' },
  { type: 'text-delta', id: 't1', delta: 'it up.' },
  { type: 'text-end', id: 't1' },
  { type: 'tool-input-start', id: 'call-1', toolName: 'lookup_customer' },
  { type: 'tool-input-delta', id: 'call-1', delta: '{"email":"ada@example.com"}' },
  { type: 'tool-input-end', id: 'call-1' },
  { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup_customer', input: '{"email":"ada@example.com"}' },
  { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_use' }, usage },
];

const request: ModelStepRequest = {
  prompt: [
    { role: 'system', content: 'You are concise.' },
    { role: 'user', content: [{ type: 'text', text: 'Who is ada@example.com?' }] },
  ],
  tools: [{ type: 'function', name: 'lookup_customer', description: 'Finds a customer.', inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] } }],
  maxOutputTokens: 500,
  temperature: 0.2,
};

async function post(handler: (request: Request) => Promise<Response>, body: unknown, headers: Record<string, string> = {}) {
  const response = await handler(new Request(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) }));
  return response;
}

async function lines(response: Response): Promise<ModelStepPart[]> {
  const text = await response.text();
  return text.split('\n').filter(Boolean).map((line) => JSON.parse(line) as ModelStepPart);
}

describe('POST {base}/model', () => {
  it('streams one step as NDJSON lines in the v3 part shape: reasoning, text, the tool call, finish with usage', async () => {
    const model = streamingModel(textAndToolCall);
    const handler = createAgentHandler({ basePath: '/api/agent', model, authorize: () => true });
    const response = await post(handler, request);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson');
    expect(await lines(response)).toEqual([
      { type: 'reasoning-start', id: 'r1' },
      { type: 'reasoning-delta', id: 'r1', delta: 'The user wants a customer.' },
      { type: 'reasoning-end', id: 'r1' },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Looking ' },
      { type: 'text-delta', id: 't1', delta: 'it up.' },
      { type: 'text-end', id: 't1' },
      { type: 'tool-input-start', id: 'call-1', toolName: 'lookup_customer' },
      { type: 'tool-input-delta', id: 'call-1', delta: '{"email":"ada@example.com"}' },
      { type: 'tool-input-end', id: 'call-1' },
      { type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup_customer', input: '{"email":"ada@example.com"}' },
      {
        type: 'finish',
        finishReason: { unified: 'tool-calls', raw: 'tool_use' },
        usage: { inputTokens: { total: 12, noCache: 12, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 7, text: 5, reasoning: 2 } },
      },
    ]);
  });

  it('the model receives the system prompt, the messages and the tools as declarations, with settings capped by the server', async () => {
    const model = streamingModel(textAndToolCall);
    const handler = createAgentHandler({ basePath: '/api/agent', model, authorize: () => true, maxOutputTokens: 100 });
    await (await post(handler, request)).text();
    const call = model.doStreamCalls[0]!;
    expect(call.prompt).toEqual([
      { role: 'system', content: 'You are concise.' },
      { role: 'user', content: [{ type: 'text', text: 'Who is ada@example.com?' }] },
    ]);
    expect(call.tools).toEqual([
      expect.objectContaining({ type: 'function', name: 'lookup_customer', description: 'Finds a customer.', inputSchema: request.tools![0]!.inputSchema }),
    ]);
    expect(call.maxOutputTokens).toBe(100);
    expect(call.temperature).toBe(0.2);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('sends a conversation with tool calls and results on unchanged', async () => {
    const model = streamingModel([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Ada.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]);
    const handler = createAgentHandler({ basePath: '/api/agent', model, authorize: () => true });
    const prompt: ModelStepRequest['prompt'] = [
      { role: 'user', content: [{ type: 'text', text: 'Who?' }] },
      { role: 'assistant', content: [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup_customer', input: { email: 'ada@example.com' } }] },
      { role: 'tool', content: [{ type: 'tool-result', toolCallId: 'call-1', toolName: 'lookup_customer', output: { type: 'json', value: { name: 'Ada' } } }] },
    ];
    const parts = await lines(await post(handler, { prompt, tools: request.tools }));
    expect(parts.at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
    expect(model.doStreamCalls[0]!.prompt).toEqual(prompt.map((message) => ({ ...message })));
  });

  it("passes a user's files on to the model, and refuses a file that is not base64", async () => {
    const model = streamingModel([{ type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]);
    const handler = createAgentHandler({ basePath: '/api/agent', model, authorize: () => true });
    const file = { type: 'file' as const, mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=' };
    await (await post(handler, { prompt: [{ role: 'user', content: [file, { type: 'text', text: 'What is it?' }] }] })).text();
    expect(model.doStreamCalls[0]!.prompt).toEqual([{ role: 'user', content: [expect.objectContaining({ type: 'file', mediaType: 'image/png', filename: 'photo.png' }), { type: 'text', text: 'What is it?' }] }]);
    const forged = await post(handler, { prompt: [{ role: 'user', content: [{ ...file, data: 'https://example.com/x.png' }] }] });
    expect(forged.status).toBe(400);
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('picks a named model when the server offers several, and names them when asked for an unknown one', async () => {
    const fast = streamingModel([{ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }]);
    const smart = streamingModel([{ type: 'finish', finishReason: { unified: 'stop', raw: undefined }, usage }]);
    const handler = createAgentHandler({ basePath: '/api/agent', model: { fast, smart }, authorize: () => true });
    await (await post(handler, { ...request, model: 'smart' })).text();
    expect([fast.doStreamCalls.length, smart.doStreamCalls.length]).toEqual([0, 1]);
    await (await post(handler, request)).text();
    expect(fast.doStreamCalls).toHaveLength(1);
    const unknown = await post(handler, { ...request, model: 'gpt-9' });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ error: { code: 'unknown-model', message: 'The server has no model named "gpt-9"; it offers "fast", "smart".' } });
  });

  it('takes a gateway model id as the model (a string is a model, not an error)', async () => {
    const model = streamingModel([{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }]);
    // The AI SDK resolves string ids through the global default provider (the gateway unless set).
    const previous = globalThis.AI_SDK_DEFAULT_PROVIDER;
    globalThis.AI_SDK_DEFAULT_PROVIDER = customProvider({ languageModels: { 'openai/gpt-5-mini': model } });
    try {
      const handler = createAgentHandler({ basePath: '/api/agent', model: 'openai/gpt-5-mini', authorize: () => true });
      const response = await post(handler, request);
      expect(response.status).toBe(200);
      expect((await lines(response)).at(-1)).toMatchObject({ type: 'finish', finishReason: { unified: 'stop' } });
      expect(model.doStreamCalls).toHaveLength(1);
    } finally {
      globalThis.AI_SDK_DEFAULT_PROVIDER = previous;
    }
  });

  it('refuses a malformed body before the model is called', async () => {
    const model = streamingModel(textAndToolCall);
    const handler = createAgentHandler({ basePath: '/api/agent', model, authorize: () => true });
    const notJson = await post(handler, '{"prompt": [');
    expect([notJson.status, (await notJson.json()).error.code]).toEqual([400, 'invalid-request']);
    const wrongRole = await post(handler, { prompt: [{ role: 'admin', content: 'hi' }] });
    expect(wrongRole.status).toBe(400);
    expect((await wrongRole.json()).error.message).toMatch(/^The model request does not match the wire format: \$\.prompt\[0\]/);
    const noPrompt = await post(handler, { tools: [] });
    expect(noPrompt.status).toBe(400);
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('a provider failure is an error line with the status and retry hints, never the provider message or the key', async () => {
    const secret = 'sk-live-THIS-IS-THE-SERVER-KEY';
    const providerError = new APICallError({
      message: `Incorrect API key provided: ${secret}`,
      url: 'https://api.example.com/v1/chat',
      requestBodyValues: {},
      statusCode: 429,
      responseHeaders: { 'retry-after': '3' },
      responseBody: `{"error":"rate limited for key ${secret}"}`,
      isRetryable: true,
    });
    const logged: unknown[] = [];
    const handler = createAgentHandler({ basePath: '/api/agent', model: failingModel(providerError), authorize: () => true, onError: (error) => logged.push(error) });
    const response = await post(handler, request);
    const text = await response.text();
    expect(text).not.toContain(secret);
    expect(text.split('\n').filter(Boolean).map((line) => JSON.parse(line))).toEqual([
      { type: 'error', error: { code: 'model-error', message: 'The model provider is rate limiting the server (429). Try again shortly.', status: 429, retryable: true, retryAfterSeconds: 3 } },
    ]);
    expect(logged).toHaveLength(1);
    expect(String((logged[0] as Error).message)).toContain(secret);
  });

  it('a rejected key is not retryable and says whose credentials failed', async () => {
    const providerError = new APICallError({ message: 'bad key', url: 'https://api.example.com', requestBodyValues: {}, statusCode: 401, isRetryable: false });
    const handler = createAgentHandler({ basePath: '/api/agent', model: failingModel(providerError), authorize: () => true, onError: () => {} });
    expect(await lines(await post(handler, request))).toEqual([
      { type: 'error', error: { code: 'model-error', status: 401, retryable: false, message: "The model provider refused the server's credentials (401). The server's API key is missing, wrong or lacks access." } },
    ]);
  });

  it('answers 404 when the server has no model, and 405 for GET', async () => {
    const withoutModel = createAgentHandler({ basePath: '/api/agent', authorize: () => true });
    expect((await post(withoutModel, request)).status).toBe(404);
    const handler = createAgentHandler({ basePath: '/api/agent', model: streamingModel(textAndToolCall), authorize: () => true });
    const get = await handler(new Request(url));
    expect([get.status, get.headers.get('allow')]).toEqual([405, 'POST']);
  });
});
