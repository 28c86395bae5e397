/**
 * The backend as a Next.js App Router route, written as the README says:
 * `app/api/agent/[...path]/route.ts` exporting the handler as `GET` and `POST`. Next calls a route
 * handler with the request and a context whose `params` is a promise; the handler reads the path
 * from the request's URL, so the catch-all segment needs no wiring. The browser half (remoteModel
 * and the tool bridge) talks to the exports through a fetch that routes like Next does.
 */
import { simulateReadableStream } from 'ai';
import { MockLanguageModelV4 } from 'ai/test';
import { describe, expect, it } from 'vitest';
import { createAgent, defineTool, httpToolBridge } from '../../src/core/index';
import { remoteModel } from '../../src/core/providers/index';
import { createAgentHandler } from '../../src/server/index';

/** The type Next.js checks a catch-all route's exports against. */
type NextRouteHandler = (request: Request, context: { params: Promise<{ path: string[] }> }) => Response | Promise<Response>;

const usage = { inputTokens: { total: 3, noCache: 3, cacheRead: 0, cacheWrite: 0 }, outputTokens: { total: 2, text: 2, reasoning: 0 } };
const finish = { type: 'finish', finishReason: { unified: 'stop', raw: 'stop' }, usage };

function routeModule() {
  let step = 0;
  const model = new MockLanguageModelV4({
    doStream: async () => ({
      stream: simulateReadableStream({
        chunks: (step++ === 0
          ? [{ type: 'tool-call', toolCallId: 'call-1', toolName: 'lookup', input: '{"name":"Ada"}' }, { ...finish, finishReason: { unified: 'tool-calls', raw: 'tool_calls' } }]
          : [{ type: 'text-start', id: 't' }, { type: 'text-delta', id: 't', delta: 'Ada is here.' }, { type: 'text-end', id: 't' }, finish]) as never[],
      }),
    }),
  });
  const lookup = defineTool({ name: 'lookup', description: 'Looks a name up.', inputSchema: { type: 'object', properties: { name: { type: 'string' } } }, readOnly: true, execute: ({ name }: { name?: string }) => ({ found: name }) });
  // app/api/agent/[...path]/route.ts
  const handler = createAgentHandler({ basePath: '/api/agent', model, tools: [lookup], authorize: () => true, onError: () => {} });
  const GET: NextRouteHandler = handler;
  const POST: NextRouteHandler = handler;
  return { GET, POST, model };
}

/** What Next does with a request for /api/agent/...: picks the export by method, passes the params. */
function nextFetch(route: { GET: NextRouteHandler; POST: NextRouteHandler }, requests: string[]): typeof fetch {
  return async (input, init) => {
    const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request = new Request(new URL(href, 'http://localhost:3000'), init);
    const url = new URL(request.url);
    requests.push(`${request.method} ${url.pathname}`);
    const path = url.pathname.replace(/^\/api\/agent\/?/, '').split('/').filter(Boolean);
    const handler = request.method === 'GET' ? route.GET : route.POST;
    return handler(request, { params: Promise.resolve({ path }) });
  };
}

describe('the handler as a Next.js route', () => {
  it('serves the catalog, model steps and tool calls to the browser half', async () => {
    const route = routeModule();
    const requests: string[] = [];
    const fetch = nextFetch(route, requests);
    const { tools, error } = await httpToolBridge('/api/agent', { fetch }).loadTools();
    expect(error).toBeUndefined();
    const agent = createAgent({ model: remoteModel('/api/agent', { fetch }), tools });
    expect(await agent.send('Is Ada here?')).toMatchObject({ status: 'idle' });
    expect(agent.getState().toolCalls).toMatchObject([{ name: 'lookup', state: 'output-available', output: { found: 'Ada' } }]);
    expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: 'Ada is here.' }]);
    expect(requests).toEqual(['GET /api/agent/tools', 'POST /api/agent/model', 'POST /api/agent/tools/lookup', 'POST /api/agent/model']);
    expect(route.model.doStreamCalls).toHaveLength(2);
  });
});
