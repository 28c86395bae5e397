import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, defineTool, type Agent } from '../../src/core/index';
import { httpToolBridge } from '../../src/core/bridge/http-tool-bridge';
import { createAgentHandler } from '../../src/server/index';
import { scriptedModel, text, toolCall } from '../../src/testing/index';
import { expectValidToolHistory, lastRequest, resultFor, resultText } from '../conformance/helpers';
import { serve, serveRaw, type Served } from './serve';

const customers = [{ id: 'c1', email: 'ada@example.com', name: 'Ada Lovelace', plan: 'pro' }];
let executions = 0;
let toolSignal: AbortSignal | undefined;

const serverTools = [
  defineTool({
    name: 'lookup_customer',
    description: 'Finds a customer by email.',
    inputSchema: { type: 'object', properties: { email: { type: 'string' } }, required: ['email'] },
    readOnly: true,
    idempotent: true,
    category: 'crm',
    execute: ({ email }) => {
      executions++;
      const customer = customers.find((candidate) => candidate.email === email);
      if (!customer) throw new Error(`No customer with the email ${email}.`);
      return customer;
    },
  }),
  defineTool({
    name: 'export_orders',
    description: 'Exports orders.',
    inputSchema: { type: 'object', properties: {} },
    needsApproval: true,
    async *execute() {
      yield 'half way';
      yield { rows: 2 };
    },
  }),
  defineTool({
    name: 'slow_report',
    description: 'Takes long; the server gives it 50 ms.',
    inputSchema: { type: 'object', properties: {} },
    timeoutMs: 50,
    execute: (_input, { signal }) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped')))),
  }),
  defineTool({
    name: 'wait_for_stop',
    description: 'Runs until stopped.',
    inputSchema: { type: 'object', properties: {} },
    execute: (_input, { signal }) => {
      toolSignal = signal;
      return new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('stopped'))));
    },
  }),
];

const open: Served[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((served) => served.stop()));
  executions = 0;
  toolSignal = undefined;
});

async function backend(): Promise<Served> {
  const served = await serve(createAgentHandler({ basePath: '/api/agent', tools: serverTools, authorize: () => true, onError: () => {} }));
  open.push(served);
  return served;
}

/** An agent whose model calls `name` once, then says "Done."; backend tools run without asking. */
async function runOnce(agent: (model: ReturnType<typeof scriptedModel>) => Agent, name: string, input: object) {
  const model = scriptedModel([toolCall(name, input, 'call-1'), text('Done.')]);
  const instance = agent(model);
  const result = await instance.send('go');
  const prompt = lastRequest(model);
  expectValidToolHistory(prompt);
  return { result, output: resultFor(prompt, 'call-1'), state: instance.getState() };
}

