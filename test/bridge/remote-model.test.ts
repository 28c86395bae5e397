import { APICallError } from '@ai-sdk/provider';
import { MockLanguageModelV4, simulateReadableStream } from 'ai/test';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool } from '../../src/core/index';
import { remoteModel } from '../../src/core/bridge/remote-model';
import { createAgentHandler } from '../../src/server/index';
import { serve, serveRaw, type Served } from './serve';

const usage = { inputTokens: { total: 10, noCache: 10, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 4, text: 4, reasoning: 0 } };
const finish = (unified: string) => ({ type: 'finish', finishReason: { unified, raw: unified }, usage });
const textStep = (words: string[]) => [{ type: 'text-start', id: 't' }, ...words.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }, finish('stop')];

/** A server-side model that plays one scripted step per call (or throws the error given for it). */
function serverModel(steps: Array<unknown[] | Error>) {
  let index = 0;
  return new MockLanguageModelV4({
    doStream: async () => {
      const step = steps[Math.min(index++, steps.length - 1)]!;
      if (step instanceof Error) throw step;
      return { stream: simulateReadableStream({ chunks: step as never[] }) };
    },
  });
}

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((served) => served.stop()));
});

async function backendWith(model: MockLanguageModelV4, authorize: (request: Request) => boolean = () => true): Promise<string> {
  const served = await serve(createAgentHandler({ basePath: '/api/agent', model, authorize, onError: () => {} }));
  open.push(served);
  return `${served.url}/api/agent`;
}

const fastRetry = { initialDelayMs: 1, maxDelayMs: 5 };

