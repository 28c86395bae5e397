/**
 * The backend behind Express, as apps write it: `app.use(express.json())` in front of everything,
 * the kit's handler mounted under `/api/agent`. The JSON middleware has read each body before the
 * kit sees the request; the kit takes the parsed body instead of answering "The request has no body".
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import express from 'express';
import { afterEach, describe, expect, it } from 'vitest';
import { defineTool } from '../../src/core/index';
import { createAgentHandler, toNodeHandler } from '../../src/server/index';

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

async function expressApp(): Promise<{ url: string; model: MockLanguageModelV4 }> {
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Hi there.' }, { type: 'text-end', id: 't' }, { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage }] as never[],
      }),
    }),
  });
  const lookup = defineTool({ name: 'lookup', description: 'Looks a name up.', inputSchema: { type: 'object', properties: { name: { type: 'string' } } }, execute: ({ name }: { name?: string }) => ({ found: name }) });
  const app = express();
  app.use(express.json());
  app.use('/api/agent', toNodeHandler(createAgentHandler({ model, tools: [lookup], basePath: '/api/agent', authorize: () => true, onError: () => {} })));
  server = createServer(app);
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/agent`, model };
}

describe('the handler behind Express with express.json() in front', () => {
  it('streams a model step and runs a tool with the bodies the middleware parsed', async () => {
    const { url, model } = await expressApp();
    const step = await fetch(`${url}/model`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ prompt: [{ role: 'user', content: [{ type: 'text', text: 'Hello.' }] }] }) });
    expect(step.status).toBe(200);
    const lines = (await step.text()).trim().split('\n').map((line) => JSON.parse(line) as { type: string; delta?: string });
    expect(lines.filter((line) => line.type === 'text-delta').map((line) => line.delta).join('')).toBe('Hi there.');
    expect(model.doStreamCalls[0]!.prompt.at(-1)).toMatchObject({ role: 'user', content: [{ type: 'text', text: 'Hello.' }] });

    const tool = await fetch(`${url}/tools/lookup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ toolCallId: 'c1', input: { name: 'Ada' } }) });
    expect(tool.status).toBe(200);
    expect(await tool.text()).toContain('"found":"Ada"');

    const catalog = await fetch(`${url}/tools`);
    expect(await catalog.json()).toMatchObject({ tools: [{ name: 'lookup' }] });
  });
});