describe('httpToolBridge against createAgentHandler', () => {
  it('loads the catalog as tools with the server hints, and the model receives the server result', async () => {
    const served = await backend();
    const bridge = httpToolBridge(`${served.url}/api/agent`);
    const { tools, unavailable } = await bridge.loadTools();
    expect(unavailable).toEqual([]);
    expect(tools.map((tool) => [tool.name, tool.readOnly, tool.idempotent, tool.needsApproval, tool.category])).toEqual([
      ['lookup_customer', true, true, false, 'crm'],
      ['export_orders', false, false, true, 'backend'],
      ['slow_report', false, false, false, 'backend'],
      ['wait_for_stop', false, false, false, 'backend'],
    ]);
    const { output, result, state } = await runOnce((model) => createAgent({ model, tools }), 'lookup_customer', { email: 'ada@example.com' });
    expect(output).toEqual({ type: 'json', value: customers[0] });
    expect(result.status).toBe('idle');
    expect(state.toolCalls[0]).toMatchObject({ name: 'lookup_customer', state: 'output-available', output: customers[0] });
    expect(served.requests).toEqual(['GET /api/agent/tools', 'POST /api/agent/tools/lookup_customer']);
  });

  it('a tool that needs approval waits for it in the browser, then runs on the server', async () => {
    const served = await backend();
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const model = scriptedModel([toolCall('export_orders', {}, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, tools });
    expect((await agent.send('export')).status).toBe('awaiting-people');
    expect(served.requests).toEqual(['GET /api/agent/tools']);
    await agent.approve('call-1');
    expect(resultFor(lastRequest(model), 'call-1')).toEqual({ type: 'json', value: { rows: 2 } });
    expect(agent.getState().toolCalls[0]!.state).toBe('output-available');
  });

  it('the server failure message reaches the model as the error result, worded once', async () => {
    const served = await backend();
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const { output, result } = await runOnce((model) => createAgent({ model, tools }), 'lookup_customer', { email: 'bob@example.com' });
    expect(output).toEqual({ type: 'error-text', value: 'The tool "lookup_customer" failed: No customer with the email bob@example.com.' });
    expect(result.status).toBe('idle');
  });

  it('the server time limit ends the call with the server message', async () => {
    const served = await backend();
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const { output } = await runOnce((model) => createAgent({ model, tools, permissions: { mode: 'auto', allow: ['slow_report'] } }), 'slow_report', {});
    expect(output).toEqual({ type: 'error-text', value: 'The tool "slow_report" timed out after 50 ms and was stopped.' });
  });

  it('the server validates too: a browser declaration looser than the server schema gets the server message', async () => {
    const served = await backend();
    const loose = httpToolBridge(`${served.url}/api/agent`).bind(defineTool({ name: 'lookup_customer', description: 'Finds a customer.', inputSchema: { type: 'object' } }));
    const { output } = await runOnce((model) => createAgent({ model, tools: [loose], permissions: { allow: ['lookup_customer'] } }), 'lookup_customer', { mail: 'ada@example.com' });
    expect(resultText(output)).toMatch(/^Invalid arguments for "lookup_customer": \$\.email: required property is missing/);
    expect(executions).toBe(0);
  });

  it('stopping the run aborts the tool on the server', async () => {
    const served = await backend();
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const model = scriptedModel([toolCall('wait_for_stop', {}, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, tools, permissions: { allow: ['wait_for_stop'] } });
    const run = agent.send('go');
    await expect.poll(() => toolSignal).toBeDefined();
    await agent.stop();
    await run;
    expect(agent.getState().toolCalls[0]!.state).toBe('cancelled');
    await expect.poll(() => toolSignal?.aborted).toBe(true);
  });

  it('progress from the server reaches the call while it runs', async () => {
    const served = await backend();
    const { tools } = await httpToolBridge(`${served.url}/api/agent`).loadTools();
    const model = scriptedModel([toolCall('export_orders', {}, 'call-1'), text('Done.')]);
    const agent = createAgent({ model, tools, permissions: { allow: ['export_orders'] } });
    const progress: unknown[] = [];
    agent.subscribe((state) => {
      const value = state.toolCalls[0]?.progress;
      if (value !== undefined && progress.at(-1) !== value) progress.push(value);
    });
    await agent.send('go');
    expect(progress).toEqual(['half way', { rows: 2 }]);
  });
});

describe('httpToolBridge when the server fails', () => {
  const declaration = (idempotent: boolean) => defineTool({ name: 'lookup_customer', description: 'Finds a customer.', inputSchema: { type: 'object' }, idempotent });
  const agentFor = (url: string, idempotent = false) => (model: ReturnType<typeof scriptedModel>) =>
    createAgent({ model, tools: [httpToolBridge(url, { retryDelayMs: 1 }).bind(declaration(idempotent))], permissions: { allow: ['lookup_customer'] } });

  it('a server that is down: a clear error result, and the run goes on to the next step', async () => {
    const served = await backend();
    await served.stop();
    const { output, result, state } = await runOnce(agentFor(`${served.url}/api/agent`), 'lookup_customer', { email: 'ada@example.com' });
    expect(resultText(output)).toMatch(new RegExp(`^The tool "lookup_customer" could not run: the tool server at ${served.url}/api/agent could not be reached \\(.+\\)\\. Is it running\\?$`));
    expect(result.status).toBe('idle');
    expect(state.messages.at(-1)).toMatchObject({ role: 'assistant', status: 'done' });
  });

  it('a 500 is an error result naming the status; nothing is retried', async () => {
    const served = await serveRaw((_request, response) => response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { code: 'internal-error', message: 'Internal server error.' } })));
    open.push(served);
    const { output } = await runOnce(agentFor(served.url, true), 'lookup_customer', {});
    expect(resultText(output)).toBe('The tool "lookup_customer" could not run: the tool server answered 500 (Internal server error.).');
    expect(served.requests).toHaveLength(1);
  });

  it('a 503 is retried for an idempotent tool, and not for another', async () => {
    const flaky = () => serveRaw((_request, response, index) => {
      if (index === 0) return response.writeHead(503).end('busy');
      response.writeHead(200, { 'content-type': 'application/x-ndjson' }).end(`${JSON.stringify({ type: 'output', value: { name: 'Ada' } })}\n`);
    });
    const idempotentServer = await flaky();
    const otherServer = await flaky();
    open.push(idempotentServer, otherServer);
    expect((await runOnce(agentFor(idempotentServer.url, true), 'lookup_customer', {})).output).toEqual({ type: 'json', value: { name: 'Ada' } });
    expect(idempotentServer.requests).toHaveLength(2);
    expect(resultText((await runOnce(agentFor(otherServer.url, false), 'lookup_customer', {})).output)).toBe('The tool "lookup_customer" could not run: the tool server answered 503 (busy).');
    expect(otherServer.requests).toHaveLength(1);
  });

  it('malformed data is an error result that says so', async () => {
    const served = await serveRaw((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html>proxy login</html>\n'));
    open.push(served);
    const { output } = await runOnce(agentFor(served.url), 'lookup_customer', {});
    expect(resultText(output)).toBe('The tool "lookup_customer" could not run: the tool server sent data that is not the tool protocol (<html>proxy login</html>).');
  });

  it('a connection cut before the result is an error result that says the tool may not have finished', async () => {
    const served = await serveRaw((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/x-ndjson' });
      response.write(`${JSON.stringify({ type: 'progress', value: 'working' })}\n`);
      setTimeout(() => response.socket?.destroy(), 20);
    });
    open.push(served);
    const { output } = await runOnce(agentFor(served.url), 'lookup_customer', {});
    expect(resultText(output)).toBe('The tool "lookup_customer" may not have finished: the connection to the tool server closed before its result arrived.');
  });

  it('a server that does not answer in time: the browser time limit ends the call', async () => {
    const served = await serveRaw(() => {});
    open.push(served);
    const bridge = httpToolBridge(served.url);
    const tool = bridge.bind(defineTool({ name: 'lookup_customer', description: 'Finds.', inputSchema: { type: 'object' }, timeoutMs: 50 }));
    const { output } = await runOnce((model) => createAgent({ model, tools: [tool], permissions: { allow: ['lookup_customer'] } }), 'lookup_customer', {});
    expect(resultText(output)).toBe('The tool "lookup_customer" timed out after 50 ms and was stopped.');
  });

  it('loadTools answers a catalog it cannot have with no tools and the reason, never a rejection', async () => {
    const down = await backend();
    await down.stop();
    const unreachable = await httpToolBridge(`${down.url}/api/agent`).loadTools();
    const reason = new RegExp(`^The tool server at ${down.url}/api/agent could not be reached \\(.+\\)\\. Is it running\\?$`);
    expect(unreachable.tools).toEqual([]);
    expect(unreachable.error?.message).toMatch(reason);
    expect(unreachable.unavailable).toEqual([{ source: `${down.url}/api/agent`, error: unreachable.error!.message }]);
    const refusing = await serve(createAgentHandler({ basePath: '/api/agent', authorize: () => false }));
    open.push(refusing);
    expect((await httpToolBridge(`${refusing.url}/api/agent`).loadTools()).error?.message).toBe(`The tool server at ${refusing.url}/api/agent answered 401 (This request is not authorized.) for its tool catalog.`);
    const garbage = await serveRaw((_request, response) => response.writeHead(200).end('{"tools": 3}'));
    open.push(garbage);
    expect((await httpToolBridge(garbage.url).loadTools()).error?.message).toBe(`The tool server at ${garbage.url} sent a tool catalog that is not the expected format.`);
    // Only the caller's own abort rejects.
    const controller = new AbortController();
    controller.abort(new Error('left the page'));
    await expect(httpToolBridge(`${refusing.url}/api/agent`).loadTools({ signal: controller.signal })).rejects.toThrow('left the page');
  });

  it('a catalog server that accepts and never answers is given up at the deadline, as unreachable (issue 26, item 1)', async () => {
    const stalled = await serveRaw(() => {});
    open.push(stalled);
    const loaded = await httpToolBridge(stalled.url, { catalogTimeoutMs: 50 }).loadTools();
    expect(loaded.tools).toEqual([]);
    expect(loaded.error?.message).toBe(`The tool server at ${stalled.url} could not be reached (No answer from ${stalled.url}/tools within 50 ms (waiting for the whole answer); the request was given up.). Is it running?`);
    // Headers, then nothing: the whole answer must come within the deadline.
    const halfway = await serveRaw((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).write('{"tools": ['));
    open.push(halfway);
    expect((await httpToolBridge(halfway.url, { catalogTimeoutMs: 50 }).loadTools()).error?.message).toContain('within 50 ms');
    expect(() => httpToolBridge('/api/agent', { catalogTimeoutMs: -5 })).toThrow(/catalogTimeoutMs/);
  });

  it('a page started while its backend is down still chats: the README pattern degrades to no server tools', async () => {
    const down = await backend();
    await down.stop();
    const { tools, unavailable } = await httpToolBridge(`${down.url}/api/agent`).loadTools();
    const agent = createAgent({ model: scriptedModel([text('Hello! The server tools are not here right now.')]), tools });
    expect(await agent.send('hi')).toMatchObject({ status: 'idle' });
    expect(agent.getState().messages.at(-1)!.parts).toMatchObject([{ type: 'text', text: 'Hello! The server tools are not here right now.' }]);
    expect(unavailable[0]!.error).toMatch(/could not be reached/);
    // When it is back, loading again brings the tools.
    const up = await backend();
    expect((await httpToolBridge(`${up.url}/api/agent`).loadTools()).tools.map((tool) => tool.name)).toContain('lookup_customer');
  });

  it('bind refuses a tool that already runs in the browser', () => {
    expect(() => httpToolBridge('/api/agent').bind(defineTool({ name: 'x', description: '', inputSchema: { type: 'object' }, execute: () => 1 }))).toThrow(/bind declarations only/);
  });
});

describe('httpToolBridge reads every answer to its end', () => {
  it('a tool answer is read past its result line, not cancelled (no net::ERR_ABORTED in the network panel)', async () => {
    let cancelled = false;
    let closedByServer = false;
    const fetch = async () => {
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'output', value: { ok: true } })}\n`));
          // The server closes a moment after the result line, as a real one does.
          setTimeout(() => {
            closedByServer = true;
            controller.close();
          }, 20);
        },
        cancel() {
          cancelled = true;
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    };
    const bridge = httpToolBridge('http://server/api/agent', { fetch });
    const output = await bridge.run('lookup', {}, { signal: new AbortController().signal, toolCallId: 'call-1', reportProgress: () => {} });
    expect(output).toEqual({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(closedByServer).toBe(true);
    expect(cancelled).toBe(false);
  });

  it('a stop that comes after the result does not cancel the request while its last bytes arrive', async () => {
    let requestSignal: AbortSignal | undefined;
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      requestSignal = init?.signal ?? undefined;
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode(`${JSON.stringify({ type: 'output', value: { ok: true } })}\n`));
          setTimeout(() => controller.close(), 20);
        },
      });
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    };
    const bridge = httpToolBridge('http://server/api/agent', { fetch });
    const run = new AbortController();
    const output = await bridge.run('lookup', {}, { signal: run.signal, toolCallId: 'call-1', reportProgress: () => {} });
    expect(output).toEqual({ ok: true });
    // The run is stopped (or its agent disposed) at once: the call has its result, so the request it made is left to finish.
    run.abort(new DOMException('Stopped by the user.', 'AbortError'));
    expect(requestSignal?.aborted).toBe(false);
  });

  it('a stop before the result still aborts the request', async () => {
    let requestSignal: AbortSignal | undefined;
    const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      requestSignal = init?.signal ?? undefined;
      // As a real fetch does, an aborted request errors its body.
      const body = new ReadableStream<Uint8Array>({ start: (controller) => init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason)) });
      return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
    };
    const bridge = httpToolBridge('http://server/api/agent', { fetch });
    const run = new AbortController();
    const pending = bridge.run('lookup', {}, { signal: run.signal, toolCallId: 'call-1', reportProgress: () => {} });
    await new Promise((resolve) => setTimeout(resolve, 10));
    run.abort(new DOMException('Stopped by the user.', 'AbortError'));
    await expect(pending).rejects.toThrow();
    expect(requestSignal?.aborted).toBe(true);
  });
});