describe('remoteModel through createAgentHandler', () => {
  it('streams a reply and runs a browser tool between two server steps; the server model sees the tool result', async () => {
    const model = serverModel([
      [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'get_time', input: '{"zone":"UTC"}' }, finish('tool-calls')],
      textStep(['It is ', 'noon.']),
    ]);
    const url = await backendWith(model);
    const getTime = defineTool({ name: 'get_time', description: 'The time.', inputSchema: { type: 'object', properties: { zone: { type: 'string' } } }, execute: ({ zone }) => ({ zone, time: '12:00' }) });
    const agent = createAgent({ model: remoteModel(url), instructions: 'Be brief.', tools: [getTime] });
    const result = await agent.send('What time is it?');
    expect(result.status).toBe('idle');
    const reply = agent.getState().messages.at(-1)!;
    expect(reply.parts.filter((part) => part.type === 'text').map((part) => (part as { text: string }).text).join('')).toBe('It is noon.');
    expect(agent.getState().toolCalls[0]).toMatchObject({ name: 'get_time', state: 'output-available', output: { zone: 'UTC', time: '12:00' } });
    expect(agent.getState().usage).toMatchObject({ inputTokens: 20, outputTokens: 8 });
    const second = model.doStreamCalls[1]!;
    expect(second.prompt[0]).toEqual({ role: 'system', content: 'Be brief.' });
    expect(second.prompt.at(-1)).toEqual({ role: 'tool', content: [expect.objectContaining({ type: 'tool-result', toolCallId: 'call-1', output: { type: 'json', value: { zone: 'UTC', time: '12:00' } } })] });
    expect(second.tools).toEqual([expect.objectContaining({ name: 'get_time', description: 'The time.' })]);
  });

  it('a provider\'s sources (its search or citations) reach the reply through the server, without their provider metadata', async () => {
    const model = serverModel([
      [
        { type: 'text-start', id: 't' },
        { type: 'text-delta', id: 't', delta: 'Paris [1].' },
        { type: 'text-end', id: 't' },
        { type: 'source', sourceType: 'url', id: 's1', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris', providerMetadata: { search: { rank: 1 } } },
        { type: 'source', sourceType: 'document', id: 's2', mediaType: 'application/pdf', title: 'Atlas', filename: 'atlas.pdf' },
        finish('stop'),
      ],
    ]);
    const agent = createAgent({ model: remoteModel(await backendWith(model)) });
    await agent.send('Capital of France?');
    expect(agent.getState().messages.at(-1)!.parts.filter((part) => part.type === 'source')).toEqual([
      { type: 'source', id: expect.any(String), sourceId: 's1', sourceType: 'url', url: 'https://en.wikipedia.org/wiki/Paris', title: 'Paris' },
      { type: 'source', id: expect.any(String), sourceId: 's2', sourceType: 'document', title: 'Atlas', mediaType: 'application/pdf', filename: 'atlas.pdf' },
    ]);
  });

  it('a provider rate limit is retried by the browser, honouring the retry-after the server passed on', async () => {
    const limited = new APICallError({ message: 'slow down', url: 'https://provider', requestBodyValues: {}, statusCode: 429, responseHeaders: { 'retry-after': '0' }, isRetryable: true });
    const model = serverModel([limited, textStep(['Hello.'])]);
    const agent = createAgent({ model: remoteModel(await backendWith(model)), retry: fastRetry });
    expect((await agent.send('hi')).status).toBe('idle');
    expect(model.doStreamCalls).toHaveLength(2);
  });

  it('a refused key on the server is an error in the browser that names it, not retried', async () => {
    const refused = new APICallError({ message: 'Incorrect API key sk-secret', url: 'https://provider', requestBodyValues: {}, statusCode: 401, isRetryable: false });
    const model = serverModel([refused]);
    const agent = createAgent({ model: remoteModel(await backendWith(model)), retry: fastRetry });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain("The model provider refused the server's credentials (401)");
    expect(JSON.stringify(agent.getState())).not.toContain('sk-secret');
    expect(model.doStreamCalls).toHaveLength(1);
  });

  it('a request the server does not authorize is an error that says so, not retried', async () => {
    const model = serverModel([textStep(['never'])]);
    const agent = createAgent({ model: remoteModel(await backendWith(model, () => false)), retry: fastRetry });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    expect(result.error?.message).toBe('The agent server did not authorize the request (401): This request is not authorized.');
    expect(model.doStreamCalls).toHaveLength(0);
  });

  it('a server that is down is retried, then reported', async () => {
    const served = await serve(createAgentHandler({ basePath: '/api/agent', model: serverModel([textStep(['x'])]), authorize: () => true }));
    await served.stop();
    const agent = createAgent({ model: remoteModel(`${served.url}/api/agent`), retry: fastRetry });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    expect(result.error?.message).toMatch(new RegExp(`reach .*${served.url}/api/agent/model`, 'i'));
  });

  it('a step cut off mid-way keeps the partial text and says the reply was interrupted', async () => {
    const served = await serveRaw((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ type: 'text-start', id: 't' })}\n${JSON.stringify({ type: 'text-delta', id: 't', delta: 'The first half' })}\n`);
      setTimeout(() => response.socket?.destroy(), 20);
    });
    open.push(served);
    const agent = createAgent({ model: remoteModel(served.url), retry: { ...fastRetry, maxRetries: 0 } });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    const reply = agent.getState().messages.at(-1)!;
    expect(reply.parts[0]).toMatchObject({ type: 'text', text: 'The first half' });
    expect(result.error?.message).toMatch(/ended before the model finished|interrupted|cut off/i);
  });

  it('a server that accepts and never answers is given up at the response deadline, as unreachable (issue 26, item 1)', async () => {
    const stalled = await serveRaw(() => {});
    open.push(stalled);
    const agent = createAgent({ model: remoteModel(stalled.url, { responseTimeoutMs: 50 }), retry: { ...fastRetry, maxRetries: 1 } });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    expect(result.error?.message).toContain(`No answer from ${stalled.url}/model within 50 ms`);
    // Retried like a server that cannot be reached: two attempts.
    expect(stalled.requests).toEqual(['POST /model', 'POST /model']);
    expect(() => remoteModel('/api/agent', { idleTimeoutMs: 0 })).toThrow(/idleTimeoutMs/);
  });

  it('a step that goes silent mid-way is given up at the idle deadline; the partial text is kept (issue 26, item 1)', async () => {
    const served = await serveRaw((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ type: 'text-start', id: 't' })}\n${JSON.stringify({ type: 'text-delta', id: 't', delta: 'The first half' })}\n`);
    });
    open.push(served);
    const agent = createAgent({ model: remoteModel(served.url, { idleTimeoutMs: 50 }), retry: { ...fastRetry, maxRetries: 0 } });
    const result = await agent.send('hi');
    expect(result.status).toBe('error');
    expect(agent.getState().messages.at(-1)!.parts[0]).toMatchObject({ type: 'text', text: 'The first half' });
    expect(result.error?.message).toContain('within 50 ms');
  });

  it('a line that is not JSON ends the step with an error that says so', async () => {
    const served = await serveRaw((_request, response) => response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end('<html>gateway</html>\n'));
    open.push(served);
    const agent = createAgent({ model: remoteModel(served.url), retry: { ...fastRetry, maxRetries: 0 } });
    const result = await agent.send('hi');
    expect(result.error?.message).toContain('sent a line that is not JSON: <html>gateway</html>');
  });

  it('sends the chosen server model by name and the headers given', async () => {
    let seen: { model?: string; authorization?: string | null } = {};
    const served = await serve(
      createAgentHandler({
        basePath: '/api/agent',
        model: { fast: serverModel([textStep(['fast'])]), smart: serverModel([textStep(['smart'])]) },
        authorize: (request) => {
          seen = { authorization: request.headers.get('authorization') };
          return request.headers.get('authorization') === 'Bearer t0k3n';
        },
      }),
    );
    open.push(served);
    const agent = createAgent({ model: remoteModel(`${served.url}/api/agent`, { model: 'smart', headers: () => ({ authorization: 'Bearer t0k3n' }) }) });
    await agent.send('hi');
    expect(seen.authorization).toBe('Bearer t0k3n');
    expect(agent.getState().messages.at(-1)!.parts[0]).toMatchObject({ text: 'smart' });
    expect(agent.model).toMatchObject({ provider: 'remote', modelId: 'smart' });
  });
});
