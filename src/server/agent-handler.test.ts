import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool, type ToolCallLine } from '../core/index';
import { createAgentHandler, type AgentHandlerOptions } from './agent-handler';

const base = 'http://localhost/api/agent';
const customers = [{ id: 'c1', email: 'ada@example.com', name: 'Ada Lovelace' }];

const lookupCustomer = defineTool({
  name: 'lookup_customer',
  description: 'Finds a customer by email.',
  inputSchema: { type: 'object', properties: { email: { type: 'string', format: 'email' } }, required: ['email'], additionalProperties: false },
  readOnly: true,
  idempotent: true,
  category: 'crm',
  execute: ({ email }) => {
    const customer = customers.find((candidate) => candidate.email === email);
    if (!customer) throw new Error(`No customer with the email ${email}.`);
    return customer;
  },
});
const refund = defineTool({
  name: 'refund',
  description: 'Refunds an order.',
  inputSchema: z.object({ orderId: z.string(), cents: z.number().int().positive() }),
  needsApproval: ({ cents }) => cents > 10_000,
  timeoutMs: 30,
  execute: ({ orderId }, { signal }) =>
    new Promise((resolve, reject) => {
      if (orderId === 'slow') signal.addEventListener('abort', () => reject(new Error('aborted')));
      else resolve({ refunded: orderId });
    }),
});
const exportOrders = defineTool({
  name: 'export_orders',
  description: 'Exports orders, reporting progress.',
  inputSchema: { type: 'object', properties: {} },
  needsApproval: true,
  async *execute() {
    yield { done: 0, of: 2 };
    yield { done: 1, of: 2 };
    yield { file: 'orders.csv', rows: 2 };
  },
});

function handlerWith(options: Partial<AgentHandlerOptions> = {}) {
  return createAgentHandler({ basePath: '/api/agent', tools: [lookupCustomer, refund, exportOrders], authorize: () => true, onError: () => {}, ...options });
}

