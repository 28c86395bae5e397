import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI as createOpenAIv4 } from '@ai-sdk/openai';
import { createOpenAI as createOpenAIv2 } from '@ai-sdk/openai-v2';
import { createOpenAI as createOpenAIv3 } from '@ai-sdk/openai-v3';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type LanguageModel, type ToolCall, type ToolContentOutput } from '../../src/core/index';
import { remoteModel } from '../../src/core/bridge/remote-model';
import { toolCallTokens } from '../../src/core/context/token-estimate';
import { forSpecification } from '../../src/core/model/prompt-for-specification';
import { toProviderPrompt } from '../../src/core/model/to-provider-prompt';
import { toAnthropicMessages } from '../../src/core/providers/anthropic-prompt';
import { toChatCompletionsMessages } from '../../src/core/providers/openai-compatible-prompt';
import { createAgentHandler } from '../../src/server/index';
import { serve, type Served } from './serve';

/**
 * A tool output with media (`ToolContentOutput`, what MCP image and audio results become) reaches
 * the model as media: file parts in the tool result for the AI SDK's providers of every
 * specification version (their own request bodies are checked), image blocks for the kit's
 * Anthropic adapter, a following user message for the OpenAI-compatible one, and through
 * remoteModel to a server-side model. Never as base64 text. Issue 26, item 12.
 */
const png = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(6000, 7)]).toString('base64');
const output: ToolContentOutput = { type: 'content', value: [{ type: 'text', text: 'The chart:' }, { type: 'media', mediaType: 'image/png', data: png }] };
const call: ToolCall = { id: 'call-1', name: 'chart', messageId: 'm1', inputText: '{}', input: {}, state: 'output-available', output, audit: [] };
const prompt = toProviderPrompt({
  messages: [
    { id: 'u1', role: 'user', parts: [{ type: 'text', text: 'Draw it.' }] },
    { id: 'm1', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'call-1' }] },
  ] as never,
  toolCalls: [call],
});

/** Text of a request body with every base64 image cut out: what is left must not hold the image. */
const withoutImages = (body: string) => body.replaceAll(png, '<image>');

type Fetch = typeof globalThis.fetch;

/** The body of the provider's request (the request itself is refused, it is only read). */
async function requestBody(makeModel: (fetch: Fetch) => LanguageModel): Promise<string> {
  let body = '';
  const fetch = (async (_url: unknown, init?: { body?: unknown }) => {
    body = String(init?.body);
    throw new Error('captured');
  }) as Fetch;
  const model = makeModel(fetch);
  await Promise.resolve(model.doStream(forSpecification(model.specificationVersion, { prompt }) as never)).catch(() => {});
  return body;
}

describe('a tool result with media', () => {
  it('is a content result with a file part in the kit prompt', () => {
    const result = prompt.find((message) => message.role === 'tool')!.content[0]!.output;
    expect(result).toEqual({ type: 'content', value: [{ type: 'text', text: 'The chart:' }, { type: 'file-data', mediaType: 'image/png', data: png }] });
    // An image costs what an image costs, not its base64 length.
    expect(toolCallTokens(call, 20_000).full).toBeLessThan(1_100);
  });

  it.each([
    ['@ai-sdk/anthropic 4 (v4)', (fetch: Fetch) => createAnthropic({ apiKey: 'key', fetch })('claude-sonnet-4-5'), (body: string) => expect(body).toContain(`{"type":"image","source":{"type":"base64","media_type":"image/png","data":"${png}"}}`)],
    ['@ai-sdk/openai 4 (v4)', (fetch: Fetch) => createOpenAIv4({ apiKey: 'key', fetch }).responses('gpt-5'), (body: string) => expect(body).toContain(`{"type":"input_image","image_url":"data:image/png;base64,${png}"}`)],
    ['@ai-sdk/openai 3 (v3)', (fetch: Fetch) => createOpenAIv3({ apiKey: 'key', fetch }).responses('gpt-5'), (body: string) => expect(body).toContain(`{"type":"input_image","image_url":"data:image/png;base64,${png}"}`)],
    ['@ai-sdk/openai 2 (v2)', (fetch: Fetch) => createOpenAIv2({ apiKey: 'key', fetch }).responses('gpt-5'), (body: string) => expect(body).toContain(`{"type":"input_image","image_url":"data:image/png;base64,${png}"}`)],
  ])('reaches %s as an image', async (_name, makeModel, expectImage) => {
    const body = await requestBody(makeModel);
    expectImage(body);
    expect(withoutImages(body)).toContain('The chart:');
    expect(withoutImages(body)).not.toMatch(/iVBOR/);
  });

  it("reaches the kit's own adapters as an image", () => {
    const anthropic = toAnthropicMessages(prompt).messages.at(-1)!;
    expect(anthropic.content).toEqual([
      { type: 'tool_result', tool_use_id: 'call-1', content: [{ type: 'text', text: 'The chart:' }, { type: 'image', source: { type: 'base64', media_type: 'image/png', data: png } }] },
    ]);
    const openai = toChatCompletionsMessages(prompt);
    expect(openai.slice(-2)).toEqual([
      { role: 'tool', tool_call_id: 'call-1', content: 'The chart:\n[The tool returned a file (image/png, 6008 bytes); it is attached to the next user message.]' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } }] },
    ]);
  });

  it('leaves JSON that only looks alike as JSON', () => {
    const lookalike = { type: 'content', value: [{ type: 'text', text: 'x', extra: 1 }] };
    const result = toProviderPrompt({ messages: [{ id: 'm1', role: 'assistant', parts: [{ type: 'tool-call', toolCallId: 'call-1' }] }] as never, toolCalls: [{ ...call, output: lookalike }] });
    expect(result.at(-1)).toMatchObject({ role: 'tool', content: [{ output: { type: 'json', value: lookalike } }] });
  });
});

describe('a tool result with media through remoteModel', () => {
  const open: Served[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((served) => served.stop()));
  });

  it('reaches the server-side model as a file part', async () => {
    const usage = { inputTokens: { total: 1, noCache: 1, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 1, text: 1, reasoning: 0 } };
    const steps = [
      [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'chart', input: '{}' }, { type: 'finish', finishReason: { unified: 'tool-calls', raw: 'tool_calls' }, usage }],
      [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'A chart.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }],
    ];
    let index = 0;
    const model = new MockLanguageModelV4({ doStream: async () => ({ stream: simulateReadableStream({ chunks: steps[index++] as never[] }) }) });
    const served = await serve(createAgentHandler({ basePath: '/api/agent', model, authorize: () => true, onError: () => {} }));
    open.push(served);
    const chart = defineTool({ name: 'chart', description: 'Draws the chart.', inputSchema: { type: 'object' }, execute: () => output });
    const agent = createAgent({ model: remoteModel(`${served.url}/api/agent`), tools: [chart] });
    const sent = await agent.send('Draw it.');
    expect(sent.status, JSON.stringify(agent.getState().error)).toBe('idle');
    const toolMessage = model.doStreamCalls[1]!.prompt.find((message) => message.role === 'tool')!;
    expect(toolMessage.content[0]).toMatchObject({
      type: 'tool-result',
      output: { type: 'content', value: [{ type: 'text', text: 'The chart:' }, { type: 'file', mediaType: 'image/png', data: { type: 'data', data: png } }] },
    });
  });
});