function callTool(handler: (request: Request) => Promise<Response>, name: string, body: unknown, init: RequestInit = {}) {
  return handler(new Request(`${base}/tools/${name}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body), ...init }));
}

async function toolLines(response: Response): Promise<ToolCallLine[]> {
  expect(response.status).toBe(200);
  return (await response.text()).split('\n').filter(Boolean).map((line) => JSON.parse(line) as ToolCallLine);
}

describe('createAgentHandler', () => {
  it('requires authorize, and refuses a CORS wildcard, a bad basePath and a bad tool list at creation', () => {
    expect(() => createAgentHandler({} as AgentHandlerOptions)).toThrow(/`authorize\(request\)` is required/);
    expect(() => handlerWith({ cors: { origins: ['*'] } })).toThrow(/does not take "\*"/);
    expect(() => handlerWith({ cors: { origins: ['https://app.example.com/'] } })).toThrow(/did you mean "https:\/\/app.example.com"/);
    expect(() => handlerWith({ basePath: 'api' })).toThrow(/must start with "\/"/);
    expect(() => handlerWith({ tools: [lookupCustomer, lookupCustomer] })).toThrow(/defined twice/);
    expect(() => handlerWith({ maxBodyBytes: 0 })).toThrow(/`maxBodyBytes` must be a positive number/);
    expect(() => handlerWith({ bodyTimeoutMs: Number.NaN })).toThrow(/`bodyTimeoutMs` must be a positive number/);
  });

  it('runs authorize before every route: false is 401, a Response is returned as it is', async () => {
    const seen: string[] = [];
    const handler = handlerWith({
      authorize: (request) => {
        seen.push(`${request.method} ${new URL(request.url).pathname}`);
        if (request.headers.get('authorization') === 'Bearer good') return true;
        if (request.headers.get('authorization') === 'Bearer banned') return new Response('banned', { status: 403 });
        return false;
      },
    });
    const anonymous = await handler(new Request(`${base}/tools`));
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { error: { code: 'unauthorized', message: 'This request is not authorized.' } }]);
    expect((await callTool(handler, 'lookup_customer', { input: { email: 'ada@example.com' } })).status).toBe(401);
    expect((await handler(new Request(`${base}/model`, { method: 'POST', body: '{}' }))).status).toBe(401);
    const banned = await handler(new Request(`${base}/tools`, { headers: { authorization: 'Bearer banned' } }));
    expect([banned.status, await banned.text()]).toEqual([403, 'banned']);
    expect((await handler(new Request(`${base}/tools`, { headers: { authorization: 'Bearer good' } }))).status).toBe(200);
    expect(seen).toEqual(['GET /api/agent/tools', 'POST /api/agent/tools/lookup_customer', 'POST /api/agent/model', 'GET /api/agent/tools', 'GET /api/agent/tools']);
  });

  it('a throwing authorize is a generic 500; the error goes to onError only', async () => {
    const logged: unknown[] = [];
    const handler = handlerWith({ authorize: () => { throw new Error('session store at redis://admin:hunter2@10.0.0.5 is down'); }, onError: (error) => logged.push(error) });
    const response = await handler(new Request(`${base}/tools`));
    expect([response.status, await response.json()]).toEqual([500, { error: { code: 'internal-error', message: 'Internal server error.' } }]);
    expect(logged).toHaveLength(1);
  });

  it('answers unknown routes with 404 and wrong methods with 405', async () => {
    const handler = handlerWith();
    expect((await handler(new Request(`${base}/nope`))).status).toBe(404);
    expect((await handler(new Request('http://localhost/elsewhere'))).status).toBe(404);
    const post = await handler(new Request(`${base}/tools`, { method: 'POST', body: '{}' }));
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET']);
    expect((await handler(new Request(`${base}/tools/lookup_customer`))).status).toBe(405);
  });
});

describe('GET {base}/tools', () => {
  it('lists declarations with approval, read-only, idempotency and time-limit hints, and no functions', async () => {
    const response = await handlerWith()(new Request(`${base}/tools`));
    expect(response.headers.get('content-type')).toBe('application/json');
    const catalog = await response.json();
    expect(catalog.unavailable).toEqual([]);
    expect(catalog.tools.map((tool: { name: string }) => tool.name)).toEqual(['lookup_customer', 'refund', 'export_orders']);
    expect(catalog.tools[0]).toEqual({
      name: 'lookup_customer',
      description: 'Finds a customer by email.',
      inputSchema: lookupCustomer.inputSchema,
      needsApproval: false,
      readOnly: true,
      idempotent: true,
      category: 'crm',
    });
    expect(catalog.tools[1]).toMatchObject({ name: 'refund', needsApproval: 'depends-on-input', readOnly: false, idempotent: false, timeoutMs: 30 });
    expect(catalog.tools[1].inputSchema).toMatchObject({ type: 'object', properties: { orderId: { type: 'string' }, cents: { type: 'integer' } } });
    expect(catalog.tools[2]).toMatchObject({ name: 'export_orders', needsApproval: true });
  });
});

describe('POST {base}/tools/{name}', () => {
  it('runs a catalog tool and streams its output', async () => {
    expect(await toolLines(await callTool(handlerWith(), 'lookup_customer', { input: { email: 'ada@example.com' }, toolCallId: 'call-1' }))).toEqual([
      { type: 'output', value: customers[0] },
    ]);
  });

  it('streams progress lines, then the last value as the output', async () => {
    expect(await toolLines(await callTool(handlerWith(), 'export_orders', { input: {} }))).toEqual([
      { type: 'progress', value: { done: 0, of: 2 } },
      { type: 'progress', value: { done: 1, of: 2 } },
      { type: 'progress', value: { file: 'orders.csv', rows: 2 } },
      { type: 'output', value: { file: 'orders.csv', rows: 2 } },
    ]);
  });

  it('validates the input before the tool runs (JSON Schema and Standard Schema alike)', async () => {
    const handler = handlerWith();
    expect(await toolLines(await callTool(handler, 'lookup_customer', { input: { email: 42 } }))).toEqual([
      { type: 'error', code: 'invalid-input', message: expect.stringMatching(/^Invalid arguments for "lookup_customer": \$\.email/) },
    ]);
    expect(await toolLines(await callTool(handler, 'refund', { input: { orderId: 'o1', cents: -5 } }))).toEqual([
      { type: 'error', code: 'invalid-input', message: expect.stringMatching(/^Invalid arguments for "refund": \$\.cents/) },
    ]);
  });

  it('a thrown error is an error line with its message, or a generic one with redactToolErrors; onError gets it', async () => {
    const logged: unknown[] = [];
    expect(await toolLines(await callTool(handlerWith({ onError: (error) => logged.push(error) }), 'lookup_customer', { input: { email: 'bob@example.com' } }))).toEqual([
      { type: 'error', code: 'failed', message: 'The tool "lookup_customer" failed: No customer with the email bob@example.com.' },
    ]);
    expect(await toolLines(await callTool(handlerWith({ redactToolErrors: true }), 'lookup_customer', { input: { email: 'bob@example.com' } }))).toEqual([
      { type: 'error', code: 'failed', message: 'The tool "lookup_customer" failed on the server.' },
    ]);
    expect(logged).toHaveLength(1);
  });

  it("runs a tool's init once per handler before its first call, also when calls come at once; a failed init is tried again", async () => {
    let inits = 0;
    let open = false;
    const database = defineTool({
      name: 'query',
      description: 'Queries.',
      inputSchema: { type: 'object', properties: { n: { type: 'number' } }, required: ['n'] },
      init: async () => {
        inits += 1;
        if (inits === 1) throw new Error('not reachable yet');
        await Promise.resolve();
        open = true;
      },
      execute: ({ n }) => (open ? n : 'not open'),
    });
    const handler = handlerWith({ tools: [database] });
    expect(await toolLines(await callTool(handler, 'query', { input: { n: 0 } }))).toEqual([
      { type: 'error', code: 'failed', message: 'The tool "query" could not start (its init failed: not reachable yet), so it did not run. The next call tries to start it again.' },
    ]);
    const lines = await Promise.all([1, 2, 3].map(async (n) => toolLines(await callTool(handler, 'query', { input: { n } }))));
    expect(lines).toEqual([[{ type: 'output', value: 1 }], [{ type: 'output', value: 2 }], [{ type: 'output', value: 3 }]]);
    expect(inits).toBe(2);
  });

  it('stops a tool at its time limit, aborting it', async () => {
    expect(await toolLines(await callTool(handlerWith(), 'refund', { input: { orderId: 'slow', cents: 5 } }))).toEqual([
      { type: 'error', code: 'timeout', message: 'The tool "refund" timed out after 30 ms and was stopped.' },
    ]);
  });

  it('aborts the tool when the client goes away', async () => {
    let aborted = false;
    const waiting = defineTool({
      name: 'wait',
      description: 'Waits.',
      inputSchema: { type: 'object' },
      execute: (_input, { signal }) => new Promise((resolve) => signal.addEventListener('abort', () => resolve((aborted = true)))),
    });
    const controller = new AbortController();
    const response = await callTool(handlerWith({ tools: [waiting] }), 'wait', { input: {} }, { signal: controller.signal });
    const reading = response.text().catch(() => 'cancelled');
    controller.abort();
    await reading;
    await expect.poll(() => aborted).toBe(true);
  });

  it('runs only catalog tools: unknown names, prototype keys and undecodable names are 404', async () => {
    const handler = handlerWith();
    for (const name of ['delete_everything', '__proto__', 'constructor', '%E0%A4%A']) {
      const response = await callTool(handler, name, { input: {} });
      expect(response.status, name).toBe(404);
      expect((await response.json()).error.code).toBe('unknown-tool');
    }
  });

  it('refuses a malformed body (400) and a body over the limit (413) without running anything', async () => {
    const handler = handlerWith({ maxBodyBytes: 100 });
    const notJson = await callTool(handler, 'lookup_customer', '{"input":');
    expect([notJson.status, (await notJson.json()).error.code]).toEqual([400, 'invalid-request']);
    const noInput = await callTool(handler, 'lookup_customer', { email: 'ada@example.com' });
    expect([noInput.status, (await noInput.json()).error.message]).toEqual([400, 'Send `{ "input": … }`: the tool call\'s arguments as the `input` field.']);
    const big = await callTool(handler, 'lookup_customer', { input: { email: 'a'.repeat(200) } });
    expect([big.status, await big.json()]).toEqual([413, { error: { code: 'body-too-large', message: 'The request body exceeds 100 bytes.' } }]);
  });
});

describe('CORS', () => {
  it('sends no CORS header unless configured', async () => {
    const response = await handlerWith()(new Request(`${base}/tools`, { headers: { origin: 'https://evil.example' } }));
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await handlerWith()(new Request(`${base}/tools`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }));
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('answers preflights and adds headers for the configured origins only', async () => {
    const handler = handlerWith({ cors: { origins: ['https://app.example.com'], credentials: true } });
    const preflight = await handler(new Request(`${base}/model`, { method: 'OPTIONS', headers: { origin: 'https://app.example.com', 'access-control-request-headers': 'content-type, authorization' } }));
    expect(preflight.status).toBe(204);
    expect(Object.fromEntries(preflight.headers)).toMatchObject({
      'access-control-allow-origin': 'https://app.example.com',
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'GET, POST, OPTIONS',
      'access-control-allow-headers': 'content-type, authorization',
    });
    const allowed = await handler(new Request(`${base}/tools`, { headers: { origin: 'https://app.example.com' } }));
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await handler(new Request(`${base}/tools`, { headers: { origin: 'https://evil.example' } }));
    expect([other.headers.get('access-control-allow-origin'), other.headers.get('vary')]).toEqual([null, 'Origin']);
    expect((await handler(new Request(`${base}/tools`, { method: 'OPTIONS', headers: { origin: 'https://evil.example' } }))).status).toBe(403);
  });

  it('adds its headers to a response with immutable headers (a redirect from authorize) by copying it', async () => {
    const handler = handlerWith({ cors: { origins: ['https://app.example.com'] }, authorize: () => Response.redirect('https://login.example.com/', 302) });
    const response = await handler(new Request(`${base}/tools`, { headers: { origin: 'https://app.example.com' } }));
    expect([response.status, response.headers.get('location'), response.headers.get('vary'), response.headers.get('access-control-allow-origin')]).toEqual([
      302,
      'https://login.example.com/',
      'Origin',
      'https://app.example.com',
    ]);
  });
});
